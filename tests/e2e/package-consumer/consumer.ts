// A TypeScript project using the installed package, type-checked (never run) under
// moduleResolution "bundler" and "node16": both must find the declarations through the "types"
// condition of the package's "exports" map.
import { AttentionError, loadAttentionLab } from 'attention-lab';
import type { AttentionLab, AttentionTrace, LoadOptions } from 'attention-lab';

const options: LoadOptions = { locateFile: (file: string) => `/engine/${file}` };
const lab: AttentionLab = await loadAttentionLab(options);
const trace: AttentionTrace = lab.attention({ query: [[1, 2]], key: [[1, 0], [0, 1], [1, 1]], value: [[0.5, 0.3], [0.8, 0.2], [0.1, 0.9]] });
const output: number[][] = trace.output;
const elsewhere: LoadOptions = { wasmUrl: new URL('https://example.org/attention-core.wasm') };
console.log(output, await loadAttentionLab(elsewhere));

try {
  // @ts-expect-error: key is required
  lab.attention({ query: [[1, 2]], value: [[1]] });
} catch (error) {
  if (error instanceof AttentionError) console.log(error.argument);
}
// @ts-expect-error: wasmUrl is a string or a URL
await loadAttentionLab({ wasmUrl: 42 });
