// Steps of the grouped-query lesson, generated from the engine: diagnoseGroupedQuery's key/value
// head of each query head (the grouping), multiHeadAttention with kvHeads (grouped, one of its
// own per query head, one for all), matrixDifference between layers that must agree, and
// kvCacheMemory for the lesson's layer and for published models. Step ids: grouping, shared,
// multi-head, multi-query, real-models. Every number shown comes from a trace; this file picks
// rows and columns out of the engine's matrices, copies the grouped layer's key and value
// weights to the query heads that read them (the comparison's input) and words it all.
import type { AttentionLab, KvCacheMemoryTrace, MatrixDifferenceTrace, MultiHeadAttentionTrace } from '../../../lib/index.js';
import type { Built } from '../kind.js';
import type { ColourScale, ExplainSource, MatrixPanel, ParametersPanel, Step, TextPanel } from '../../model/types.js';
import { digitGroups, formatNumber } from '../../model/format.js';
import { integerField, labels, seedField, shape, titled } from '../shared/fields.js';
import { groupedQueryInputs, type GroupedQueryInputs } from './inputs.js';
import { CACHED_MODELS, CONTEXTS, PUBLISHED_BYTES, type CachedModel, type CacheShape } from './models.js';
import { SOURCES } from './sources.js';
import { w } from './words-en.js';

/** How each trace-explained panel's cells were computed, by panel name. */
export type CellSource =
  | { kind: 'kv-head'; heads: number; kvHeads: number }
  | { kind: 'projection'; input: number[][]; weights: number[][]; inputPanel: string; symbol: string }
  | { kind: 'weight'; scaled: number[][]; rowMax: number[]; rowSum: number[]; head: number; kvHead: number }
  | { kind: 'output'; concat: number[][]; wO: number[][] }
  | { kind: 'cache'; caches: KvCacheMemoryTrace[][]; models: readonly CacheShape[]; column: 'layer' | 'token' | 'bytes' | 'gib'; contexts: readonly number[] };

/** The traces the steps came from. */
export interface GroupedQueryTraces {
  input: number[][];
  /** The lesson's layer, with kvHeads key/value heads. */
  grouped: MultiHeadAttentionTrace;
  /** kvHeads = heads, and multi-head attention as it was before kvHeads (no kvHeads given). */
  ownHeads: MultiHeadAttentionTrace;
  multiHead: MultiHeadAttentionTrace;
  /** Multi-head attention given the grouped layer's key/value weights, copied to each query head. */
  copied: MultiHeadAttentionTrace;
  multiQuery: MultiHeadAttentionTrace;
  /** The key/value head each query head reads (row 0) and round-robin's (row 1). */
  grouping: number[][];
  /** The published models' caches, one row per model, one per context. */
  caches: KvCacheMemoryTrace[][];
  cells: Record<string, CellSource>;
}


const parameters = (name: string, caption: string, fields: ParametersPanel['fields']): ParametersPanel =>
  ({ type: 'parameters', name, caption, fields });

/** The columns of each key/value head's block of W_K (or W_V), copied to every query head that reads it. */
function copiedToQueryHeads(weights: number[][], grouping: readonly number[], dK: number): number[][] {
  return weights.map((row) => grouping.flatMap((kv) => row.slice(kv * dK, (kv + 1) * dK)));
}

/** The shape a published model's cache is counted from, as kvCacheMemory takes it. */
function cacheArgs(model: CachedModel, length: number) {
  const { layers, dModel, heads, kvHeads, latent, ropeWidth, window } = model;
  return {
    layers, length, dModel, bytesPerNumber: PUBLISHED_BYTES,
    ...(latent === undefined ? { heads, kvHeads } : { latent, ropeWidth }),
    ...(window === undefined ? {} : { window }),
  };
}

export function groupedQueryTraces(lab: AttentionLab, inputs: GroupedQueryInputs): Omit<GroupedQueryTraces, 'cells'> {
  const { dModel, heads, kvHeads, tokens, seed } = inputs;
  const input = lab.randomMatrix({ rows: tokens, cols: dModel, seed });
  const layer = (kv?: number) => lab.multiHeadAttention({ query: input, key: input, value: input, heads, seed, ...(kv === undefined ? {} : { kvHeads: kv }) });
  const grouped = layer(kvHeads);
  const diagnoses = Array.from({ length: heads }, (_, head) =>
    lab.diagnoseGroupedQuery({ stage: 'kvHead', heads, kvHeads, head, layers: 1, dModel, length: 1, bytesPerNumber: PUBLISHED_BYTES, answer: 0 }));
  const grouping = [diagnoses.map((d) => d.expected), diagnoses.map((d) => d.candidates.find((c) => c.misconception === 'roundRobin')?.value ?? Number.NaN)];
  const { wQ, wK, wV, wO } = grouped.params;
  const copied = lab.multiHeadAttention({
    query: input, key: input, value: input, heads, wQ, wO,
    wK: copiedToQueryHeads(wK, grouping[0], grouped.dK), wV: copiedToQueryHeads(wV, grouping[0], grouped.dK),
  });
  const caches = CACHED_MODELS.map((model) => CONTEXTS.map((length) => lab.kvCacheMemory(cacheArgs(model, length))));
  return { input, grouped, ownHeads: layer(heads), multiHead: layer(), copied, multiQuery: layer(1), grouping, caches };
}

export function groupedQuerySteps(lab: AttentionLab, inputs: GroupedQueryInputs): Built<GroupedQueryTraces> {
  const { dModel, heads, kvHeads, tokens, seed } = inputs;
  const t = groupedQueryTraces(lab, inputs);
  const { grouped, multiQuery } = t;
  const dK = grouped.dK;
  const groupSize = heads / kvHeads;
  const cells: Record<string, CellSource> = {};
  const traced = (name: string, source: CellSource, symbol: string): ExplainSource => {
    cells[name] = source;
    return { stage: 'trace', symbol };
  };
  const matrix = (name: string, title: string, data: number[][], rowLabels: string[], colLabels: string[], explain: ExplainSource, colour: ColourScale = 'diverging'): MatrixPanel =>
    ({ type: 'matrix', name, ...titled(title, shape(data.length, data[0].length)), data, rowLabels, colLabels, colour, explain });
  // Head numbers and counts of numbers and bytes: read as numbers, not as a colour scale.
  const counts = (name: string, title: string, data: number[][], rowLabels: string[], colLabels: string[], source: CellSource, symbol: string): MatrixPanel =>
    matrix(name, title, data, rowLabels, colLabels, traced(name, source, symbol), 'none');
  const tokenLabels = labels(undefined, tokens, 'x');
  const headLabels = Array.from({ length: heads }, (_, h) => w('gq-query-head', { head: String(h) }));
  const sizeFields = parameters('layer', w('gq-layer-caption'), [
    integerField('heads', w('gq-heads'), heads, groupedQueryInputs.heads),
    integerField('kvHeads', w('gq-kv-heads'), kvHeads, groupedQueryInputs.kvHeads),
    integerField('dModel', w('gq-d-model'), dModel, groupedQueryInputs.dModel),
    integerField('tokens', w('gq-tokens'), tokens, groupedQueryInputs.tokens),
    seedField(seed),
  ]);
  const inputPanel = matrix('input', w('gq-matrix-input'), t.input, tokenLabels, labels(undefined, dModel, 'd'),
    { stage: 'random', symbol: 'x', args: { seed, what: w('gq-random-what') } });
  const projected = (name: string, title: string, trace: MultiHeadAttentionTrace, which: 'K' | 'V') =>
    matrix(name, title, which === 'K' ? trace.projectedKey : trace.projectedValue, tokenLabels,
      Array.from({ length: trace.kvHeads * dK }, (_, c) => w('gq-kv-column', { head: String(Math.floor(c / dK)), column: String(c % dK) })),
      traced(name, { kind: 'projection', input: t.input, weights: which === 'K' ? trace.params.wK : trace.params.wV, inputPanel: 'input', symbol: which }, which));
  const weightsOf = (name: string, trace: MultiHeadAttentionTrace, head: number) => {
    const h = trace.heads[head];
    const kvHead = Math.floor((head * trace.kvHeads) / heads);
    return matrix(name, w('gq-matrix-weights', { head: String(head), kv: String(kvHead) }), h.weights, tokenLabels, tokenLabels,
      traced(name, { kind: 'weight', scaled: h.scaled, rowMax: h.softmax.rowMax, rowSum: h.softmax.rowSum, head, kvHead }, 'w'), 'weights');
  };
  const steps: Step[] = [];

  // ---- grouping: query head h reads key/value head ⌊h·kvHeads/heads⌋ -------------------------
  steps.push({
    id: 'grouping',
    title: w('gq-grouping-title'),
    text: w('gq-grouping-text', { heads: String(heads), kv: String(kvHeads), size: String(groupSize), firstend: String(t.grouping[0].lastIndexOf(0)), last: String(heads - 1), lastkv: String(t.grouping[0][heads - 1]) }),
    formula: String.raw`\htmlClass{focus}{\text{kv}(h) = \left\lfloor \frac{h \cdot \text{kvHeads}}{\text{heads}} \right\rfloor}`,
    panels: [
      counts('grouping', w('gq-matrix-grouping'), t.grouping, [w('gq-row-blocks'), w('gq-row-round-robin')], headLabels, { kind: 'kv-head', heads, kvHeads }, 'kv'),
      sizeFields,
    ],
  });

  // ---- shared: the grouped layer, its keys and values kvHeads·d_k wide -----------------------
  const sameGroup = Math.min(groupSize, 2);
  steps.push({
    id: 'shared',
    title: w('gq-shared-title'),
    text: w(groupSize > 1 ? 'gq-shared-text' : 'gq-shared-text-own', { kv: String(kvHeads), dk: String(dK), width: String(kvHeads * dK), dmodel: String(dModel), size: String(groupSize) }),
    formula: String.raw`\htmlClass{focus}{K = X W_K,\ W_K \in \mathbb{R}^{d_{\text{model}} \times \text{kvHeads}\cdot d_k}}`,
    panels: [
      inputPanel,
      projected('keys', w('gq-matrix-keys'), grouped, 'K'),
      projected('values', w('gq-matrix-values'), grouped, 'V'),
      ...Array.from({ length: sameGroup }, (_, h) => weightsOf(`weights-${h}`, grouped, h)),
      sizeFields,
    ],
  });

  // ---- multi-head: kvHeads = heads is multi-head attention ------------------------------------
  const same = lab.matrixDifference({ left: t.ownHeads.output, right: t.multiHead.output });
  const copiedSame = lab.matrixDifference({ left: grouped.output, right: t.copied.output });
  const outputPanel = (name: string, title: string, trace: MultiHeadAttentionTrace) =>
    matrix(name, title, trace.output, tokenLabels, labels(undefined, dModel, 'd'),
      traced(name, { kind: 'output', concat: trace.concat, wO: trace.params.wO }, 'out'));
  const agreement = (d: MatrixDifferenceTrace): string => w('gq-identical', { same: String(d.identicalCells), cells: String(d.cells), largest: formatNumber(d.maxAbsDifference) });
  steps.push({
    id: 'multi-head',
    title: w('gq-multi-head-title'),
    text: w('gq-multi-head-text', { heads: String(heads), kv: String(kvHeads), same: String(same.identicalCells), cells: String(same.cells) }),
    formula: String.raw`\htmlClass{focus}{\text{kvHeads} = \text{heads} \;\Rightarrow\; \text{GQA} = \text{MHA}}`,
    panels: [
      outputPanel('own-heads-output', w('gq-matrix-own-heads'), t.ownHeads),
      outputPanel('multi-head-output', w('gq-matrix-multi-head'), t.multiHead),
      {
        type: 'facts', name: 'agreement', caption: w('gq-from-engine'), facts: [
          [w('gq-fact-own-heads'), agreement(same)],
          [w('gq-fact-copied', { kv: String(kvHeads) }), agreement(copiedSame)],
        ],
      } satisfies TextPanel,
      sizeFields,
    ],
  });

  // ---- multi-query: one key/value head for every query head ---------------------------------
  const toyCache = [heads, kvHeads, 1].map((kv) => lab.kvCacheMemory({ layers: 1, length: 1, dModel, heads, kvHeads: kv, bytesPerNumber: PUBLISHED_BYTES }));
  const toyShapes: CacheShape[] = [heads, kvHeads, 1].map((kv) => ({ name: '', layers: 1, dModel, heads, kvHeads: kv }));
  steps.push({
    id: 'multi-query',
    title: w('gq-multi-query-title'),
    text: w('gq-multi-query-text', { heads: String(heads), dk: String(dK), full: String(toyCache[0].numbersPerTokenLayer), grouped: String(toyCache[1].numbersPerTokenLayer), one: String(toyCache[2].numbersPerTokenLayer) }),
    formula: String.raw`\htmlClass{focus}{\text{cached per token and layer} = 2 \cdot \text{kvHeads} \cdot d_k}`,
    panels: [
      projected('one-key', w('gq-matrix-one-key'), multiQuery, 'K'),
      ...Array.from({ length: Math.min(heads, 2) }, (_, h) => weightsOf(`mq-weights-${h}`, multiQuery, h)),
      counts('toy-cache', w('gq-matrix-toy-cache'), [toyCache.map((c) => c.numbersPerTokenLayer)], [w('gq-row-numbers')],
        [w('gq-col-multi-head', { kv: String(heads) }), w('gq-col-grouped', { kv: String(kvHeads) }), w('gq-col-multi-query')],
        { kind: 'cache', caches: toyCache.map((c) => [c]), models: toyShapes, column: 'layer', contexts: [1] }, 'c'),
      sizeFields,
    ],
  });

  // ---- real-models: the caches of published models -------------------------------------------
  const modelLabels = CACHED_MODELS.map((m) => m.name);
  const contextLabels = CONTEXTS.map((n) => w('gq-context', { k: String(n / 1024) }));
  const cacheSource = (column: 'token' | 'bytes' | 'gib'): CellSource => ({ kind: 'cache', caches: t.caches, models: CACHED_MODELS, column, contexts: CONTEXTS });
  const [llama2, llama3, , falcon, deepseek] = t.caches;
  steps.push({
    id: 'real-models',
    title: w('gq-real-title'),
    text: w('gq-real-text', {
      mha: digitGroups(llama2[0].bytesPerToken), gqa: digitGroups(llama3[0].bytesPerToken), mqa: digitGroups(falcon[0].bytesPerToken), mla: digitGroups(deepseek[0].bytesPerToken),
      mhalong: formatNumber(llama2[2].gibibytes), gqalong: formatNumber(llama3[2].gibibytes),
    }),
    formula: String.raw`\htmlClass{focus}{\text{bytes} = 2\,h_{kv}\,d_k\cdot L \cdot n \cdot b}`,
    panels: [
      counts('per-token', w('gq-matrix-per-token'), t.caches.map((row) => [row[0].numbersPerTokenLayer, row[0].bytesPerToken]), modelLabels,
        [w('gq-col-per-layer'), w('gq-col-bytes-per-token')], cacheSource('token'), 'c'),
      counts('cache-bytes', w('gq-matrix-cache-bytes'), t.caches.map((row) => row.map((c) => c.bytes)), modelLabels, contextLabels, cacheSource('bytes'), 'bytes'),
      counts('cache-gib', w('gq-matrix-cache-gib'), t.caches.map((row) => row.map((c) => c.gibibytes)), modelLabels, contextLabels, cacheSource('gib'), 'GiB'),
      {
        type: 'facts', name: 'sources', caption: w('gq-sources-caption'),
        facts: CACHED_MODELS.map((m) => [m.name, `${w(`gq-shape-${m.family}`, shapeWords(m))}${m.window ? w('gq-shape-window', shapeWords(m)) : ''}; ${SOURCES[m.id]}`]),
      } satisfies TextPanel,
    ],
  });

  return { steps, trace: { ...t, cells } };
}

/** A model's shape in the words of gq-shape-<family>. */
function shapeWords(m: CachedModel): Record<string, string> {
  return {
    layers: String(m.layers), dmodel: String(m.dModel), heads: String(m.heads ?? ''), kv: String(m.kvHeads ?? ''),
    latent: String(m.latent ?? ''), rope: String(m.ropeWidth ?? ''), window: String(m.window ?? ''),
  };
}
