// The attention walkthrough's part of the exported Python script: Q, K, V (and the mask) as the
// learner has them, then the engine's five passes with plain operations.
import type { Mask } from '../../../lib/index.js';
import type { AttentionInputs } from './inputs.js';
import { assign, type Dialect, fillLine, maskLines, type Script } from '../../export/python.js';

/** Q, K, V and, when there is one, the mask and its fill, as the learner has them. */
export function attentionInputLines(d: Dialect, inputs: AttentionInputs): string[] {
  const n = inputs.query.length;
  const m = inputs.key.length;
  return [
    ...assign('Q', inputs.query, `queries (${n} x ${inputs.query[0].length})`),
    ...assign('K', inputs.key, `keys (${m} x ${inputs.key[0].length})`),
    ...assign('V', inputs.value, `values (${m} x ${inputs.value[0].length})`),
    ...(inputs.mask != null ? [...maskLines(d, inputs.mask as Mask, n, m), fillLine(inputs.maskFill ?? -Infinity)] : []),
  ];
}

export function attentionScript(inputs: AttentionInputs): Script {
  const masked = inputs.mask != null;
  return {
    helpers: masked ? ['array', 'fillBlocked', 'softmax'] : ['array', 'softmax'],
    functions: () => [],
    body: (d) => [
      ...attentionInputLines(d, inputs),
      '',
      'd_k = Q.shape[1]',
      'scores = Q @ K.T                  # pass 1: every query against every key',
      'scaled = scores / math.sqrt(d_k)  # pass 2',
      ...(masked
        ? ['masked = fill_blocked(scaled, mask, fill)  # pass 3: blocked scores become the fill', 'weights = softmax(masked)         # pass 4: each row sums to 1']
        : ['weights = softmax(scaled)         # pass 4 (no mask, so no pass 3): each row sums to 1']),
      'output = weights @ V              # pass 5: each output row mixes the value rows',
      '',
      ...['scores', 'scaled', ...(masked ? ['masked'] : []), 'weights', 'output'].map((name) => `show('${name}', ${name})`),
    ],
  };
}
