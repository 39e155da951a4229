// The multi-head walkthrough's part of the exported Python script: the embeddings and the
// engine's seeded projections with every digit, then attention head by head.
import type { MultiHeadAttentionTrace } from '../../../lib/index.js';
import type { Step } from '../../model/types.js';
import type { MultiHeadInputs } from './inputs.js';
import { trainedOrigin, type TrainedLayer } from '../../model/trained-layer.js';
import { findGrid, gridData } from '../../export/grid.js';
import { assign, fillLine, maskLines, multiHeadFunctions, projectionLines, pyStrings, type Script } from '../../export/python.js';

/** `trace` is the multi-head call the steps were built from: its projections (seeded, or `trained`'s) are embedded. */
export function multiHeadScript(inputs: MultiHeadInputs, steps: Step[], trace: MultiHeadAttentionTrace, trained?: TrainedLayer): Script {
  const cross = !trained && inputs.sourceTokens !== undefined;
  const mask = trained ? (trained.causal ? 'causal' : null) : inputs.mask;
  const x = gridData(steps, 'embeddings');
  const source = findGrid(steps, 'source-embeddings')?.data;
  const fill = inputs.maskFill ?? -Infinity;
  return {
    helpers: ['array', 'fillBlocked', 'softmax', 'concat'],
    functions: () => multiHeadFunctions(Boolean(trace.params.bQ)),
    body: (d) => [
      `tokens = ${pyStrings(trained?.tokens ?? inputs.tokens)}`,
      ...(cross ? [`source_tokens = ${pyStrings(inputs.sourceTokens ?? [])}`] : []),
      ...assign('X', x, trained
        ? `the probe as layer ${trained.source.layer + 1} of the trained model read it (from the engine's trainer), one row per token`
        : `the engine's token embeddings (embedTokens, seed ${inputs.seed}), one row per token`),
      ...(source ? assign('X_source', source, 'the source sentence\'s embeddings: the keys and values') : []),
      ...projectionLines(trace.params, inputs.seed, trained && trainedOrigin(trained)),
      `heads = ${trace.heads.length}`,
      ...(mask != null ? [...maskLines(d, mask, x.length, (source ?? x).length), fillLine(fill)] : ['mask = None', 'fill = -math.inf']),
      '',
      `head_weights, concat, output = multi_head_attention(X, ${source ? 'X_source' : 'X'}, heads, mask, fill)`,
      '',
      'for i, weights in enumerate(head_weights):',
      "    show(f'head-{i}-weights', weights)  # head-0 is the page's head 1",
      ...(trace.heads.length > 1 ? ["show('concat', concat)"] : []),
      "show('output', output)",
    ],
  };
}
