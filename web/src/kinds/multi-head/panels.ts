// The first step's panels of a multi-head walkthrough: the sentence and sizes of random weights,
// or, on a trained layer, where its weights come from and what it reads.
import type { ParametersPanel, Panel, Step } from '../../model/types.js';
import type { MultiHeadInputs } from './inputs.js';
import type { TrainedLayer } from '../../model/trained-layer.js';
import { multiHeadInputs } from './inputs.js';
import { integerField, seedField } from '../shared/fields.js';
import { probeInputFormula, probeInputText, probeInputTitle } from '../shared/trained.js';
import { w as layerWords } from '../shared/layer-words-en.js';
import { w } from './words-en.js';

export { weightsFacts } from '../shared/trained.js';

/** The sentence, sizes, seed and mask a learner may change (random weights). */
export function settings(inputs: MultiHeadInputs, keyTokens: string[]): ParametersPanel {
  const cross = inputs.sourceTokens !== undefined;
  return {
    type: 'parameters',
    name: 'settings',
    caption: w('multi-head-settings'),
    fields: [
      { name: 'tokens', label: w(cross ? 'multi-head-target-words' : 'multi-head-words'), kind: 'tokens', value: inputs.tokens.join(' ') },
      ...(cross ? [{ name: 'sourceTokens', label: w('multi-head-source-words'), kind: 'tokens' as const, value: keyTokens.join(' ') }] : []),
      integerField('dModel', 'd_model', inputs.dModel, multiHeadInputs.dModel),
      integerField('heads', w('multi-head-heads-h'), inputs.heads, multiHeadInputs.heads),
      seedField(inputs.seed),
      ...(cross ? [] : [{
        name: 'mask', label: layerWords('kinds-mask'), kind: 'choice' as const, value: inputs.mask === 'causal' ? 'causal' : 'none',
        options: [['none', layerWords('kinds-mask-none')], ['causal', layerWords('kinds-mask-causal')]] as [string, string][],
      }]),
    ],
  };
}

/** The first step on a trained layer: the probe as the layer read it, and the run it comes from. */
export function trainedInputStep(trained: TrainedLayer, n: number, d: number, panels: Panel[]): Step {
  return {
    id: 'embed',
    title: probeInputTitle(trained),
    text: `${probeInputText(trained)} ${w('multi-head-probe-rows', { tokens: trained.tokens.join(' '), d: String(d) })}`,
    formula: String.raw`${probeInputFormula(trained)},\quad X \in \mathbb{R}^{${n} \times ${d}}`,
    panels,
  };
}
