// The lesson on the KV cache: a seeded random sequence decoded one token at a time by the engine's
// kvCacheDecode (each new token's key and value are appended to the cache, and only its query
// attends over it), checked against multiHeadAttention recomputing everything under a causal
// mask with the same weights, with the multiply-adds of both ways per step (Pope et al. 2022).
// The memory step sizes the cache of a public model, 2 · layers · n · d_model · bytes, with the
// engine's kvCacheMemory, the formula written out beside it.
import type { AttentionLab, MatrixDifferenceTrace, MultiHeadAttentionTrace } from '../../../lib/index.js';
import type { ChartPanel, MatrixPanel, ParametersPanel, Step, TextPanel } from '../../model/types.js';
import type { KvCacheInputs } from './inputs.js';
import { kvCacheInputs } from './inputs.js';
import { linearExplain, randomExplain } from '../shared/explain-sources.js';
import { digitGroups, formatDifference, formatNumber } from '../../model/format.js';
import { integerField, labels, seedField, shape, titled } from '../shared/fields.js';
import type { Built } from '../kind.js';
import { KV_BYTES, KV_MODELS, modelOf } from './models.js';
import { w } from './words-en.js';

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

/** The bytes a number takes, as the learner picks them (KV_BYTES), in words. */
const BYTES_WORDS: Record<number, string> = { 4: 'kv-cache-bytes-4', 2: 'kv-cache-bytes-2', 1: 'kv-cache-bytes-1' };
const bytesLabel = (bytes: number): string =>
  (BYTES_WORDS[bytes] ? w(BYTES_WORDS[bytes]) : w('kv-cache-bytes-other', { count: String(bytes) }));

/** Thousands separated by thin spaces, so 37748736 reads 37 748 736. */

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
    type: 'parameters', name: 'model', caption: w('kv-cache-model-caption'), fields: [
      { name: 'model', label: w('kv-cache-model'), kind: 'choice', value: model.id, options: KV_MODELS.map((m) => [m.id, m.name]) },
      integerField('context', w('kv-cache-context'), inputs.context, kvCacheInputs.context),
      { name: 'bytes', label: w('kv-cache-bytes'), kind: 'choice', value: String(inputs.bytes), options: KV_BYTES.map((b) => [String(b), bytesLabel(b)]) },
    ],
  };
  const facts: TextPanel = {
    type: 'facts', name: 'memory', caption: w('kv-cache-memory-caption', { model: model.name, count: digitGroups(inputs.context) }), facts: [
      [w('kv-cache-fact-layers'), `${model.layers}, ${model.dModel}`],
      [w('kv-cache-fact-formula'), `2 · ${model.layers} · ${digitGroups(inputs.context)} · ${model.dModel} · ${inputs.bytes}`],
      [w('kv-cache-fact-bytes'), digitGroups(memory.bytes)],
      ['= MiB (÷ 1024²)', formatNumber(memory.mebibytes, 1)],
      ['= GiB (÷ 1024³)', formatNumber(memory.gibibytes, 2)],
      [w('kv-cache-fact-lesson'), w('kv-cache-numbers', { count: String(decode.cacheCells) })],
    ],
  };
  return {
    id: 'memory',
    title: w('kv-cache-memory-title'),
    text: w('kv-cache-memory-text', { model: model.name, count: digitGroups(inputs.context), bytes: bytesLabel(inputs.bytes) }),
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
    type: 'parameters', name: 'settings', caption: w('kv-cache-settings'), fields: [
      integerField('length', w('kv-cache-tokens'), inputs.length, kvCacheInputs.length),
      integerField('dModel', 'd_model', inputs.dModel, kvCacheInputs.dModel),
      integerField('heads', w('kv-cache-heads'), inputs.heads, kvCacheInputs.heads),
      seedField(inputs.seed),
    ],
  };
  const matrix = (name: string, title: string, data: number[][], rowLabels: string[], focus?: [number, number][], explain?: MatrixPanel['explain']): MatrixPanel =>
    ({ type: 'matrix', name, ...titled(title, shape(data.length, d)), data, rowLabels, colLabels: dims, colour: 'diverging', focus, explain });
  const { params } = decode;
  // The engine keeps no per-head output of a decoded row, so its number is said in words.
  const decoded: MatrixPanel['explain'] = { stage: 'given', symbol: 'out', args: { what: w(inputs.heads === 1 ? 'kv-cache-decoded-what-one' : 'kv-cache-decoded-what') } };

  const steps: Step[] = [{
    id: 'inputs',
    title: w('kv-cache-inputs-title', { n: String(n) }),
    text: w(inputs.heads === 1 ? 'kv-cache-inputs-text-one' : 'kv-cache-inputs-text', { n: String(n), d: String(d), seed: String(inputs.seed), heads: String(inputs.heads) }),
    formula: String.raw`k_t = x_t W_K,\quad v_t = x_t W_V,\quad \text{out}_t = \mathrm{softmax}\!\left(\frac{q_t\,[k_0 \dots k_t]^{\top}}{\sqrt{d_k}}\right)[v_0 \dots v_t]\,W_O`,
    panels: [parameters, matrix('input', w('kv-cache-matrix-input'), input, tokens, undefined, randomExplain('X', inputs.seed))],
  }];

  decode.positions.forEach((p, t) => {
    const rows = tokens.slice(0, p.keys.length);
    const last = Array.from({ length: d }, (_, j): [number, number] => [p.keys.length - 1, j]);
    const counts: TextPanel = {
      type: 'facts', name: 'multiply-adds', caption: w('kv-cache-counts-caption', { number: String(t + 1) }), facts: [
        [w('kv-cache-counts-with'), digitGroups(p.multiplyAddsWithCache)],
        [w('kv-cache-counts-without', { count: String(t + 1) }), digitGroups(p.multiplyAddsWithoutCache)],
      ],
    };
    steps.push({
      id: `token-${t}`,
      title: w(p.keys.length === 1 ? 'kv-cache-token-title-one' : 'kv-cache-token-title', { number: String(t + 1), n: String(n), rows: String(p.keys.length) }),
      text: w(p.keys.length === 1 ? 'kv-cache-token-text-one' : 'kv-cache-token-text', { token: tokens[t], rows: String(p.keys.length) }),
      formula: `${t === 0 ? String.raw`K_{\le 0} = x_0 W_K` : String.raw`K_{\le ${t}} = \begin{bmatrix} K_{\le ${t - 1}} \\ x_{${t}} W_K \end{bmatrix}`}` +
        String.raw`,\quad \text{out}_{${t}} = \mathrm{Attention}(x_{${t}} W_Q,\ K_{\le ${t}},\ V_{\le ${t}})\,W_O`,
      panels: [
        matrix('cached-keys', w('kv-cache-matrix-keys'), p.keys, rows, last,
          linearExplain('K', { input, weight: params.wK, bias: params.bK, inputSymbol: 'X', weightSymbol: 'W_K' })),
        matrix('cached-values', w('kv-cache-matrix-values'), p.values, rows, last,
          linearExplain('V', { input, weight: params.wV, bias: params.bV, inputSymbol: 'X', weightSymbol: 'W_V' })),
        matrix('output-row', w('kv-cache-matrix-output-row', { token: tokens[t] }), [p.outputRow], [tokens[t]], undefined, decoded),
        counts,
      ],
    });
  });

  steps.push({
    id: 'check',
    title: w(difference.maxAbsDifference === 0 ? 'kv-cache-check-title-exact' : 'kv-cache-check-title-rounding'),
    text: w('kv-cache-check-text', {
      n: String(n), difference: formatDifference(difference.maxAbsDifference), identical: String(difference.identicalCells), cells: String(difference.cells),
    }),
    formula: String.raw`\max_{t,j}\ \big|\,\text{out}^{\text{cache}}_{tj} - \mathrm{MHA}(X, X, X, \text{causal})_{tj}\big|`,
    panels: [
      { type: 'facts', name: 'check-facts', caption: w('kv-cache-check-caption'), facts: [
        ['max |Δ|', formatDifference(difference.maxAbsDifference)],
        [w('kv-cache-check-identical'), w('kv-cache-of', { count: String(difference.identicalCells), total: String(difference.cells) })],
      ] },
      matrix('output', w('kv-cache-matrix-decoded'), decode.output, tokens, undefined, decoded),
      matrix('recomputed', w('kv-cache-matrix-recomputed'), recomputed.output, tokens, undefined,
        linearExplain('out', { input: recomputed.concat, weight: recomputed.params.wO, bias: recomputed.params.bO, inputSymbol: w('kv-cache-heads-side-by-side'), weightSymbol: 'W_O' })),
      { ...matrix('difference', w('kv-cache-matrix-difference'), difference.difference, tokens, undefined,
        { stage: 'sum', args: { parts: [{ symbol: 'cache', panel: 'output', data: decode.output }, { symbol: 'recomputed', panel: 'recomputed', data: recomputed.output }], subtracted: true }, symbol: 'Δ' }), detail: `max |Δ| = ${formatDifference(difference.maxAbsDifference)}` },
    ],
  });

  const series = (label: string, pick: (p: KvDecodeTrace['positions'][number]) => number): ChartPanel['series'][number] =>
    ({ label, points: decode.positions.map((p, t): [number, number] => [t + 1, pick(p)]) });
  steps.push({
    id: 'cost',
    title: w('kv-cache-cost-title'),
    text: w('kv-cache-cost-text', { d: String(d) }),
    formula: String.raw`\text{with: } 4d^2 + 2td,\qquad \text{without: } 4td^2 + 2t^2 d`,
    panels: [
      {
        type: 'chart', name: 'cost-chart', caption: w('kv-cache-chart-caption'), xLabel: w('kv-cache-chart-x'), yLabel: w('kv-cache-chart-y'), xScale: 'linear',
        series: [series(w('kv-cache-series-without'), (p) => p.multiplyAddsWithoutCache), series(w('kv-cache-series-with'), (p) => p.multiplyAddsWithCache)],
      },
      {
        type: 'matrix', name: 'cost-table', ...titled(w('kv-cache-matrix-table'), shape(n, 2)), colour: 'none',
        data: decode.positions.map((p) => [p.multiplyAddsWithCache, p.multiplyAddsWithoutCache]),
        rowLabels: tokens, colLabels: [w('kv-cache-column-with'), w('kv-cache-column-without')],
        explain: { stage: 'given', symbol: 'cost', args: { what: w('kv-cache-cost-what', { d: String(d) }) } },
      },
    ],
  });

  steps.push(memoryStep(inputs, decode, traces.memory));
  return { steps, trace: traces };
}
