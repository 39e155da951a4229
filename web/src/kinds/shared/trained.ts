// What a walkthrough on a trained layer says about its weights, shared by the multi-head and
// encoder kinds: where they come from (task, seed, steps, layer) and what the probe is.
import type { TextPanel } from '../../model/types.js';
import type { TrainedLayer } from '../../model/trained-layer.js';

/** The facts panel that replaces the settings of random weights: the run the weights come from. */
export function weightsFacts(trained: TrainedLayer): TextPanel {
  const { config, source } = trained;
  const { model } = config;
  return {
    type: 'facts',
    name: 'weights-source',
    caption: 'Trained weights',
    facts: [
      ['task', config.task],
      ['seed', String(config.seed)],
      ['steps trained', String(source.steps)],
      ['layer', `${source.layer + 1} of ${model.layers}`],
      ['model', `d_model ${model.dModel}, ${model.heads} head${model.heads > 1 ? 's' : ''}, d_ff ${model.dFF}`],
      ['probe example', trained.tokens.join(' ')],
      ['attention', trained.causal ? 'causal (each position sees itself and earlier ones)' : 'every position sees every position'],
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
  return layer > 0 ? `Input: what layer ${layer} handed on` : 'Input: the probe example, embedded by the trained model';
}

/** One sentence on what X is: the trained model's embedding plus positions, or the previous layer's output. */
export function probeInputText(trained: TrainedLayer): string {
  const { layer } = trained.source;
  const iris = trained.config.task === 'iris';
  const embedded = iris
    ? 'each of the probe flower’s four measurements times its learned feature row, plus that feature’s learned bias row'
    : 'the trained token embedding of each symbol of the probe sequence plus the sinusoidal encoding of its position';
  return layer === 0
    ? `X is what layer 1 of the trained model read: ${embedded}, exactly as the trainer computed it (taken from the engine, not recomputed).`
    : `X is what layer ${layer + 1} of the trained model read: the output of layer ${layer} on the probe, exactly as the trainer computed it.`;
}
