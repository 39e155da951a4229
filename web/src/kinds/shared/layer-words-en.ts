// The words of the kinds that show a layer's weights (multi-head, encoder): the trained-weights
// facts, where a weight matrix comes from, the mask choice. In English, the source of
// layer-words-es.ts; apart from words-en.ts so the landing page (attention) does not carry them.
import { kindWords } from '../../i18n/messages.js';

export const ENGLISH = `
kinds-mask = mask
kinds-mask-none = none
kinds-mask-causal = causal
kinds-weight-matrix-trained = { $symbol }, trained
kinds-weight-matrix-seeded = { $symbol }, seeded
kinds-weight-what = { $origin }. Row k, column j: how much input number k adds to number j of { $feeds }.
kinds-origin-trained = learned in { $task } training
kinds-origin-seeded = drawn by seeded Xavier initialisation (seed { $seed }), not trained
kinds-trained-weights = Trained weights
kinds-fact-task = task
kinds-fact-steps = steps trained
kinds-fact-layer = layer
kinds-fact-layer-of = { $layer } of { $layers }
kinds-fact-model = model
kinds-fact-model-one-head = d_model { $dmodel }, { $heads } head, d_ff { $dff }
kinds-fact-model-heads = d_model { $dmodel }, { $heads } heads, d_ff { $dff }
kinds-fact-probe = probe example
kinds-fact-attention = attention
kinds-fact-causal = causal (each position sees itself and earlier ones)
kinds-fact-bidirectional = every position sees every position
kinds-probe-title-layer = Input: what layer { $layer } handed on
kinds-probe-title = Input: the probe example, embedded by the trained model
kinds-probe-embedded-iris = each of the probe flower’s four measurements times its learned feature row, plus that feature’s learned bias row
kinds-probe-embedded = the trained token embedding of each symbol of the probe sequence plus the sinusoidal encoding of its position
kinds-probe-text = X is what layer 1 of the trained model read: { $embedded }, exactly as the trainer computed it (taken from the engine, not recomputed).
kinds-probe-text-layer = X is what layer { $layer } of the trained model read: the output of layer { $previous } on the probe, exactly as the trainer computed it.
`;

/** A message of these kinds in the page's language. */
export const w = kindWords(ENGLISH, { es: () => import('./layer-words-es.js').then((m) => m.SPANISH) });
