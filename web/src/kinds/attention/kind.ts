// The attention kind's descriptor (kinds/descriptor.ts): scaled dot-product attention on Q, K and
// V written out in full, with an optional mask. Its inputs are in inputs.ts, its module index.ts.
import { count, field, isRecord, problem, type Problem } from '../../model/json-checks.js';
import { defineKind } from '../descriptor.js';
import { attentionInputs, type AttentionInputs } from './inputs.js';

/** Shapes that must agree between Q, K, V, the mask and its padding length. */
export function attentionShapesAgree(inputs: AttentionInputs, path: string): Problem {
  const n = inputs.query.length;
  const m = inputs.key.length;
  const dK = inputs.query[0].length;
  if (inputs.key[0].length !== dK) {
    return problem(field(path, 'key'), `rows of ${dK} numbers (d_k, the width of query)`, `rows of ${inputs.key[0].length}`);
  }
  if (inputs.value.length !== m) return problem(field(path, 'value'), `${count(m, 'row')} (one per key)`, String(inputs.value.length));
  const given = inputs.mask;
  if (Array.isArray(given)) {
    const rows = given as readonly (readonly unknown[])[];
    if (rows.length !== n) return problem(field(path, 'mask'), `${count(n, 'row')} (one per query)`, String(rows.length));
    if (rows[0].length !== m) return problem(field(path, 'mask'), `rows of ${m} numbers (one per key)`, `rows of ${rows[0].length}`);
  } else if (isRecord(given) && (given.keyLength as number) > m) {
    return problem(field(field(path, 'mask'), 'keyLength'), `a whole number from 0 to ${m} (the number of keys)`, String(given.keyLength));
  }
  return undefined;
}

/** Query rows and key columns, which labels name one each. */
export const attentionLabels = (inputs: AttentionInputs) => ({ queries: inputs.query.length, keys: inputs.key.length });

export default defineKind({
  kind: 'attention',
  inputs: attentionInputs,
  together: attentionShapesAgree,
  labels: attentionLabels,
  engine: 'lite',
  exercises: ['numeric', 'pick-key', 'order-passes', 'value', 'pick-cell'],
  exerciseCells: (inputs) => ({ n: inputs.query.length, m: inputs.key.length, dV: inputs.value[0].length }),
  steps: { inputs: ['qkv'], scores: ['scores'], scale: ['scale'], mask: ['mask'], softmax: ['softmax'], output: ['weighted-sum'] },
  load: () => import('./index.js'),
});
