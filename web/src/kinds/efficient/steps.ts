// The lesson on linear and sparse attention, on one seeded random sequence: full softmax attention
// (attention), the sparse patterns of Longformer and BigBird (sparseAttention: a sliding window,
// then global tokens, then random keys) and linear attention (linearAttention, φ = elu + 1). Each
// output is shown beside full attention's; every number is the engine's, this file arranges them.
import type { AttentionLab } from '../../../lib/index.js';
import type { Built } from '../kind.js';
import type { EfficientInputs, MatrixPanel, ParametersPanel, Step, TextPanel } from '../../model/types.js';
import { randomExplain } from '../shared/explain-sources.js';
import { LIMITS } from '../../model/limits.js';
import { formatNumber } from '../../model/format.js';
import { InputRefusal } from '../../model/refusal.js';
import { integerField, labels, seedField, shape } from '../shared/fields.js';

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
      throw new InputRefusal(`globalTokens[${i}]: expected a token position (a whole number from 0), or "${NONE}" alone, got ${String(position).slice(0, 20)}`);
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
  const E = LIMITS.efficient;
  const globals = globalPositions(inputs);

  const matrix = (name: string, caption: string, data: number[][], colour: MatrixPanel['colour'], extra: Partial<MatrixPanel> = {}): MatrixPanel =>
    ({ type: 'matrix', name, caption, data, rowLabels: tokens, colLabels: columns, colour, ...extra });
  const weights = (name: string, caption: string, trace: { weights: number[][] }, mask?: number[][]): MatrixPanel => ({
    type: 'matrix', name, caption: `${caption} (${shape(n, n)})`, data: trace.weights, rowLabels: tokens, colLabels: tokens, colour: 'weights',
    ...(mask ? { blocked: mask } : {}),
    explain: { stage: 'weight', args: mask ? { ...qkv, mask } : qkv, symbol: 'w' },
  });
  const outputOf = (mask?: number[][]): Partial<MatrixPanel> => ({ explain: { stage: 'output', args: mask ? { ...qkv, mask } : qkv, symbol: 'o' } });
  const fullOutput = matrix('full-output', `full attention’s output (${shape(n, d)})`, t.full.output, 'diverging', outputOf());
  const drawn = (symbol: string): Partial<MatrixPanel> => ({ explain: randomExplain(symbol, inputs.seed, 'Q, K and V (one draw, split in three)') });
  const facts = (name: string, caption: string, rows: [string, string][]): TextPanel => ({ type: 'facts', name, caption, facts: rows });
  const sparseFacts = (name: string, trace: Pattern): TextPanel => facts(name, 'What this pattern keeps', [
    ['keys per row', trace.keysPerRow.join(', ')],
    ['largest intermediate (peakCells)', String(trace.peakCells)],
    ['full attention keeps', `${n} keys per row`],
  ]);

  const parameters: ParametersPanel = {
    type: 'parameters',
    name: 'settings',
    caption: 'Sequence and patterns',
    fields: [
      integerField('length', 'tokens n', inputs.length, E.length),
      integerField('dModel', 'width d', inputs.dModel, E.dModel),
      integerField('window', 'window', inputs.window, E.window),
      { name: 'globalTokens', label: 'global tokens (positions)', kind: 'tokens', value: globals.length > 0 ? globals.join(' ') : NONE },
      integerField('randomPerRow', 'random keys per row', inputs.randomPerRow, E.randomPerRow),
      seedField(inputs.seed),
    ],
  };

  const steps: Step[] = [];
  steps.push({
    id: 'inputs',
    title: 'One sequence, four ways to attend',
    text: `The engine drew a sequence of ${n} tokens: queries, keys and values of width ${d} (normal random numbers, seed ${inputs.seed}). ` +
      'Full attention compares every query with every key, n² comparisons. The next steps keep only some of them (sparse attention) ' +
      'or change the formula so that no n × n matrix is ever made (linear attention), and put each output beside full attention’s.',
    formula: String.raw`\mathrm{Attention}(Q,K,V) = \mathrm{softmax}\!\left(\frac{QK^{\top}}{\sqrt{d}}\right)V,\qquad Q, K, V \in \mathbb{R}^{${n}\times ${d}}`,
    panels: [
      parameters,
      matrix('query', `Q — queries (${shape(n, d)})`, t.query, 'diverging', drawn('q')),
      matrix('key', `K — keys (${shape(n, d)})`, t.key, 'diverging', drawn('k')),
      matrix('value', `V — values (${shape(n, d)})`, t.value, 'diverging', drawn('v')),
    ],
  });

  steps.push({
    id: 'full',
    title: 'Full attention: every query reads every key',
    text: `Each of the ${n} rows of weights spreads over all ${n} keys: ${n} × ${n} weights, ` +
      'computed and stored. Doubling the sequence quadruples them. This is what the other patterns are measured against. Select a weight to see its softmax.',
    formula: String.raw`\htmlClass{focus}{W = \mathrm{softmax}\!\left(\frac{QK^{\top}}{\sqrt{d}}\right)} \in \mathbb{R}^{n\times n},\qquad O = WV`,
    panels: [weights('full-weights', 'full attention’s weights', t.full), fullOutput],
  });

  const sparse = (id: string, title: string, text: string, formula: string, trace: Pattern, caption: string): Step => ({
    id,
    title,
    text,
    formula,
    panels: [
      weights(`${id}-weights`, caption, trace, trace.mask),
      sparseFacts(`${id}-facts`, trace),
      matrix(`${id}-output`, `this pattern’s output (${shape(n, d)})`, trace.output, 'diverging', outputOf(trace.mask)),
      fullOutput,
    ],
  });
  const inWindow = String.raw`|i - j| \le w`;
  steps.push(sparse('window', `A sliding window of ${inputs.window}`,
    `Longformer (Beltagy et al., 2020) lets each token attend only to its neighbours: the keys within the window. The engine builds that mask and runs attention under it; ` +
      `blocked keys (hatched) get weight 0, and each row shares its weight among the keys it kept. The cost grows as n × window instead of n². ` +
      'Its output differs from full attention’s wherever a query’s weight lay outside the window: compare the two outputs.',
    String.raw`\htmlClass{focus}{\mathrm{mask}_{ij} = 1 \iff ${inWindow}}`, t.window, `window ${inputs.window}: weights`));
  steps.push(sparse('global', globals.length > 0 ? `Plus global tokens at ${globals.join(', ')}` : 'Plus global tokens (none chosen)',
    'A window cannot carry information across the sequence in one layer. Longformer adds global tokens: they attend to every key and every query attends to them, ' +
      'so their rows and columns are open. Set the positions in the parameters of the first step.',
    String.raw`\htmlClass{focus}{\mathrm{mask}_{ij} = 1 \iff ${inWindow}\ \lor\ i \in G\ \lor\ j \in G}`, t.global, 'window + global tokens: weights'));
  steps.push(sparse('random', `Plus ${inputs.randomPerRow} random keys per row`,
    `BigBird (Zaheer et al., 2020) adds, to the window and the global tokens, a few keys chosen at random for each row (drawn by the engine from seed ${inputs.seed}), ` +
      'so that any two tokens are joined by a short path through the layers. The pattern is still O(n) keys per row as n grows.',
    String.raw`\htmlClass{focus}{\mathrm{mask}_{ij} = 1 \iff ${inWindow}\ \lor\ i \in G\ \lor\ j \in G\ \lor\ j \in R_i}`, t.random, 'window + global + random: weights'));

  const l = t.linear;
  const features = (name: string, caption: string, data: number[][], input: number[][], inputSymbol: string): MatrixPanel =>
    matrix(name, caption, data, 'none', { explain: { stage: 'activation', args: { activation: 'elu+1', input, inputSymbol }, symbol: 'φ' } });
  steps.push({
    id: 'features',
    title: 'Linear attention: a feature map instead of the softmax',
    text: 'Katharopoulos et al. (2020) replace exp(q·k) by φ(q)·φ(k) with φ(x) = elu(x) + 1, which is always positive. ' +
      'Then (φ(Q)φ(K)ᵀ)V can be computed as φ(Q)(φ(K)ᵀV), and the n × n matrix is never formed. The engine applied φ to every query and key:',
    formula: String.raw`\htmlClass{focus}{\varphi(x) = \mathrm{elu}(x) + 1 = \begin{cases} x + 1 & x > 0 \\ e^{x} & x \le 0 \end{cases}}`,
    panels: [
      features('feature-query', `φ(Q) (${shape(n, d)})`, l.featureQuery, t.query, 'q'),
      features('feature-key', `φ(K) (${shape(n, d)})`, l.featureKey, t.key, 'k'),
    ],
  });

  const source = { featureKey: l.featureKey, value: t.value, state: l.state };
  steps.push({
    id: 'state',
    title: `The state: ${d} × ${d} numbers, whatever n is`,
    text: `Every key and value is folded into one ${d} × ${d} matrix S = φ(K)ᵀV and one normalizer z = φ(K)ᵀ1 (the sum of the feature rows). ` +
      `Their size does not depend on n: the ${n} tokens cost n·d² to fold in, not n². Select a cell of S to see which φ(k)·v products add up to it.`,
    formula: String.raw`\htmlClass{focus}{S = \varphi(K)^{\top} V = \sum_{j} \varphi(k_j)\, v_j^{\top}},\qquad z = \sum_j \varphi(k_j)`,
    panels: [
      { type: 'matrix', name: 'state', caption: `S = φ(K)ᵀV (${shape(d, d)})`, data: l.state, rowLabels: labels(undefined, d, 'φ'), colLabels: labels(undefined, d, 'v'), colour: 'none',
        explain: { stage: 'linearState', args: source, symbol: 'S' } },
      { type: 'matrix', name: 'normalizer', caption: `z = φ(K)ᵀ1 (${shape(1, d)})`, data: [l.normalizer], rowLabels: ['z'], colLabels: labels(undefined, d, 'φ'), colour: 'none',
        explain: { stage: 'columnSum', args: { data: l.featureKey, dataSymbol: 'φ(K)', dataPanel: 'feature-key' }, symbol: 'z' } },
      features('feature-key', `φ(K) (${shape(n, d)})`, l.featureKey, t.key, 'k'),
      matrix('value', `V (${shape(n, d)})`, t.value, 'diverging', drawn('v')),
    ],
  });

  steps.push({
    id: 'linear-output',
    title: 'Linear attention’s output is not softmax attention’s',
    text: 'Each output row is φ(qᵢ)·S divided by φ(qᵢ)·z. It weighs the values by φ(q)·φ(k) rather than by exp(q·k/√d), so it is a different model, not an approximation that converges to full attention: ' +
      `compare its rows with full attention’s. Its largest intermediate holds ${formatNumber(l.peakCells)} numbers (the engine’s peakCells), against the ${n} × ${n} weights of full attention.`,
    formula: String.raw`\htmlClass{focus}{o_i = \frac{\varphi(q_i)^{\top} S}{\varphi(q_i)^{\top} z}}\quad\text{vs}\quad o_i = \sum_j \frac{e^{q_i\cdot k_j/\sqrt{d}}}{\sum_{j'} e^{q_i\cdot k_{j'}/\sqrt{d}}}\, v_j`,
    panels: [
      matrix('linear-output', `linear attention’s output (${shape(n, d)})`, l.output, 'diverging',
        { explain: { stage: 'linearRatio', args: { featureQuery: l.featureQuery, state: l.state, normalizer: l.normalizer }, symbol: 'o' } }),
      fullOutput,
    ],
  });
  return { steps, trace: t };
}
