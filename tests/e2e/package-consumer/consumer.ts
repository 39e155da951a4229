// A TypeScript project using the installed package, type-checked (never run) under
// moduleResolution "bundler" and "node16": both must find the declarations through the "types"
// condition of the package's "exports" map.
import { AttentionError, loadAttentionLab } from 'attention-lab';
import type { AttentionLab, AttentionTrace, KvCacheMemoryTrace, LoadOptions, MultiHeadAttentionTrace, RopeTrace } from 'attention-lab';

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

// Attention as today's models use it: the arguments and traces typed as the docs spell them.
const rotated: RopeTrace = lab.rope({ input: [[1, 0, 2, 1]], positions: [7], base: 10000, convention: 'interleaved' });
const grouped: MultiHeadAttentionTrace = lab.multiHeadAttention({ query: [[1, 0, 2, 1]], key: [[1, 0, 2, 1]], value: [[1, 0, 2, 1]], heads: 2, kvHeads: 1, positional: 'rope', window: 1, sinks: 0 });
const cache: KvCacheMemoryTrace = lab.kvCacheMemory({ layers: 1, length: 8, dModel: 4, heads: 2, kvHeads: 1, bytesPerNumber: 2 });
console.log(rotated.output, grouped.output, cache.bytes);
// @ts-expect-error: the convention is 'half' or 'interleaved'
lab.rope({ input: [[1, 0]], convention: 'pairs' });
