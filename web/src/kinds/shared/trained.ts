// What a walkthrough on a trained layer says about its weights, shared by the multi-head and
// encoder kinds: where they come from (task, seed, steps, layer) and what the probe is.
import type { TextPanel } from '../../model/types.js';
import type { TrainedLayer } from '../../model/trained-layer.js';
import { w } from './layer-words-en.js';

/** The facts panel that replaces the settings of random weights: the run the weights come from. */
export function weightsFacts(trained: TrainedLayer): TextPanel {
  const { config, source } = trained;
  const { model } = config;
  return {
    type: 'facts',
    name: 'weights-source',
    caption: w('kinds-trained-weights'),
    facts: [
      [w('kinds-fact-task'), config.task],
      [w('kinds-seed'), String(config.seed)],
      [w('kinds-fact-steps'), String(source.steps)],
      [w('kinds-fact-layer'), w('kinds-fact-layer-of', { layer: String(source.layer + 1), layers: String(model.layers) })],
      [w('kinds-fact-model'), w(model.heads > 1 ? 'kinds-fact-model-heads' : 'kinds-fact-model-one-head',
        { dmodel: String(model.dModel), heads: String(model.heads), dff: String(model.dFF) })],
      [w('kinds-fact-probe'), trained.tokens.join(' ')],
      [w('kinds-fact-attention'), w(trained.causal ? 'kinds-fact-causal' : 'kinds-fact-bidirectional')],
    ],
  };
}

/** What X is, as a formula: the embedding plus positions (iris: its features' rows), or the previous layer's output. */
export function probeInputFormula(trained: TrainedLayer): string {
  const { layer } = trained.source;
  if (layer > 0) return String.raw`\htmlClass{focus}{X = \mathrm{layer}_{${layer}}(\dots)}`;
  return trained.config.task === 'iris'
    ? String.raw`\htmlClass{focus}{x_f = v_f\,w_f + b_f}`
    : String.raw`\htmlClass{focus}{X = E_{\text{tokens}} + PE}`;
}

/** The first step's title on a trained layer. */
export function probeInputTitle(trained: TrainedLayer): string {
  const { layer } = trained.source;
  return layer > 0 ? w('kinds-probe-title-layer', { layer: String(layer) }) : w('kinds-probe-title');
}

/** One sentence on what X is: the trained model's embedding plus positions, or the previous layer's output. */
export function probeInputText(trained: TrainedLayer): string {
  const { layer } = trained.source;
  const iris = trained.config.task === 'iris';
  return layer === 0
    ? w('kinds-probe-text', { embedded: w(iris ? 'kinds-probe-embedded-iris' : 'kinds-probe-embedded') })
    : w('kinds-probe-text-layer', { layer: String(layer + 1), previous: String(layer) });
}
