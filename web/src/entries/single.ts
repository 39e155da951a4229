// Entry of the offline single file (npm run build:single): the full page with the engine's wasm
// inlined, built as a classic script so that it runs from file:// (see scripts/offline/).
import { startPage } from '../page.js';
import { inlinedWasm } from './inline-wasm.js';
import '../styles/index.css';

void startPage({ load: { wasmBinary: inlinedWasm() } });
