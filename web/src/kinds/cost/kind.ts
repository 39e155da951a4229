// The cost kind (the cost lab): what the engine's measureCost is asked, for n = 64, 128, … maxN,
// within its own caps (n 1 … 4096, d 1 … 1024, repeats 1 … 50).
// Its descriptor (kinds/descriptor.ts); its inputs are in inputs.ts, its module is index.ts.
import { defineKind } from '../descriptor.js';
import { costInputs } from './inputs.js';

export default defineKind({
  kind: 'cost',
  inputs: costInputs,
  engine: 'lite',
  exercises: ['cost-growth'],
  steps: { plan: [], time: [], memory: [], complexity: [] },
  load: () => import('./index.js'),
});
