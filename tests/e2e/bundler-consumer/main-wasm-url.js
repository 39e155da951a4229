// For bundlers that do not follow new URL('…', import.meta.url) (esbuild): the engine's file is
// imported through the package's "attention-lab/wasm/…" export, which the bundler copies (esbuild:
// --loader:.wasm=file) and turns into its URL, and handed over as wasmUrl.
import { loadAttentionLab } from 'attention-lab';
import engineUrl from 'attention-lab/wasm/attention-core.wasm';
import { show } from './show.js';

show(loadAttentionLab({ wasmUrl: new URL(engineUrl, document.baseURI) }));
