// The lesson on linear and sparse attention, on one seeded random sequence: full softmax attention
// (attention), the sparse patterns of Longformer and BigBird (sparseAttention: a sliding window,
// then global tokens, then random keys) and linear attention (linearAttention, φ = elu + 1). Each
// output is shown beside full attention's; every number is the engine's, this file arranges them.
import type { AttentionLab } from '../../../lib/index.js';
import type { Built } from '../kind.js';
import type { MatrixPanel, ParametersPanel, Step, TextPanel } from '../../model/types.js';
import type { EfficientInputs } from './inputs.js';
import { randomExplain } from '../shared/explain-sources.js';
import { efficientInputs } from './inputs.js';
import { formatNumber } from '../../model/format.js';
import { InputRefusal } from '../../model/refusal.js';
import { integerField, labels, seedField, shape, titled } from '../shared/fields.js';
import { w as attentionWords } from '../attention/words-en.js';
import { w } from './words-en.js';

/** A sparse pattern as the traced call returns it (traced, so its weights and mask are there). */
interface Pattern {
  weights: number[][];
  mask: number[][];
  output: number[][];
  keysPerRow: number[];
  peakCells: number;
}

type LinearTrace = ReturnType<AttentionLab['linearAttention']>;

/** A field a traced call always returns (the lean `trace: false` path leaves it out). */
function traced<T>(value: T | undefined, name: string): T {
  if (value === undefined) throw new Error(`${name}: expected in a traced result, got nothing`);
  return value;
}

function pattern(trace: ReturnType<AttentionLab['sparseAttention']>): Pattern {
  const { output, keysPerRow, peakCells } = trace;
  return { weights: traced(trace.weights, 'weights'), mask: traced(trace.mask, 'mask'), output, keysPerRow, peakCells };
}

/** The traces the steps came from. */
export interface EfficientTraces {
  query: number[][];
  key: number[][];
  value: number[][];
  full: ReturnType<AttentionLab['attention']>;
  window: Pattern;
  global: Pattern;
  random: Pattern;
  linear: LinearTrace & { featureQuery: number[][]; featureKey: number[][] };
}

/**
 * Global tokens as the engine takes them: positions typed into the panel are texts until here
 * ("none" for no global token). Whether each is a position of the sequence is the engine's check.
 */
export function globalPositions(inputs: EfficientInputs): number[] {
  const given = inputs.globalTokens;
  if (given.length === 1 && given[0] === NONE) return [];
  return given.map((position, i) => {
    const value = typeof position === 'number' ? position : Number(position);
    if (!Number.isInteger(value)) {
      throw new InputRefusal(`globalTokens[${i}]: expected a token position (a whole number from 0), or "${NONE}" alone, got ${JSON.stringify(String(position).slice(0, 20))}`);
    }
    return value;
  });
}

/** What the global-tokens control shows, and accepts, for no global token. */
export const NONE = 'none';

export function efficientTraces(lab: AttentionLab, inputs: EfficientInputs): EfficientTraces {
  const n = inputs.length;
  // One draw of 3n rows, split into Q, K and V: one seed gives the whole sequence.
  const drawn = lab.randomMatrix({ rows: 3 * n, cols: inputs.dModel, seed: inputs.seed });
  const [query, key, value] = [drawn.slice(0, n), drawn.slice(n, 2 * n), drawn.slice(2 * n)];
  const qkv = { query, key, value };
  // The engine takes a list of at least one position, or none at all.
  const positions = globalPositions(inputs);
  const globalTokens = positions.length > 0 ? { globalTokens: positions } : {};
  const linear = lab.linearAttention(qkv);
  return {
    query, key, value,
    full: lab.attention(qkv),
    window: pattern(lab.sparseAttention({ ...qkv, window: inputs.window })),
    global: pattern(lab.sparseAttention({ ...qkv, window: inputs.window, ...globalTokens })),
    random: pattern(lab.sparseAttention({ ...qkv, window: inputs.window, ...globalTokens, randomPerRow: inputs.randomPerRow, seed: inputs.seed })),
    linear: { ...linear, featureQuery: traced(linear.featureQuery, 'featureQuery'), featureKey: traced(linear.featureKey, 'featureKey') },
  };
}

export function efficientSteps(lab: AttentionLab, inputs: EfficientInputs): Built<EfficientTraces> {
  const t = efficientTraces(lab, inputs);
  const n = t.query.length;
  const d = t.query[0].length;
  const tokens = labels(undefined, n, 'x');
  const columns = labels(undefined, d, 'c');
  const qkv = { query: t.query, key: t.key, value: t.value };
  const E = efficientInputs;
  const globals = globalPositions(inputs);

  const matrix = (name: string, title: string, data: number[][], colour: MatrixPanel['colour'], extra: Partial<MatrixPanel> = {}): MatrixPanel =>
    ({ type: 'matrix', name, ...titled(title, shape(n, d)), data, rowLabels: tokens, colLabels: columns, colour, ...extra });
  const weights = (name: string, title: string, trace: { weights: number[][] }, mask?: number[][]): MatrixPanel => ({
    type: 'matrix', name, ...titled(title, shape(n, n)), data: trace.weights, rowLabels: tokens, colLabels: tokens, colour: 'weights',
    ...(mask ? { blocked: mask } : {}),
    explain: { stage: 'weight', args: mask ? { ...qkv, mask } : qkv, symbol: 'w' },
  });
  const outputOf = (mask?: number[][]): Partial<MatrixPanel> => ({ explain: { stage: 'output', args: mask ? { ...qkv, mask } : qkv, symbol: 'o' } });
  const fullOutput = matrix('full-output', w('efficient-matrix-full-output'), t.full.output, 'diverging', outputOf());
  const drawn = (symbol: string): Partial<MatrixPanel> => ({ explain: randomExplain(symbol, inputs.seed, w('efficient-drawn')) });
  const facts = (name: string, caption: string, rows: [string, string][]): TextPanel => ({ type: 'facts', name, caption, facts: rows });
  const sparseFacts = (name: string, trace: Pattern): TextPanel => facts(name, w('efficient-pattern-keeps'), [
    [w('efficient-keys-per-row'), trace.keysPerRow.join(', ')],
    [w('efficient-largest'), String(trace.peakCells)],
    [w('efficient-full-keeps'), w('efficient-full-keeps-value', { n: String(n) })],
  ]);

  const parameters: ParametersPanel = {
    type: 'parameters',
    name: 'settings',
    caption: w('efficient-settings'),
    fields: [
      integerField('length', w('efficient-tokens'), inputs.length, E.length),
      integerField('dModel', w('efficient-width'), inputs.dModel, E.dModel),
      integerField('window', w('efficient-window'), inputs.window, E.window),
      { name: 'globalTokens', label: w('efficient-global-tokens'), kind: 'tokens', value: globals.length > 0 ? globals.join(' ') : NONE },
      integerField('randomPerRow', w('efficient-random-per-row'), inputs.randomPerRow, E.randomPerRow),
      seedField(inputs.seed),
    ],
  };

  const steps: Step[] = [];
  steps.push({
    id: 'inputs',
    title: w('efficient-inputs-title'),
    text: w('efficient-inputs-text', { n: String(n), d: String(d), seed: String(inputs.seed) }),
    formula: String.raw`\mathrm{Attention}(Q,K,V) = \mathrm{softmax}\!\left(\frac{QK^{\top}}{\sqrt{d}}\right)V,\qquad Q, K, V \in \mathbb{R}^{${n}\times ${d}}`,
    panels: [
      parameters,
      matrix('query', attentionWords('attention-matrix-query'), t.query, 'diverging', drawn('q')),
      matrix('key', attentionWords('attention-matrix-key'), t.key, 'diverging', drawn('k')),
      matrix('value', attentionWords('attention-matrix-value'), t.value, 'diverging', drawn('v')),
    ],
  });

  steps.push({
    id: 'full',
    title: w('efficient-full-title'),
    text: w('efficient-full-text', { n: String(n) }),
    formula: String.raw`\htmlClass{focus}{W = \mathrm{softmax}\!\left(\frac{QK^{\top}}{\sqrt{d}}\right)} \in \mathbb{R}^{n\times n},\qquad O = WV`,
    panels: [weights('full-weights', w('efficient-full-weights'), t.full), fullOutput],
  });

  const sparse = (id: string, title: string, text: string, formula: string, trace: Pattern, weightsTitle: string): Step => ({
    id,
    title,
    text,
    formula,
    panels: [
      weights(`${id}-weights`, weightsTitle, trace, trace.mask),
      sparseFacts(`${id}-facts`, trace),
      matrix(`${id}-output`, w('efficient-matrix-pattern-output'), trace.output, 'diverging', outputOf(trace.mask)),
      fullOutput,
    ],
  });
  const inWindow = String.raw`|i - j| \le w`;
  steps.push(sparse('window', w('efficient-window-title', { window: String(inputs.window) }), w('efficient-window-text'),
    String.raw`\htmlClass{focus}{\mathrm{mask}_{ij} = 1 \iff ${inWindow}}`, t.window, w('efficient-window-weights', { window: String(inputs.window) })));
  steps.push(sparse('global', globals.length > 0 ? w('efficient-global-title', { positions: globals.join(', ') }) : w('efficient-global-title-none'),
    w('efficient-global-text'),
    String.raw`\htmlClass{focus}{\mathrm{mask}_{ij} = 1 \iff ${inWindow}\ \lor\ i \in G\ \lor\ j \in G}`, t.global, w('efficient-global-weights')));
  steps.push(sparse('random', w('efficient-random-title', { count: String(inputs.randomPerRow) }),
    w('efficient-random-text', { seed: String(inputs.seed) }),
    String.raw`\htmlClass{focus}{\mathrm{mask}_{ij} = 1 \iff ${inWindow}\ \lor\ i \in G\ \lor\ j \in G\ \lor\ j \in R_i}`, t.random, w('efficient-random-weights')));

  const l = t.linear;
  const features = (name: string, title: string, data: number[][], input: number[][], inputSymbol: string): MatrixPanel =>
    matrix(name, title, data, 'none', { explain: { stage: 'activation', args: { activation: 'elu+1', input, inputSymbol }, symbol: 'φ' } });
  steps.push({
    id: 'features',
    title: w('efficient-features-title'),
    text: w('efficient-features-text'),
    formula: String.raw`\htmlClass{focus}{\varphi(x) = \mathrm{elu}(x) + 1 = \begin{cases} x + 1 & x > 0 \\ e^{x} & x \le 0 \end{cases}}`,
    panels: [
      features('feature-query', 'φ(Q)', l.featureQuery, t.query, 'q'),
      features('feature-key', 'φ(K)', l.featureKey, t.key, 'k'),
    ],
  });

  const source = { featureKey: l.featureKey, value: t.value, state: l.state };
  steps.push({
    id: 'state',
    title: w('efficient-state-title', { d: String(d) }),
    text: w('efficient-state-text', { d: String(d), n: String(n) }),
    formula: String.raw`\htmlClass{focus}{S = \varphi(K)^{\top} V = \sum_{j} \varphi(k_j)\, v_j^{\top}},\qquad z = \sum_j \varphi(k_j)`,
    panels: [
      { type: 'matrix', name: 'state', ...titled('S = φ(K)ᵀV', shape(d, d)), data: l.state, rowLabels: labels(undefined, d, 'φ'), colLabels: labels(undefined, d, 'v'), colour: 'none',
        explain: { stage: 'linearState', args: source, symbol: 'S' } },
      { type: 'matrix', name: 'normalizer', ...titled('z = φ(K)ᵀ1', shape(1, d)), data: [l.normalizer], rowLabels: ['z'], colLabels: labels(undefined, d, 'φ'), colour: 'none',
        explain: { stage: 'columnSum', args: { data: l.featureKey, dataSymbol: 'φ(K)', dataPanel: 'feature-key' }, symbol: 'z' } },
      features('feature-key', 'φ(K)', l.featureKey, t.key, 'k'),
      matrix('value', 'V', t.value, 'diverging', drawn('v')),
    ],
  });

  steps.push({
    id: 'linear-output',
    title: w('efficient-linear-title'),
    text: w('efficient-linear-text', { peak: formatNumber(l.peakCells), n: String(n) }),
    formula: String.raw`\htmlClass{focus}{o_i = \frac{\varphi(q_i)^{\top} S}{\varphi(q_i)^{\top} z}}\quad\text{vs}\quad o_i = \sum_j \frac{e^{q_i\cdot k_j/\sqrt{d}}}{\sum_{j'} e^{q_i\cdot k_{j'}/\sqrt{d}}}\, v_j`,
    panels: [
      matrix('linear-output', w('efficient-matrix-linear-output'), l.output, 'diverging',
        { explain: { stage: 'linearRatio', args: { featureQuery: l.featureQuery, state: l.state, normalizer: l.normalizer }, symbol: 'o' } }),
      fullOutput,
    ],
  });
  return { steps, trace: t };
}
