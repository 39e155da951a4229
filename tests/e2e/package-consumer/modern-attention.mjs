// Attention as today's models use it, called from the installed package exactly as the README
// and docs/engine.md spell it: rotary positions, grouped-query attention with RoPE and ALiBi,
// a sliding window with sinks, decoding with a grouped, windowed cache, the cache's memory, and
// the diagnosis of a wrong answer about each (an ALiBi slope, a window's reach, a KV head).
// Prints the numbers for tests/e2e/package.test.mjs to compare with the repository's build.
import { loadAttentionLab } from 'attention-lab';

const lab = await loadAttentionLab();
const x = [[1, 0, 2, 1], [0, 1, 1, 0], [2, 1, 0, 1], [1, 1, 1, 1]];
const rotated = lab.rope({ input: x, positions: [0, 1, 2.5, 7], base: 100, convention: 'interleaved' });
const grouped = lab.multiHeadAttention({ query: x, key: x, value: x, heads: 2, kvHeads: 1, positional: 'rope', ropeBase: 100, ropeConvention: 'half', seed: 3 });
const biased = lab.multiHeadAttention({ query: x, key: x, value: x, heads: 2, positional: 'alibi', window: 2, sinks: 1, seed: 3 });
const decoded = lab.kvCacheDecode({ input: x, heads: 2, kvHeads: 1, positional: 'rope', window: 2, sinks: 1, seed: 3 });
const memory = lab.kvCacheMemory({ layers: 32, length: 4096, dModel: 4096, heads: 32, kvHeads: 8, bytesPerNumber: 2 });
const latent = lab.kvCacheMemory({ layers: 60, length: 4096, dModel: 5120, latent: 512, ropeWidth: 64, bytesPerNumber: 2 });
const long = Array.from({ length: 16 }, (_, i) => [i % 3, 1, (i * 7) % 5, 2]);
const diagnosis = ({ correct, expected, misconception }) => ({ correct, expected, misconception });
const slope = lab.diagnoseAlibi({ query: x, key: x, value: x, heads: 8, head: 2, stage: 'slope', row: 0, column: 0, answer: 0.25 });
const reach = lab.diagnoseSlidingWindow({ query: long, key: long, value: long, window: 4, layers: 3, stage: 'reach', row: 15, column: 0, answer: 12 });
const kvHead = lab.diagnoseGroupedQuery({ stage: 'kvHead', heads: 32, kvHeads: 8, layers: 32, dModel: 4096, length: 1, bytesPerNumber: 2, head: 13, answer: 5 });
console.log(JSON.stringify({
  rope: rotated.output,
  grouped: grouped.output,
  biased: biased.output,
  decoded: decoded.output,
  memoryBytes: memory.bytes,
  latentBytes: latent.bytes,
  slope: diagnosis(slope),
  reach: diagnosis(reach),
  kvHead: diagnosis(kvHead),
}));
