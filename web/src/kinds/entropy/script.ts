// The entropy walkthrough's part of the exported Python script: the random token vectors and the
// seeded projections, then the entropy of one head, of h heads and of no projections.
import type { MultiHeadParams } from '../../../lib/index.js';
import type { Step } from '../../model/types.js';
import { gridData } from '../../export/grid.js';
import { assign, multiHeadFunctions, projectionLines, type Script } from '../../export/python.js';

/** `params`: the seeded projections, which depend on the seed and d_model only, so one head and h heads share them. */
export function entropyScript(steps: Step[], heads: number, seed: number, params: MultiHeadParams): Script {
  const x = gridData(steps, 'input');
  return {
    helpers: ['array', 'fillBlocked', 'softmax', 'concat', 'entropy'],
    functions: () => multiHeadFunctions(false),
    body: () => [
      ...assign('X', x, `the token vectors: the engine's random normal numbers (seed ${seed})`),
      ...projectionLines(params, seed),
      `heads = ${heads}`,
      '',
      '(single,), _, _ = multi_head_attention(X, X, 1)',
      "show('single-weights', single)",
      "show('single-entropy', entropy(single))",
      'head_weights, _, _ = multi_head_attention(X, X, heads)',
      'for i, weights in enumerate(head_weights):',
      "    show(f'head-{i}-weights', weights)  # head-0 is the page's head 1",
      "    show(f'head-{i}-entropy', entropy(weights))",
      'plain, _ = attention(X, X, X)  # no projections: Q = K = V = X',
      "show('plain-weights', plain)",
      "show('plain-entropy', entropy(plain))",
    ],
  };
}
