// The lesson "What attention costs": the learner measures full, flash, chunked, linear and sparse
// attention and the RNN at n = 64 … maxN in their own browser (the engine's measureCost, one call
// per variant and size, in a Web Worker). The steps only describe the plan: the measurements
// are made when the learner starts them, outlive the step, and every step's cost panel shows
// them (views/cost-lab-view.ts). Every time, size and count shown is the engine's.
import type { Built } from '../kind.js';
import type { CostPanel, CostPlan, CostVariant, CostView, ParametersPanel, Step } from '../../model/types.js';
import type { CostInputs } from './inputs.js';
import { costInputs, MIN_N } from './inputs.js';
import { InputRefusal } from '../../model/refusal.js';
import { integerField, seedField } from '../shared/fields.js';
import { w } from './words-en.js';

export const VARIANTS: readonly CostVariant[] = ['full', 'flash', 'chunked', 'linear', 'sparse', 'rnn'];

/** n = 64, 128, … up to maxN: each size doubles the last. */
export function sizesUpTo(maxN: number): number[] {
  const sizes: number[] = [];
  for (let n = MIN_N; n <= maxN; n *= 2) sizes.push(n);
  return sizes;
}

export const planOf = (inputs: CostInputs): CostPlan => ({
  variants: [...VARIANTS],
  sizes: sizesUpTo(inputs.maxN),
  d: inputs.d,
  repeats: inputs.repeats,
  block: inputs.block,
  window: inputs.window,
  seed: inputs.seed,
});

export function costSteps(inputs: CostInputs): Built<CostPlan> {
  const C = costInputs;
  const offered = sizesUpTo(C.maxN.max);
  if (!offered.includes(inputs.maxN)) throw new InputRefusal(`maxN: expected one of ${offered.join(', ')}, got ${String(inputs.maxN).slice(0, 20)}`);
  const plan = planOf(inputs);
  const panel = (show: CostView, caption: string): CostPanel => ({ type: 'cost', name: `cost-${show}`, caption, plan, show });
  const parameters: ParametersPanel = {
    type: 'parameters',
    name: 'settings',
    caption: w('cost-kind-settings'),
    fields: [
      { name: 'maxN', label: w('cost-kind-largest-n'), kind: 'choice', value: String(inputs.maxN), options: offered.map((n) => [String(n), String(n)]) },
      integerField('d', w('cost-kind-width'), inputs.d, C.d),
      integerField('repeats', w('cost-kind-repeats'), inputs.repeats, C.repeats),
      integerField('block', w('cost-kind-block'), inputs.block, C.block),
      integerField('window', w('cost-kind-window'), inputs.window, C.window),
      seedField(inputs.seed),
    ],
  };
  const sizes = `n = ${plan.sizes.join(', ')}`;
  const steps: Step[] = [
    {
      id: 'plan',
      title: w('cost-kind-plan-title'),
      text: w('cost-kind-plan-text', {
        d: String(plan.d), sizes, repeats: String(plan.repeats), block: String(plan.block), window: String(plan.window),
      }),
      formula: String.raw`\begin{gathered}\text{full, flash, chunked: } O(n^2 d)\qquad \text{sparse: } O(n\,w\,d)\\ \text{linear: } O(n\,d^2)\qquad \text{RNN: } O(n\,d^2)\end{gathered}`,
      panels: [parameters, panel('plan', w('cost-kind-measurements'))],
    },
    {
      id: 'time',
      title: w('cost-kind-time-title'),
      text: w('cost-kind-time-text'),
      formula: String.raw`t(n) \approx c\, n^{k} \iff \htmlClass{focus}{\log t = \log c + k \log n}`,
      panels: [panel('time', w('cost-kind-time-caption'))],
    },
    {
      id: 'memory',
      title: w('cost-kind-memory-title'),
      text: w('cost-kind-memory-text', { block: String(plan.block), window: String(plan.window) }),
      formula: String.raw`\htmlClass{focus}{\text{bytes} = 8 \times \text{peakCells}}:\quad n^2\ \text{(full)},\ \ n \cdot b\ \text{(tiled)},\ \ d^2 + n d\ \text{(linear)}`,
      panels: [panel('memory', w('cost-kind-memory-caption'))],
    },
    {
      id: 'complexity',
      title: w('cost-kind-complexity-title'),
      text: w('cost-kind-complexity-text'),
      formula: String.raw`O(n^2 d)\ \text{vs}\ O(n d^2):\ \text{attention wins while } n < d`,
      panels: [panel('complexity', w('cost-kind-complexity-caption'))],
    },
  ];
  return { steps, trace: plan };
}
