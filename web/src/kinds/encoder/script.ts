// The encoder layer's part of the exported Python script: X = E + PE and every seeded weight
// of the layer with every digit, then its six passes.
import type { EncoderLayerTrace } from '../../../lib/index.js';
import type { Step } from '../../model/types.js';
import type { EncoderInputs } from './inputs.js';
import { trainedOrigin, type TrainedLayer } from '../../model/trained-layer.js';
import { gridData } from '../../export/grid.js';
import { assign, multiHeadFunctions, projectionLines, pyStrings, type Script } from '../../export/python.js';

/** `trace` is the encoder layer the steps were built from: its weights (seeded, or `trained`'s) are embedded. */
export function encoderScript(inputs: EncoderInputs, steps: Step[], trace: EncoderLayerTrace, trained?: TrainedLayer): Script {
  const activation = trained ? 'relu' : inputs.activation;
  const origin = trained && trainedOrigin(trained);
  const x = gridData(steps, 'input');
  const ff = trace.params;
  const norms = { gamma1: trace.norm1.gamma, beta1: trace.norm1.beta, gamma2: trace.norm2.gamma, beta2: trace.norm2.beta };
  return {
    helpers: ['array', 'fillBlocked', 'softmax', 'concat', 'layerNorm', activation],
    functions: () => multiHeadFunctions(Boolean(trace.attention.params.bQ)),
    body: (d) => [
      `tokens = ${pyStrings(trained?.tokens ?? inputs.tokens)}`,
      ...assign('X', x, trained
        ? `the probe as layer ${trained.source.layer + 1} of the trained model read it (from the engine's trainer)`
        : `X = E + PE: the engine's token embeddings (seed ${inputs.seed}) plus the positional encoding`),
      ...projectionLines(trace.attention.params, inputs.seed, origin),
      ...assign('W_1', ff.w1, origin ? `the feed-forward layers: ${origin}` : 'the feed-forward layers (seeded Xavier weights, zero biases)'),
      ...assign('b_1', ff.b1), ...assign('W_2', ff.w2), ...assign('b_2', ff.b2),
      ...assign('gamma_1', norms.gamma1, 'the LayerNorms\' scales and shifts'),
      ...assign('beta_1', norms.beta1), ...assign('gamma_2', norms.gamma2), ...assign('beta_2', norms.beta2),
      `heads = ${trace.attention.heads.length}`,
      ...(trained?.causal ? [`mask = ${d.xp}.tril(${d.xp}.ones((len(tokens), len(tokens)), dtype=${d.xp}.float64))  # causal, as the model ran it`] : ['mask = None']),
      '',
      'head_weights, _, attention_output = multi_head_attention(X, X, heads, mask)  # pass 1',
      'residual1 = X + attention_output                     # pass 2',
      'norm1 = layer_norm(residual1, gamma_1, beta_1)       # pass 3',
      'hidden = norm1 @ W_1 + b_1                           # pass 4: feed-forward',
      `activated = ${activation}(hidden)`,
      'ffn_output = activated @ W_2 + b_2',
      'residual2 = norm1 + ffn_output                       # pass 5',
      'output = layer_norm(residual2, gamma_2, beta_2)      # pass 6',
      '',
      'for i, weights in enumerate(head_weights):',
      "    show(f'head-{i}-weights', weights)  # head-0 is the page's head 1",
      ...[['attention-output', 'attention_output'], ['residual1', 'residual1'], ['norm1', 'norm1'], ['hidden', 'hidden'],
        ['activated', 'activated'], ['ffn-output', 'ffn_output'], ['residual2', 'residual2'], ['output', 'output']]
        .map(([panel, name]) => `show('${panel}', ${name})`),
    ],
  };
}
