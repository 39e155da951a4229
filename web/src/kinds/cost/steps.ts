// The lesson "What attention costs": the learner measures full, flash, chunked, linear and sparse
// attention and the RNN at n = 64 … maxN in their own browser (the engine's measureCost, one call
// per variant and size, in a Web Worker). The steps only describe the plan: the measurements
// are made when the learner starts them, outlive the step, and every step's cost panel shows
// them (views/cost-lab-view.ts). Every time, size and count shown is the engine's.
import type { Built } from '../kind.js';
import type { CostInputs, CostPanel, CostPlan, CostVariant, CostView, ParametersPanel, Step } from '../../model/types.js';
import { LIMITS } from '../../model/limits.js';
import { InputRefusal } from '../../model/refusal.js';
import { integerField, seedField } from '../shared/fields.js';

export const VARIANTS: readonly CostVariant[] = ['full', 'flash', 'chunked', 'linear', 'sparse', 'rnn'];

/** n = 64, 128, … up to maxN: each size doubles the last. */
export function sizesUpTo(maxN: number): number[] {
  const sizes: number[] = [];
  for (let n = LIMITS.cost.minN; n <= maxN; n *= 2) sizes.push(n);
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
  const C = LIMITS.cost;
  const offered = sizesUpTo(C.maxN.max);
  if (!offered.includes(inputs.maxN)) throw new InputRefusal(`maxN: expected one of ${offered.join(', ')}, got ${String(inputs.maxN).slice(0, 20)}`);
  const plan = planOf(inputs);
  const panel = (show: CostView, caption: string): CostPanel => ({ type: 'cost', name: `cost-${show}`, caption, plan, show });
  const parameters: ParametersPanel = {
    type: 'parameters',
    name: 'settings',
    caption: 'What to measure (changing it starts a new set of measurements)',
    fields: [
      { name: 'maxN', label: 'largest n', kind: 'choice', value: String(inputs.maxN), options: offered.map((n) => [String(n), String(n)]) },
      integerField('d', 'width d', inputs.d, C.d),
      integerField('repeats', 'timed runs per size', inputs.repeats, C.repeats),
      integerField('block', 'tile / chunk size', inputs.block, C.block),
      integerField('window', 'sparse window', inputs.window, C.window),
      seedField(inputs.seed),
    ],
  };
  const sizes = `n = ${plan.sizes.join(', ')}`;
  const steps: Step[] = [
    {
      id: 'plan',
      title: 'Six ways to attend, timed on your machine',
      text: `Press Start: the engine runs each variant on random inputs of width d = ${plan.d} for ${sizes} (${plan.repeats} timed runs each, ` +
        'in a Web Worker so the page stays responsive), and reports the time of each run, the largest intermediate it allocated and its multiply-adds. ' +
        'Full attention makes the n × n weights; flash attention walks them in tiles of ' + `${plan.block} × ${plan.block}` + ' with an online softmax; chunked attention ' +
        `(Rabe & Staats, 2021) takes queries and keys in chunks of ${plan.block}; linear attention folds the keys into a d × d state; ` +
        `sparse attention keeps a window of ${plan.window} keys; the RNN reads one token after another. Sizes the engine refuses are noted and skipped.`,
      formula: String.raw`\begin{gathered}\text{full, flash, chunked: } O(n^2 d)\qquad \text{sparse: } O(n\,w\,d)\\ \text{linear: } O(n\,d^2)\qquad \text{RNN: } O(n\,d^2)\end{gathered}`,
      panels: [parameters, panel('plan', 'Measurements')],
    },
    {
      id: 'time',
      title: 'Time against n, on logarithmic axes',
      text: 'On log–log axes a cost that grows as n^k is a straight line of slope k. Full, flash and chunked attention do the same n²·d multiply-adds, ' +
        'so their lines rise with slope near 2 (flash and chunked differ from full attention in memory, not in work); linear attention, the sparse window and the RNN grow with slope near 1. ' +
        'Each point is the median of its timed runs; the slopes are least-squares fits through the points measured so far.',
      formula: String.raw`t(n) \approx c\, n^{k} \iff \htmlClass{focus}{\log t = \log c + k \log n}`,
      panels: [panel('time', 'Time per call against n')],
    },
    {
      id: 'memory',
      title: 'Peak memory: what flash and chunked attention save',
      text: 'The engine reports the largest single intermediate each call allocated (peakCells), in 8-byte numbers. Full attention holds all n² weights at once; ' +
        `flash and chunked attention hold one ${plan.block}-wide tile or chunk per row; linear attention a d × d state and n × d rows; the window n × ${plan.window}. ` +
        'This, not time, is why long sequences need the tiled kernels.',
      formula: String.raw`\htmlClass{focus}{\text{bytes} = 8 \times \text{peakCells}}:\quad n^2\ \text{(full)},\ \ n \cdot b\ \text{(tiled)},\ \ d^2 + n d\ \text{(linear)}`,
      panels: [panel('memory', 'Largest intermediate per call')],
    },
    {
      id: 'complexity',
      title: 'The complexity table, measured',
      text: 'The usual table of costs, with this machine’s numbers beside it: the measured slope of time against n, and the time, multiply-adds and peak memory at the largest n measured. ' +
        'The O(n·√n) often quoted for sparse attention belongs to strided patterns (Child et al., 2019); a sliding window is O(n·w·d).',
      formula: String.raw`O(n^2 d)\ \text{vs}\ O(n d^2):\ \text{attention wins while } n < d`,
      panels: [panel('complexity', 'Complexity, claimed and measured')],
    },
  ];
  return { steps, trace: plan };
}
