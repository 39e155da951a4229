// The cost kind (the cost lab): what the engine's measureCost is asked, for n = 64, 128, … maxN,
// within its own caps (n 1 … 4096, d 1 … 1024, repeats 1 … 50).
// Its descriptor (kinds/descriptor.ts); its inputs are in inputs.ts, its module is index.ts.
import { field, problem } from '../../model/json-checks.js';
import { defineKind } from '../descriptor.js';
import { MIN_N, costInputs } from './inputs.js';

export default defineKind({
  kind: 'cost',
  inputs: costInputs,
  together: ({ maxN }, path) => {
    const doubling = Number.isInteger(Math.log2(maxN / MIN_N));
    return doubling ? undefined : problem(field(path, 'maxN'), `a power of two from ${MIN_N} to ${costInputs.maxN.max} (the sizes double from ${MIN_N})`, String(maxN));
  },
  engine: 'lite',
  exercises: ['cost-growth'],
  steps: { plan: [], time: [], memory: [], complexity: [] },
  load: () => import('./index.js'),
});
