// The sliding-window kind's descriptor (kinds/descriptor.ts): a decoder's banded mask, the
// receptive field it builds over layers, the rolling KV cache and attention sinks. Its inputs are
// in inputs.ts, its module index.ts.
import { field, problem } from '../../model/json-checks.js';
import { defineKind, MATRIX_EXERCISES } from '../descriptor.js';
import { slidingWindowInputs } from './inputs.js';

export default defineKind({
  kind: 'sliding-window',
  inputs: slidingWindowInputs,
  together: (inputs, path) =>
    (inputs.window < inputs.length ? undefined : problem(field(path, 'window'), `a window shorter than the sequence (length ${inputs.length})`, String(inputs.window))),
  engine: 'full',
  charts: true,
  exercises: [...MATRIX_EXERCISES, 'window-numeric'],
  steps: { band: ['mask'], reach: ['mask'], cache: ['qkv'], sinks: ['softmax'] },
  load: () => import('./index.js'),
});
