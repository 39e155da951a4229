// The lesson on the KV cache: a seeded random sequence decoded one token at a time by the engine's
// kvCacheDecode (each new token's key and value are appended to the cache, and only its query
// attends over it), checked against multiHeadAttention recomputing everything under a causal
// mask with the same weights, with the multiply-adds of both ways per step (Pope et al. 2022).
// The memory step sizes the cache of a public model, 2 · layers · n · d_model · bytes, with the
// engine's kvCacheMemory, the formula written out beside it.
import type { AttentionLab, MatrixDifferenceTrace, MultiHeadAttentionTrace } from '../../../lib/index.js';
import type { ChartPanel, KvCacheInputs, MatrixPanel, ParametersPanel, Step, TextPanel } from '../../model/types.js';
import { LIMITS } from '../../model/limits.js';
import { linearExplain, randomExplain } from '../shared/explain-sources.js';
import { formatDifference, formatNumber } from '../../model/format.js';
import { integerField, labels, seedField, shape } from '../shared/fields.js';
import type { Built } from '../kind.js';
import { KV_BYTES, KV_MODELS, modelOf } from './models.js';

export type KvDecodeTrace = ReturnType<AttentionLab['kvCacheDecode']>;
type KvMemoryTrace = ReturnType<AttentionLab['kvCacheMemory']>;

/** The traces the steps came from: the input, the decode, the recomputation and their difference. */
export interface KvCacheTraces {
  input: number[][];
  decode: KvDecodeTrace;
  recomputed: MultiHeadAttentionTrace;
  difference: MatrixDifferenceTrace;
  /** The cache of the model the memory step sizes (lab.kvCacheMemory). */
  memory: KvMemoryTrace;
}

/** Thousands separated by thin spaces, so 37748736 reads 37 748 736. */
const grouped = (x: number): string => String(x).replace(/\B(?=(\d{3})+(?!\d))/g, '\u2009');

export function kvCacheTraces(lab: AttentionLab, inputs: KvCacheInputs): KvCacheTraces {
  const { length, dModel, heads, seed } = inputs;
  const input = lab.randomMatrix({ rows: length, cols: dModel, seed });
  const recomputed = lab.multiHeadAttention({ query: input, key: input, value: input, mask: 'causal', heads, seed });
  // The decode is given the very weights the recomputation drew, so the comparison is like for like.
  const { wQ, wK, wV, wO } = recomputed.params;
  const decode = lab.kvCacheDecode({ input, heads, wQ, wK, wV, wO });
  const model = modelOf(inputs.model);
  const memory = lab.kvCacheMemory({ layers: model.layers, length: inputs.context, dModel: model.dModel, bytesPerNumber: inputs.bytes });
  return { input, decode, recomputed, difference: lab.matrixDifference({ left: decode.output, right: recomputed.output }), memory };
}

function memoryStep(inputs: KvCacheInputs, decode: KvDecodeTrace, memory: KvMemoryTrace): Step {
  const model = modelOf(inputs.model);
  const parameters: ParametersPanel = {
    type: 'parameters', name: 'model', caption: 'A model to size the cache for', fields: [
      { name: 'model', label: 'model', kind: 'choice', value: model.id, options: KV_MODELS.map((m) => [m.id, m.name]) },
      integerField('context', 'tokens n in the cache', inputs.context, LIMITS['kv-cache'].context),
      { name: 'bytes', label: 'bytes per number', kind: 'choice', value: String(inputs.bytes), options: KV_BYTES.map(([b, label]) => [String(b), label]) },
    ],
  };
  const facts: TextPanel = {
    type: 'facts', name: 'memory', caption: `${model.name}, ${grouped(inputs.context)} tokens`, facts: [
      ['layers, d_model', `${model.layers}, ${model.dModel}`],
      ['2 · layers · n · d_model · bytes', `2 · ${model.layers} · ${grouped(inputs.context)} · ${model.dModel} · ${inputs.bytes}`],
      ['= bytes', grouped(memory.bytes)],
      ['= MiB (÷ 1024²)', formatNumber(memory.mebibytes, 1)],
      ['= GiB (÷ 1024³)', formatNumber(memory.gibibytes, 2)],
      ['this lesson\'s cache (engine: cacheCells, one layer, float64)', `${decode.cacheCells} numbers`],
    ],
  };
  return {
    id: 'memory',
    title: 'What the cache costs in memory',
    text: 'Every layer keeps a key and a value of width d_model for every token so far: 2 · layers · n · d_model numbers, times the bytes of each. ' +
      `For ${model.name} with ${grouped(inputs.context)} tokens in ${KV_BYTES.find(([b]) => b === inputs.bytes)?.[1] ?? `${inputs.bytes} bytes`}, that is the figure below, per sequence: ` +
      'a server decoding many sequences at once holds one cache each.',
    formula: String.raw`\text{cache} = 2 \cdot \text{layers} \cdot n \cdot d_{\text{model}} \cdot \text{bytes}`,
    panels: [parameters, facts],
  };
}

export function kvCacheSteps(lab: AttentionLab, inputs: KvCacheInputs): Built<KvCacheTraces> {
  const traces = kvCacheTraces(lab, inputs);
  const { input, decode, recomputed, difference } = traces;
  const n = input.length;
  const d = input[0].length;
  const tokens = labels(undefined, n, 'x');
  const dims = labels(undefined, d, 'd');
  const parameters: ParametersPanel = {
    type: 'parameters', name: 'settings', caption: 'Sequence and heads', fields: [
      integerField('length', 'tokens n', inputs.length, LIMITS['kv-cache'].length),
      integerField('dModel', 'd_model', inputs.dModel, LIMITS['kv-cache'].dModel),
      integerField('heads', 'heads h', inputs.heads, LIMITS['kv-cache'].heads),
      seedField(inputs.seed),
    ],
  };
  const matrix = (name: string, caption: string, data: number[][], rowLabels: string[], focus?: [number, number][], explain?: MatrixPanel['explain']): MatrixPanel =>
    ({ type: 'matrix', name, caption, data, rowLabels, colLabels: dims, colour: 'diverging', focus, explain });
  const { params } = decode;
  // The engine keeps no per-head output of a decoded row, so its number is said in words.
  const decoded: MatrixPanel['explain'] = { stage: 'given', symbol: 'out', args: { what: `the engine's kvCacheDecode: the row's query x·W_Q attended, head by head, over the cached keys and values of the rows before it and itself, the ${inputs.heads === 1 ? 'head’s output' : 'heads’ outputs side by side'} times W_O.` } };

  const steps: Step[] = [{
    id: 'inputs',
    title: `Decode ${n} tokens, one at a time`,
    text: `A model that writes text produces one token at a time, and each new token attends to every token before it. ` +
      `Here ${n} tokens of width d_model = ${d} (random normal numbers, seed ${inputs.seed}) are decoded one by one through ${inputs.heads === 1 ? 'one head' : `${inputs.heads} heads`} of causal self-attention with seeded weights.`,
    formula: String.raw`k_t = x_t W_K,\quad v_t = x_t W_V,\quad \text{out}_t = \mathrm{softmax}\!\left(\frac{q_t\,[k_0 \dots k_t]^{\top}}{\sqrt{d_k}}\right)[v_0 \dots v_t]\,W_O`,
    panels: [parameters, matrix('input', `X, the tokens (${shape(n, d)})`, input, tokens, undefined, randomExplain('X', inputs.seed))],
  }];

  decode.positions.forEach((p, t) => {
    const rows = tokens.slice(0, p.keys.length);
    const last = Array.from({ length: d }, (_, j): [number, number] => [p.keys.length - 1, j]);
    const counts: TextPanel = {
      type: 'facts', name: 'multiply-adds', caption: `Multiply-adds for token ${t + 1} (engine)`, facts: [
        ['with the cache: project x_t once, attend over the cache', grouped(p.multiplyAddsWithCache)],
        [`without: project and attend all ${t + 1} tokens again`, grouped(p.multiplyAddsWithoutCache)],
      ],
    };
    steps.push({
      id: `token-${t}`,
      title: `Token ${t + 1} of ${n}: the cache grows to ${p.keys.length} ${p.keys.length === 1 ? 'row' : 'rows'}`,
      text: `Token ${tokens[t]} is projected once: its key and value are appended to the cache (outlined), and only its query attends over the ${p.keys.length} cached ` +
        `${p.keys.length === 1 ? 'key' : 'keys'}. The keys and values of earlier tokens are read back, never recomputed.`,
      formula: `${t === 0 ? String.raw`K_{\le 0} = x_0 W_K` : String.raw`K_{\le ${t}} = \begin{bmatrix} K_{\le ${t - 1}} \\ x_{${t}} W_K \end{bmatrix}`}` +
        String.raw`,\quad \text{out}_{${t}} = \mathrm{Attention}(x_{${t}} W_Q,\ K_{\le ${t}},\ V_{\le ${t}})\,W_O`,
      panels: [
        matrix('cached-keys', `cached keys K (${shape(p.keys.length, d)})`, p.keys, rows, last,
          linearExplain('K', { input, weight: params.wK, bias: params.bK, inputSymbol: 'X', weightSymbol: 'W_K' })),
        matrix('cached-values', `cached values V (${shape(p.values.length, d)})`, p.values, rows, last,
          linearExplain('V', { input, weight: params.wV, bias: params.bV, inputSymbol: 'X', weightSymbol: 'W_V' })),
        matrix('output-row', `output row of ${tokens[t]} (${shape(1, d)})`, [p.outputRow], [tokens[t]], undefined, decoded),
        counts,
      ],
    });
  });

  steps.push({
    id: 'check',
    title: difference.maxAbsDifference === 0 ? 'The same output as recomputing everything, to the last bit' : 'The same output as recomputing everything, up to rounding',
    text: `The engine also ran multi-head attention on all ${n} tokens at once with a causal mask and the same weights. ` +
      `Largest difference: ${formatDifference(difference.maxAbsDifference)}, with ${difference.identicalCells} of ${difference.cells} numbers identical to the last bit. ` +
      'The cache changes how much is computed, not what.',
    formula: String.raw`\max_{t,j}\ \big|\,\text{out}^{\text{cache}}_{tj} - \mathrm{MHA}(X, X, X, \text{causal})_{tj}\big|`,
    panels: [
      { type: 'facts', name: 'check-facts', caption: 'Decoded with the cache against recomputed', facts: [
        ['max |Δ|', formatDifference(difference.maxAbsDifference)],
        ['numbers identical to the last bit', `${difference.identicalCells} of ${difference.cells}`],
      ] },
      matrix('output', `decoded with the cache (${shape(n, d)})`, decode.output, tokens, undefined, decoded),
      matrix('recomputed', `recomputed with a causal mask (${shape(n, d)})`, recomputed.output, tokens, undefined,
        linearExplain('out', { input: recomputed.concat, weight: recomputed.params.wO, bias: recomputed.params.bO, inputSymbol: 'the heads’ outputs side by side', weightSymbol: 'W_O' })),
      { ...matrix('difference', `cache − recomputed (${shape(n, d)})`, difference.difference, tokens, undefined,
        { stage: 'sum', args: { parts: [{ symbol: 'cache', panel: 'output', data: decode.output }, { symbol: 'recomputed', panel: 'recomputed', data: recomputed.output }], subtracted: true }, symbol: 'Δ' }), detail: `max |Δ| = ${formatDifference(difference.maxAbsDifference)}` },
    ],
  });

  const series = (label: string, pick: (p: KvDecodeTrace['positions'][number]) => number): ChartPanel['series'][number] =>
    ({ label, points: decode.positions.map((p, t): [number, number] => [t + 1, pick(p)]) });
  steps.push({
    id: 'cost',
    title: 'Work per token: almost constant with the cache, growing without',
    text: `Without a cache, token t reruns the layer on all t tokens: their projections (4·t·d² multiply-adds) and their attention (2·t²·d). ` +
      `With it, token t projects only itself (4·d²) and attends over the t cached rows (2·t·d). At d_model = ${d} the projections dominate, so both lines look straight here; ` +
      'for long sequences the t² of recomputed attention takes over. The counts are the engine\'s.',
    formula: String.raw`\text{with: } 4d^2 + 2td,\qquad \text{without: } 4td^2 + 2t^2 d`,
    panels: [
      {
        type: 'chart', name: 'cost-chart', caption: 'Multiply-adds per decoded token', xLabel: 'token t', yLabel: 'multiply-adds', xScale: 'linear',
        series: [series('without the cache', (p) => p.multiplyAddsWithoutCache), series('with the cache', (p) => p.multiplyAddsWithCache)],
      },
      {
        type: 'matrix', name: 'cost-table', caption: `Multiply-adds per token (${shape(n, 2)})`, colour: 'none',
        data: decode.positions.map((p) => [p.multiplyAddsWithCache, p.multiplyAddsWithoutCache]),
        rowLabels: tokens, colLabels: ['with cache', 'without'],
        explain: { stage: 'given', symbol: 'cost', args: { what: `the engine's count of multiply-adds for this token (row t): with the cache 4·d² + 2·(t+1)·d, one row projected and attended over t + 1 cached keys; without it 4·(t+1)·d² + 2·(t+1)²·d, the whole layer again on rows 0 … t (d = ${d}).` } },
      },
    ],
  });

  steps.push(memoryStep(inputs, decode, traces.memory));
  return { steps, trace: traces };
}
