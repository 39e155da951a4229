// The backward walkthrough's part of the exported script: Q, K, V, the mask and g as the learner
// has them, the forward's five passes, then the backward's six in the engine's order, with the
// softmax backward written out as the page explains it. Every printed block is a panel's numbers.
import type { AttentionBackwardInputs } from './inputs.js';
import { assign, type Script } from '../../export/python.js';
import { attentionInputLines } from '../attention/script.js';

/** The panels the script reproduces, by the page's panel names, in the order they are computed. */
const SHOWN: [panel: string, variable: string][] = [
  ['weights', 'weights'], ['output', 'output'], ['grad-value', 'grad_value'], ['grad-weights', 'grad_weights'],
  ['row-dot', 'row_dot'], ['grad-scaled', 'grad_scaled'], ['grad-scores', 'grad_scores'], ['grad-query', 'grad_query'], ['grad-key', 'grad_key'],
];

export function backwardScript(inputs: AttentionBackwardInputs): Script {
  const masked = inputs.mask != null;
  return {
    helpers: masked ? ['array', 'fillBlocked', 'softmax'] : ['array', 'softmax'],
    functions: () => [],
    body: (d) => [
      ...attentionInputLines(d, inputs),
      ...assign('G', inputs.gradOutput, 'g = dL/d output: the loss is L = sum(G * output)'),
      '',
      '# The forward',
      'd_k = Q.shape[1]',
      'scaled = (Q @ K.T) / math.sqrt(d_k)',
      ...(masked ? ['weights = softmax(fill_blocked(scaled, mask, fill))'] : ['weights = softmax(scaled)']),
      'output = weights @ V',
      '',
      '# The backward, pass by pass',
      'grad_value = weights.T @ G            # pass 1: dL/dV',
      'grad_weights = G @ V.T                # pass 2: dL/d weights',
      `row_dot = (weights * grad_weights).sum(${d.xp === 'torch' ? 'dim=-1, keepdim=True' : 'axis=-1, keepdims=True'})  # each row's sum of w_k g_k`,
      'grad_scaled = weights * (grad_weights - row_dot)  # pass 3: the softmax backward (0 where w is 0)',
      'grad_scores = grad_scaled / math.sqrt(d_k)        # pass 4: through the scale',
      'grad_query = grad_scores @ K          # pass 5: dL/dQ',
      'grad_key = grad_scores.T @ Q          # pass 6: dL/dK',
      '',
      ...SHOWN.map(([panel, variable]) => `show('${panel}', ${variable})`),
    ],
  };
}
