// The rope kind's descriptor (kinds/descriptor.ts): rotary position embedding, pairs of a head's
// query and key turned by position·θ. Its inputs are in inputs.ts, its module index.ts.
import { field, problem } from '../../model/json-checks.js';
import { defineKind, MATRIX_EXERCISES } from '../descriptor.js';
import { ropeInputs } from './inputs.js';

const even = (width: number, name: string, path: string) =>
  (width % 2 === 0 ? undefined : problem(field(path, name), 'an even width (RoPE turns pairs of columns)', String(width)));

export default defineKind({
  kind: 'rope',
  inputs: ropeInputs,
  together: (inputs, path) => even(inputs.width, 'width', path) ?? even(inputs.decayWidth, 'decayWidth', path),
  engine: 'full',
  charts: true,
  exercises: [...MATRIX_EXERCISES, 'rope-numeric'],
  steps: { clocks: ['qkv'], angles: ['qkv'], rotate: ['qkv'], relative: ['scores'], conventions: ['qkv'], permutation: ['qkv'], decay: ['scores'], interpolation: ['scores'] },
  load: () => import('./index.js'),
});
