// Steps of the lesson "From text to tokens", generated from the engine's characterTokenizer,
// trainTokenizer, countPairs, tokenize and diagnoseTokenizer. Step ids follow the passes of a
// byte-level BPE: text (characters), bytes (pass 1), pairs and merge (one merge of pass 2), merges
// (pass 2 whole), tokenize (the merges applied to a new text) and characters (the contrast).
// Every number shown comes from a trace; this file picks them out, labels them and words them.
import type { AttentionLab, ByteMerge, CharacterTokenizerTrace, PairCount, TokenizeTrace, TrainTokenizerTrace } from '../../../lib/index.js';
import type { Built } from '../kind.js';
import type { ChartPanel, MatrixPanel, ParameterField, ParametersPanel, Step, TextPanel } from '../../model/types.js';
import { integerField, shape, titled } from '../shared/fields.js';
import { tokensInputs, type TokensInputs } from './inputs.js';
import { hexBytes, pairLabel, shownText, tokenLabel, type CellSource } from './labels.js';
import { w } from './words-en.js';

/** Pairs the pair table lists: the most frequent, which is where the merges come from. */
const PAIR_ROWS = 12;

/** The traces the steps came from, and what "explain this number" needs for each panel. */
export interface TokensTraces {
  characters: CharacterTokenizerTrace;
  trained: TrainTokenizerTrace;
  /** The new text tokenized with the learned merges. */
  applied: TokenizeTrace;
  /** How each trace-explained panel's cells were computed, by panel name. */
  cells: Record<string, CellSource>;
}

export function tokensSteps(lab: AttentionLab, inputs: TokensInputs): Built<TokensTraces> {
  const { text, merges, newText } = inputs;
  const characters = lab.characterTokenizer({ text });
  const trained = lab.trainTokenizer({ text, merges });
  const pairs = trained.merges.map((m) => m.pair);
  const applied = lab.tokenize({ text: newText, ...(pairs.length > 0 ? { merges: pairs } : {}) });
  const made = trained.merges;
  const label = (token: number) => tokenLabel(token, made);
  const cells: Record<string, CellSource> = {};
  const matrix = (name: string, title: string, data: number[][], rowLabels: string[], colLabels: string[], source: CellSource, symbol: string): MatrixPanel => {
    cells[name] = source;
    return { type: 'matrix', name, ...titled(title, shape(data.length, data[0].length)), data, rowLabels, colLabels, colour: 'none', explain: { stage: 'trace', symbol } };
  };
  const sentenceField: ParameterField = { name: 'text', label: w('tokens-sentence'), kind: 'text', value: text };
  const mergesField = integerField('merges', w('tokens-merges'), merges, tokensInputs.merges);
  const parameters = (name: string, fields: ParameterField[]): ParametersPanel => ({ type: 'parameters', name, caption: w('tokens-parameters-caption'), fields });
  const steps: Step[] = [];

  // ---- text: the sentence, one character at a time -------------------------------------------
  const codePoints = characters.ids.map((id) => characters.codePoints[id]);
  steps.push({
    id: 'text',
    title: w('tokens-text-title'),
    text: w('tokens-text-text', { characters: String(characters.characters.length), distinct: String(characters.vocabulary.length) }),
    formula: String.raw`s \;\to\; \htmlClass{focus}{(c_1, c_2, \dots, c_n)}`,
    panels: [
      parameters('sentence', [sentenceField, mergesField]),
      matrix('code-points', w('tokens-matrix-code-points'), [codePoints], [w('tokens-code-point')], characters.characters.map(shownText),
        { kind: 'code-point', characters: characters.characters }, 'U'),
    ],
  });

  // ---- bytes: UTF-8, one to four bytes per character -----------------------------------------
  // Each character's bytes, as the engine encodes it alone: the labels say which byte is whose.
  const bytesOf = new Map(characters.vocabulary.map((c) => [c, lab.tokenize({ text: c }).bytes]));
  const owners = characters.characters.flatMap((c) => (bytesOf.get(c) ?? []).map((_, k, all) => ({ character: c, index: k, count: all.length })));
  const wide = characters.vocabulary.filter((c) => (bytesOf.get(c)?.length ?? 1) > 1);
  steps.push({
    id: 'bytes',
    title: w('tokens-bytes-title'),
    text: w('tokens-bytes-text', { characters: String(characters.characters.length), bytes: String(trained.bytes.length) }),
    formula: String.raw`c \;\mapsto\; \htmlClass{focus}{\mathrm{UTF\text{-}8}(c)} \in \{0, \dots, 255\}^{1 \dots 4}`,
    panels: [
      matrix('bytes', w('tokens-matrix-bytes'), [trained.bytes], [w('tokens-byte')],
        owners.map((o) => (o.count > 1 ? `${shownText(o.character)}${o.index + 1}` : shownText(o.character))),
        { kind: 'byte', owners }, 'b'),
      {
        type: 'facts',
        name: 'byte-facts',
        caption: w('tokens-from-engine'),
        facts: [
          [w('tokens-characters'), String(characters.characters.length)],
          [w('tokens-bytes'), String(trained.bytes.length)],
          ...wide.map((c): [string, string] => [w('tokens-bytes-of', { character: c }), hexBytes(bytesOf.get(c) ?? [])]),
        ],
      } satisfies TextPanel,
      parameters('sentence', [sentenceField, mergesField]),
    ],
  });

  // ---- pairs: every adjacent pair counted --------------------------------------------------
  const counted = lab.countPairs({ tokens: trained.bytes }).pairs;
  const listed = counted.slice(0, PAIR_ROWS);
  const top = listed[0] as PairCount | undefined;
  const tied = counted.filter((p) => top !== undefined && p.count === top.count).length;
  const pairColumns = [w('tokens-count'), w('tokens-without-overlap'), w('tokens-first')];
  steps.push({
    id: 'pairs',
    title: w('tokens-pairs-title'),
    text: top === undefined
      ? w('tokens-pairs-none')
      : w(tied > 1 ? 'tokens-pairs-text-tied' : 'tokens-pairs-text', {
        distinct: String(counted.length), pairs: String(trained.bytes.length - 1), pair: pairLabel(top.pair, label),
        count: String(top.count), tied: String(tied), first: String(top.first),
      }),
    formula: String.raw`\htmlClass{focus}{\mathrm{count}(a, b) = \#\{\, i : x_i = a,\ x_{i+1} = b \,\}}`,
    panels: top === undefined
      ? [parameters('sentence', [sentenceField, mergesField])]
      : [
        {
          ...matrix('pair-counts', w('tokens-matrix-pairs', { shown: String(listed.length), all: String(counted.length) }),
            listed.map((p) => [p.count, p.withoutOverlap, p.first]), listed.map((p) => pairLabel(p.pair, label)), pairColumns,
            { kind: 'pair', pairs: listed }, 'n'),
          // The top count, every pair that shares it, and the first position that breaks the tie.
          focus: [...listed.flatMap((p, r): [number, number][] => (p.count === top.count ? [[r, 0]] : [])), [0, 2]],
        },
        parameters('sentence', [sentenceField, mergesField]),
      ],
  });

  // ---- merge: the most frequent pair becomes token 256 -------------------------------------
  const first = made[0] as ByteMerge | undefined;
  if (first) {
    const after = lab.trainTokenizer({ text, merges: 1 }).tokens;
    steps.push({
      id: 'merge',
      title: w('tokens-merge-title'),
      text: w(first.count === first.replaced ? 'tokens-merge-text-all' : 'tokens-merge-text', {
        pair: pairLabel(first.pair, label), count: String(first.count), replaced: String(first.replaced),
        before: String(trained.bytes.length), after: String(first.length), spelled: label(first.token),
      }),
      formula: String.raw`x \;\leftarrow\; x\big[(a, b) \to \htmlClass{focus}{256}\big]`,
      panels: [
        {
          type: 'facts',
          name: 'merge-facts',
          caption: w('tokens-from-engine'),
          facts: [
            [w('tokens-merged-pair'), pairLabel(first.pair, label)],
            [w('tokens-count'), String(first.count)],
            [w('tokens-replaced'), String(first.replaced)],
            [w('tokens-new-token'), `${first.token} = ${label(first.token)} (${hexBytes(first.bytes)})`],
            [w('tokens-length-change'), `${trained.bytes.length} → ${first.length}`],
          ],
        } satisfies TextPanel,
        {
          ...matrix('after-merge', w('tokens-matrix-after-merge'), [after], [w('tokens-token')], after.map(label),
            { kind: 'sequence', tokens: after, merges: made }, 't'),
          // The new token wherever it replaced the pair.
          focus: after.flatMap((token, i): [number, number][] => (token === first.token ? [[0, i]] : [])),
        },
      ],
    });
  }

  // ---- merges: merge after merge, shorter sequence, bigger vocabulary -----------------------
  const mergeColumns = [w('tokens-left'), w('tokens-right'), w('tokens-count'), w('tokens-replaced'), w('tokens-token'), w('tokens-length')];
  const lengths: [number, number][] = [[256, trained.bytes.length], ...made.map((m): [number, number] => [m.token + 1, m.length])];
  steps.push({
    id: 'merges',
    title: w('tokens-merges-title'),
    text: w(trained.stoppedEarly ? 'tokens-merges-text-stopped' : 'tokens-merges-text', {
      asked: String(merges), made: String(made.length), vocabulary: String(trained.vocabularySize),
      before: String(trained.bytes.length), after: String(trained.tokens.length),
    }),
    formula: String.raw`|V| = 256 + k, \qquad \htmlClass{focus}{n_k = n_{k-1} - \mathrm{replaced}_k}`,
    panels: [
      ...(made.length > 0
        ? [matrix('merge-table', w('tokens-matrix-merges'), made.map((m) => [m.pair[0], m.pair[1], m.count, m.replaced, m.token, m.length]),
          made.map((m) => label(m.token)), mergeColumns, { kind: 'merge', merges: made, start: trained.bytes.length }, 'm')]
        : []),
      {
        type: 'chart',
        name: 'length-against-vocabulary',
        caption: w('tokens-chart-caption'),
        xLabel: w('tokens-vocabulary-size'),
        yLabel: w('tokens-sequence-length'),
        xScale: 'linear',
        series: [{ label: w('tokens-your-sentence'), points: lengths }],
      } satisfies ChartPanel,
      matrix('final-tokens', w('tokens-matrix-final'), [trained.tokens], [w('tokens-token')], trained.tokens.map(label),
        { kind: 'sequence', tokens: trained.tokens, merges: made }, 't'),
      parameters('merges', [mergesField, sentenceField]),
    ],
  });

  // ---- tokenize: a new text, the lowest merge first, again and again -----------------------
  const newField: ParameterField = { name: 'newText', label: w('tokens-new-sentence'), kind: 'text', value: newText };
  const graded = lab.diagnoseTokenizer({ text, merges, question: 'tokens', newText, answer: applied.tokens.length });
  const longest = graded.candidates.find((c) => c.misconception === 'longestMatch')?.value ?? applied.tokens.length;
  const appliedTokens = applied.pieces.map((p) => p.token);
  steps.push({
    id: 'tokenize',
    title: w('tokens-tokenize-title'),
    text: w(longest === applied.tokens.length ? 'tokens-tokenize-text-same' : 'tokens-tokenize-text', {
      bytes: String(applied.bytes.length), steps: String(applied.steps.length), tokens: String(applied.tokens.length), longest: String(longest),
    }),
    formula: String.raw`x \leftarrow x\big[(a_k, b_k) \to 256 + k\big],\quad \htmlClass{focus}{k = \min\{\, j : (a_j, b_j) \in x \,\}}`,
    panels: [
      parameters('new-sentence', [newField]),
      ...(applied.steps.length > 0
        ? [matrix('tokenize-steps', w('tokens-matrix-applied'), applied.steps.map((s) => [s.merge, s.token, s.replaced, s.tokens.length]),
          applied.steps.map((s) => label(s.token)), [w('tokens-merge'), w('tokens-token'), w('tokens-replaced'), w('tokens-length')],
          { kind: 'applied', steps: applied.steps, start: applied.bytes.length }, 's')]
        : []),
      matrix('new-tokens', w('tokens-matrix-new'), [appliedTokens], [w('tokens-token')], appliedTokens.map(label),
        { kind: 'sequence', tokens: appliedTokens, merges: made }, 't'),
    ],
  });

  // ---- characters: one token per character, for contrast -----------------------------------
  const compare = [
    [256, trained.bytes.length],
    [trained.vocabularySize, trained.tokens.length],
    [characters.vocabulary.length, characters.characters.length],
  ];
  steps.push({
    id: 'characters',
    title: w('tokens-characters-title'),
    text: w('tokens-characters-text', {
      distinct: String(characters.vocabulary.length), characters: String(characters.characters.length),
      vocabulary: String(trained.vocabularySize), tokens: String(trained.tokens.length),
    }),
    formula: String.raw`\htmlClass{focus}{|V|} \;\leftrightarrow\; \htmlClass{focus}{n}`,
    panels: [
      matrix('compare', w('tokens-matrix-compare'), compare, [w('tokens-by-bytes'), w('tokens-by-bpe', { merges: String(made.length) }), w('tokens-by-characters')],
        [w('tokens-vocabulary'), w('tokens-length')], { kind: 'compare', merges: made.length, rows: compare }, 'n'),
      matrix('character-ids', w('tokens-matrix-character-ids'), [characters.ids], [w('tokens-id')], characters.characters.map(shownText),
        { kind: 'character-id', characters: characters.characters, vocabulary: characters.vocabulary }, 'id'),
      parameters('sentence', [sentenceField, mergesField]),
    ],
  });

  return { steps, trace: { characters, trained, applied, cells } };
}
