// Steps of a sentence read by the language model, generated from its attention and the engine's
// wordAttention. Step ids name what is read: characters (the tokens and the words they make),
// head (one head between characters), to-words (each character's weight on each word), words (the
// same head between words) and heads (every head of the layer between words). Every number shown
// comes from a trace; this file picks them out, labels them and words them.
import type { AttentionLab, LanguageModel, LanguageModelAttention, WordAttentionTrace } from '../../../lib/index.js';
import type { Built } from '../kind.js';
import type { MatrixPanel, ParameterField, ParametersPanel, Step, TextPanel } from '../../model/types.js';
import { formatNumber } from '../../model/format.js';
import { InputRefusal, isRefusal } from '../../model/refusal.js';
import { shape, titled } from '../shared/fields.js';
import { counted, engineHead, headLabel, pieceLabel } from '../inside-model/labels.js';
import type { ModelSentenceInputs } from './inputs.js';
import { w } from './words-en.js';

/** How each trace-explained panel's cells were computed (explain.ts writes them out). */
export type SentenceCell =
  | { kind: 'head-weight'; layer: number; head: number }
  | { kind: 'to-word'; layer: number; head: number }
  | { kind: 'word-weight'; layer: number; head: number };

/** The traces the steps came from, and what "explain this number" needs for each panel. */
export interface SentenceTraces {
  attention: LanguageModelAttention;
  /** wordAttention of every head of the layer in focus, head by head. */
  words: WordAttentionTrace[];
  layer: number;
  head: number;
  cells: Record<string, SentenceCell>;
}

/** The tokens of word `word`, in order, from the engine's word of each token (wordAttention's wordOf). */
export const tokensOf = (wordOf: readonly number[], word: number): number[] => wordOf.flatMap((owner, i) => (owner === word ? [i] : []));

/** The word panel of head `h`: its name, for the panels and the exercises that point at them. */
export const wordPanel = (h: number): string => `head-${counted(h)}-words`;

export function sentenceSteps(lab: AttentionLab, model: LanguageModel, inputs: ModelSentenceInputs): Built<SentenceTraces> {
  const { text } = inputs;
  const config = model.config();
  // The learner counts layers and heads from 1, the engine from 0.
  const { layer, head } = engineHead(inputs, config);
  // First what the engine may refuse: a text with a character the model does not know.
  const attention = model.attention({ text });
  const { pieces } = attention;
  // The shipped model reads characters: every token is a whole one.
  const tokens = pieces.map((piece) => piece ?? '');
  let words: WordAttentionTrace[];
  try {
    words = attention.weights[layer].map((weights) => lab.wordAttention({ tokens, weights }));
  } catch (error) {
    // The engine names its own argument, the tokens; the learner typed `text`.
    if (isRefusal(error) && (error as { argument?: string }).argument === 'tokens') throw new InputRefusal(`text: expected at least one word (a character that is not a space), got ${JSON.stringify(text)}`);
    throw error;
  }
  const focus = words[head];
  const n = pieces.length;
  const m = focus.words.length;
  const labels = pieces.map(pieceLabel);
  const wordLabels = focus.words;
  const focused = headLabel(layer, head);
  const cells: Record<string, SentenceCell> = {};
  const matrix = (name: string, title: string, data: number[][], rowLabels: string[], colLabels: string[], source: SentenceCell, symbol: string): MatrixPanel => {
    cells[name] = source;
    return { type: 'matrix', name, ...titled(title, shape(data.length, data[0]?.length ?? 0)), data, rowLabels, colLabels, colour: 'weights', explain: { stage: 'trace', symbol } };
  };
  const textField: ParameterField = { name: 'text', label: w('sentence-text'), kind: 'text', value: text };
  const layerField: ParameterField = { name: 'layer', label: w('sentence-layer'), kind: 'integer', value: inputs.layer, min: 1, max: config.layers };
  const headField: ParameterField = { name: 'head', label: w('sentence-head'), kind: 'integer', value: inputs.head, min: 1, max: config.heads };
  const parameters = (name: string, fields: ParameterField[]): ParametersPanel => ({ type: 'parameters', name, caption: w('sentence-parameters-caption'), fields });
  const steps: Step[] = [];

  // ---- characters: the tokens, and the words they make ------------------------------------------
  const members = wordLabels.map((_, word) => tokensOf(focus.wordOf, word));
  const wordsPanel: TextPanel = {
    type: 'facts',
    name: 'words',
    caption: w('sentence-words-caption'),
    facts: members.map((indices, word) => [wordLabels[word], w('sentence-word-tokens', {
      characters: indices.map((i) => labels[i]).join(' '), ids: indices.map((i) => String(attention.tokens[i])).join(' '),
    })]),
  };
  steps.push({
    id: 'characters',
    title: w('sentence-characters-title'),
    text: w('sentence-characters-text', { tokens: String(n), words: String(m) }),
    formula: String.raw`s \;\to\; (c_0, c_1, \dots, c_{n-1}) \;\to\; \htmlClass{focus}{\text{words } a = \{\, i : c_i \in a \,\}}`,
    panels: [parameters('text', [textField, layerField, headField]), wordsPanel],
  });

  // ---- head: one head between characters ----------------------------------------------------------
  steps.push({
    id: 'head',
    title: w('sentence-head-title', { head: focused }),
    text: w('sentence-head-text', { head: String(inputs.head), layer: String(inputs.layer), tokens: String(n) }),
    formula: String.raw`\htmlClass{focus}{A} = \mathrm{softmax}\!\Big(\tfrac{Q K^{\top}}{\sqrt{d_k}} + M_{\text{causal}}\Big)`,
    panels: [
      parameters('head', [layerField, headField, textField]),
      matrix('head-weights', w('sentence-matrix-head', { head: focused }), attention.weights[layer][head], labels, labels, { kind: 'head-weight', layer, head }, 'A'),
    ],
  });

  // ---- to-words: each character's weight on each word -------------------------------------------
  steps.push({
    id: 'to-words',
    title: w('sentence-to-words-title'),
    text: w('sentence-to-words-text', { head: focused }),
    formula: String.raw`\htmlClass{focus}{S_{i,b} = \textstyle\sum_{j \in b} A_{i,j}}`,
    panels: [
      parameters('head', [layerField, headField, textField]),
      matrix('to-words', w('sentence-matrix-to-words', { head: focused }), focus.toWords, labels, wordLabels, { kind: 'to-word', layer, head }, 'S'),
    ],
  });

  // ---- words: the same head between words ------------------------------------------------------
  // The largest weight one word gives another, for the step's sentence (the table holds every number).
  const others = focus.weights.flatMap((row, a) => row.flatMap((x, b) => (a === b ? [] : [{ a, b, x }])));
  const strongest = others.reduce<{ a: number; b: number; x: number } | undefined>((best, cell) => (best === undefined || cell.x > best.x ? cell : best), undefined);
  steps.push({
    id: 'words',
    title: w('sentence-words-title'),
    text: strongest === undefined ? w('sentence-words-text-one', { head: focused }) : w('sentence-words-text', {
      head: focused, from: wordLabels[strongest.a], to: wordLabels[strongest.b], weight: formatNumber(strongest.x, 3),
    }),
    formula: String.raw`\htmlClass{focus}{W_{a,b} = \tfrac{1}{|a|} \textstyle\sum_{i \in a} S_{i,b}}`,
    panels: [
      parameters('head', [layerField, headField, textField]),
      matrix(wordPanel(head), w('sentence-matrix-words', { head: focused }), focus.weights, wordLabels, wordLabels, { kind: 'word-weight', layer, head }, 'W'),
    ],
  });

  // ---- heads: every head of the layer between words ---------------------------------------------
  steps.push({
    id: 'heads',
    title: w('sentence-heads-title', { layer: String(inputs.layer) }),
    text: w('sentence-heads-text', { layer: String(inputs.layer), heads: String(words.length), layers: String(config.layers) }),
    formula: String.raw`\htmlClass{focus}{W^{(h)}_{a,b}} = \tfrac{1}{|a|} \textstyle\sum_{i \in a} \sum_{j \in b} A^{(h)}_{i,j}, \quad h = 1 \dots ${words.length}`,
    panels: [
      parameters('layer', [layerField, textField]),
      ...words.map((trace, h) => matrix(wordPanel(h), w('sentence-matrix-words', { head: headLabel(layer, h) }), trace.weights, wordLabels, wordLabels, { kind: 'word-weight', layer, head: h }, 'W')),
    ],
  });

  return { steps, trace: { attention, words, layer, head, cells } };
}
