// The KV-cache walkthrough's part of the exported Python script: the random tokens and the seeded
// weights, a decode loop that appends each token's key and value to a cache and attends with its
// query alone, and the same attention recomputed at once under a causal mask.
import type { KvCacheInputs } from './inputs.js';
import { assign, multiHeadFunctions, projectionLines, type Script } from '../../export/python.js';
import type { KvCacheTraces } from './steps.js';

export function kvCacheScript(inputs: KvCacheInputs, { input, recomputed }: KvCacheTraces): Script {
  return {
    helpers: ['array', 'fillBlocked', 'softmax', 'concat'],
    functions: () => multiHeadFunctions(false),
    body: (d) => [
      ...assign('X', input, `the tokens: the engine's random normal numbers (seed ${inputs.seed})`),
      ...projectionLines(recomputed.params, inputs.seed),
      `heads = ${inputs.heads}`,
      'n = X.shape[0]',
      '',
      '# Decoding with the cache: token t attends over the keys and values of tokens 0 ... t.',
      'rows = []',
      'for t in range(n):',
      '    _, _, out = multi_head_attention(X[t:t + 1], X[:t + 1], heads)  # x_t W_K, x_t W_V are the new cache rows',
      '    rows.append(out)',
      `output = ${d.xp === 'torch' ? 'torch.cat(rows, dim=0)' : 'np.concatenate(rows, axis=0)'}`,
      "show('output', output)",
      '',
      '# Recomputing everything at once, under a causal mask.',
      `mask = ${d.xp}.tril(${d.xp}.ones((n, n), dtype=${d.xp}.float64))`,
      '_, _, recomputed = multi_head_attention(X, X, heads, mask)',
      "show('recomputed', recomputed)",
    ],
  };
}
