// Steps of the lesson "Inside the model", generated from the language model's attention,
// headScores, ablate, tokenLosses and logitLens, and the engine's attentionRollout. Step ids
// name what is read: attention (every head on the text), atlas (each head's pattern scores),
// ablate (a head switched off), lens (each layer's prediction) and rollout (attention through
// the layers). Every number shown comes from a trace; this file picks them out, labels them and
// words them.
import type {
  AttentionLab, AttentionRolloutTrace, HeadPattern, LanguageModel, LanguageModelAttention, LanguageModelHeadScores, LogitLens, TokenLosses,
} from '../../../lib/index.js';
import type { Built } from '../kind.js';
import type { MatrixPanel, ParameterField, ParametersPanel, Step, TextPanel } from '../../model/types.js';
import { formatNumber } from '../../model/format.js';
import { shape, titled } from '../shared/fields.js';
import { arrowLabel, counted, engineHead, everyHead, findNameCopies, headLabel, pieceLabel, type CellSource, type NameCopies } from './labels.js';
import type { InsideModelInputs } from './inputs.js';
import { w } from './words-en.js';

/** The patterns of the head atlas, in the order its panels show them. */
export const PATTERNS: readonly HeadPattern[] = ['previous-token', 'induction', 'first-token'];

/** The traces the steps came from, and what "explain this number" needs for each panel. */
export interface InsideTraces {
  attention: LanguageModelAttention;
  scores: Record<HeadPattern, LanguageModelHeadScores>;
  losses: TokenLosses;
  ablatedLosses: TokenLosses;
  /** headScores('induction') of the model with each head off in turn, every head in order. */
  ablatedScores: LanguageModelHeadScores[];
  lens: LogitLens;
  rollout: AttentionRolloutTrace;
  copies: NameCopies | undefined;
  /** How each trace-explained panel's cells were computed, by panel name. */
  cells: Record<string, CellSource>;
}

/** What each head-off model gives, read before it is freed. */
function withHeadOff<T>(model: LanguageModel, layer: number, head: number, read: (off: LanguageModel) => T): T {
  const off = model.ablate({ layer, head });
  try {
    return read(off);
  } finally {
    off.dispose();
  }
}

/** What the steps read of a model whatever the text: the atlas and every head's ablation on the random sequence. */
interface ModelReadings {
  scores: Record<HeadPattern, LanguageModelHeadScores>;
  ablatedScores: LanguageModelHeadScores[];
}

// Nine forwards on the random sequence read twice, the same at every edit: read once per model.
const readings = new WeakMap<LanguageModel, ModelReadings>();

function modelReadings(model: LanguageModel, heads: { layer: number; head: number }[]): ModelReadings {
  let read = readings.get(model);
  if (!read) {
    read = {
      scores: Object.fromEntries(PATTERNS.map((pattern) => [pattern, model.headScores({ pattern })])) as Record<HeadPattern, LanguageModelHeadScores>,
      ablatedScores: heads.map((h) => withHeadOff(model, h.layer, h.head, (off) => off.headScores({ pattern: 'induction' }))),
    };
    readings.set(model, read);
  }
  return read;
}

export function insideSteps(lab: AttentionLab, model: LanguageModel, inputs: InsideModelInputs): Built<InsideTraces> {
  const { text, name, residual } = inputs;
  const config = model.config();
  // The learner counts layers and heads from 1, the engine from 0.
  const { layer, head } = engineHead(inputs, config);
  // First what the engine may refuse: a text it cannot read.
  const ablatedLosses = withHeadOff(model, layer, head, (off) => off.tokenLosses({ text }));
  const attention = model.attention({ text });
  const losses = model.tokenLosses({ text });
  const lens = model.logitLens({ text });
  const heads = everyHead(config.layers, config.heads);
  const { scores, ablatedScores } = modelReadings(model, heads);
  const rollout = lab.attentionRollout({ layers: attention.weights, residual });

  const { pieces } = attention;
  const n = pieces.length;
  const copies = findNameCopies(pieces, name);
  const labels = pieces.map(pieceLabel);
  const headNames = heads.map((h) => headLabel(h.layer, h.head));
  const focused = headLabel(layer, head);
  const cells: Record<string, CellSource> = {};
  const matrix = (panelName: string, title: string, data: number[][], rowLabels: string[], colLabels: string[], colour: MatrixPanel['colour'], source: CellSource, symbol: string): MatrixPanel => {
    cells[panelName] = source;
    return { type: 'matrix', name: panelName, ...titled(title, shape(data.length, data[0]?.length ?? 0)), data, rowLabels, colLabels, colour, explain: { stage: 'trace', symbol } };
  };
  const facts = (panelName: string, list: [string, string][]): TextPanel => ({ type: 'facts', name: panelName, caption: w('inside-from-engine'), facts: list });
  const textField: ParameterField = { name: 'text', label: w('inside-text'), kind: 'text', value: text };
  const nameField: ParameterField = { name: 'name', label: w('inside-name'), kind: 'text', value: name };
  const layerField: ParameterField = { name: 'layer', label: w('inside-layer'), kind: 'integer', value: inputs.layer, min: 1, max: config.layers };
  const headField: ParameterField = { name: 'head', label: w('inside-head'), kind: 'integer', value: inputs.head, min: 1, max: config.heads };
  const residualField: ParameterField = { name: 'residual', label: w('inside-residual'), kind: 'number', value: residual, min: 0, max: 1, step: 0.05 };
  const parameters = (panelName: string, fields: ParameterField[]): ParametersPanel => ({ type: 'parameters', name: panelName, caption: w('inside-parameters-caption'), fields });
  const number = (x: number) => formatNumber(x, 3);
  const steps: Step[] = [];

  // ---- attention: every head of every layer on the text ---------------------------------------
  const headWeights: MatrixPanel = matrix('head-weights', w('inside-head-weights', { head: focused }), attention.weights[layer][head], labels, labels, 'weights',
    { kind: 'head-weight', pieces, layer, head }, 'A');
  const copyPanel = copies === undefined
    ? facts('name-missing', [[w('inside-name'), name], [w('inside-tokens'), String(n)]])
    : matrix('copy-weights', w('inside-matrix-copy-weights'),
      copies.second.map((q, k) => heads.map((h) => attention.weights[h.layer][h.head][q][copies.first[k] + 1])),
      copies.second.map((q, k) => arrowLabel(pieces[q], pieces[copies.first[k] + 1])), headNames, 'weights',
      { kind: 'copy-weight', copies, pieces, heads }, 'a');
  steps.push({
    id: 'attention',
    title: w('inside-attention-title'),
    text: w(copies === undefined ? 'inside-attention-text-no-name' : 'inside-attention-text', {
      tokens: String(n), layers: String(config.layers), heads: String(config.heads), all: String(heads.length), name, head: focused,
    }),
    formula: String.raw`\htmlClass{focus}{A^{(\ell, h)}} = \mathrm{softmax}\!\Big(\tfrac{Q^{(\ell, h)} K^{(\ell, h)\top}}{\sqrt{d_k}} + M_{\text{causal}}\Big)`,
    panels: [parameters('text', [textField, nameField, layerField, headField]), copyPanel, headWeights],
  });

  // ---- atlas: each head's score for three patterns, on a random sequence read twice -----------
  const induction = scores.induction;
  const length = induction.tokens.length / 2;
  const layerNames = Array.from({ length: config.layers }, (_, l) => w('inside-layer-row', { layer: String(counted(l)) }));
  const headColumns = Array.from({ length: config.heads }, (_, h) => w('inside-head-column', { head: String(counted(h)) }));
  steps.push({
    id: 'atlas',
    title: w('inside-atlas-title'),
    // A model that copies has the lower loss on the second copy (docs/language-model.md); an untrained one has not.
    text: w(induction.secondCopyLoss < induction.firstCopyLoss ? 'inside-atlas-text' : 'inside-atlas-text-no-copy', { length: String(length), first: number(induction.firstCopyLoss), second: number(induction.secondCopyLoss) }),
    formula: String.raw`\mathrm{induction}^{(\ell, h)} = \htmlClass{focus}{\tfrac{1}{L} \textstyle\sum_{j=0}^{L-1} A^{(\ell, h)}_{L + j,\; j + 1}}`,
    panels: [
      ...PATTERNS.map((pattern) => ({
        ...matrix(pattern, w(`inside-matrix-${pattern}`), scores[pattern].scores, layerNames, headColumns, 'weights',
          { kind: 'score', pattern, length, cells: scores[pattern].cells.length }, pattern === 'induction' ? 'ind' : pattern === 'first-token' ? 'first' : 'prev'),
        focus: [[layer, head]] as [number, number][],
      })),
      facts('atlas-facts', [
        [w('inside-random-length'), String(length)],
        [w('inside-first-copy-loss'), number(induction.firstCopyLoss)],
        [w('inside-second-copy-loss'), number(induction.secondCopyLoss)],
      ]),
    ],
  });

  // ---- ablate: one head switched off, and what it costs ---------------------------------------
  const lossColumns = [w('inside-all-heads'), w('inside-head-off', { head: focused })];
  const secondRows = copies === undefined ? [] : copies.second.slice(0, -1);
  const copyRows = [w('inside-none-off'), ...headNames];
  steps.push({
    id: 'ablate',
    title: w('inside-ablate-title'),
    text: w(copies === undefined ? 'inside-ablate-text-no-name' : 'inside-ablate-text', {
      head: focused, all: formatNumber(losses.loss, 4), off: formatNumber(ablatedLosses.loss, 4), name, length: String(length),
    }),
    formula: String.raw`W_O^{(\ell)}[\,h d_k : (h + 1) d_k,\ :\,] \leftarrow 0, \qquad \htmlClass{focus}{\mathcal{L}_i = -\ln p(x_{i+1} \mid x_0 \dots x_i)}`,
    panels: [
      parameters('head', [layerField, headField, textField, nameField]),
      {
        ...matrix('losses', w('inside-matrix-losses'), losses.losses.map((x, i) => [x, ablatedLosses.losses[i]]),
          losses.losses.map((_, i) => arrowLabel(pieces[i], pieces[i + 1])), lossColumns, 'none',
          { kind: 'loss', pieces, head: focused }, 'ℒ'),
        // The second copy's tokens after its first: where copying from the first copy helps.
        focus: secondRows.flatMap((i): [number, number][] => [[i, 0], [i, 1]]),
      },
      {
        ...matrix('copy-losses', w('inside-matrix-copy-losses', { length: String(length) }),
          [[induction.firstCopyLoss, induction.secondCopyLoss], ...ablatedScores.map((s) => [s.firstCopyLoss, s.secondCopyLoss])],
          copyRows, [w('inside-first-copy'), w('inside-second-copy')], 'none', { kind: 'copy-loss', length, rows: copyRows }, 'ℒ'),
        focus: [[1 + layer * config.heads + head, 1]],
      },
    ],
  });

  // ---- lens: each layer's prediction of the next token ----------------------------------------
  const lensLayers = lens.layers.map((_, l) => (l === 0 ? w('inside-lens-embeddings') : l === lens.layers.length - 1
    ? w('inside-lens-output', { layer: String(counted(l - 1)) }) : w('inside-lens-after', { layer: String(counted(l - 1)) })));
  const top = pieces.map((_, i) => lens.layers.map((reading) => reading.topPieces[i]));
  const nextRows = pieces.slice(0, -1).map((piece, i) => arrowLabel(piece, pieces[i + 1]));
  steps.push({
    id: 'lens',
    title: w('inside-lens-title'),
    text: w(copies === undefined ? 'inside-lens-text-no-name' : 'inside-lens-text', { readings: String(lens.layers.length), name }),
    formula: String.raw`p^{(\ell)}_i = \mathrm{softmax}\big(\htmlClass{focus}{\mathrm{RMSNorm}(h^{(\ell)}_i)\, W_U}\big)`,
    panels: [
      {
        ...matrix('lens-top', w('inside-matrix-lens-top'), pieces.map((_, i) => lens.layers.map((reading) => reading.topProbabilities[i])),
          labels, lensLayers, 'weights', { kind: 'lens-top', pieces, top, layers: lensLayers }, 'p'),
        cellText: top.map((row) => row.map(pieceLabel)),
      },
      {
        ...matrix('lens-next', w('inside-matrix-lens-next'),
          pieces.slice(0, -1).map((_, i) => lens.layers.map((reading) => reading.probabilities[i][lens.tokens[i + 1]])),
          nextRows, lensLayers, 'weights', { kind: 'lens-next', pieces, layers: lensLayers }, 'p'),
        focus: secondRows.map((i): [number, number] => [i, lens.layers.length - 1]),
      },
    ],
  });

  // ---- rollout: attention carried through the layers, the residual stream mixed in -------------
  const last = rollout.rollout.length - 1;
  steps.push({
    id: 'rollout',
    title: w('inside-rollout-title'),
    text: w('inside-rollout-text', { residual: number(residual), layers: String(config.layers), last: labels[n - 1] }),
    formula: String.raw`\tilde{A}^{(\ell)} = r I + (1 - r)\,\bar{A}^{(\ell)}, \qquad \htmlClass{focus}{R^{(\ell)} = \tilde{A}^{(\ell)} R^{(\ell - 1)}}`,
    panels: [
      parameters('residual', [residualField, textField]),
      {
        ...matrix('rollout', w('inside-matrix-rollout'), rollout.rollout[last], labels, labels, 'weights',
          { kind: 'rollout', pieces, residual, layer: last }, 'R'),
        focus: labels.map((_, j): [number, number] => [n - 1, j]),
      },
    ],
  });

  return { steps, trace: { attention, scores, losses, ablatedLosses, ablatedScores, lens, rollout, copies, cells } };
}
