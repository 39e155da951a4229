// The map of the whole transformer that every lesson shows: the stages a token goes through, in
// order, each with the lesson that covers it, and for each kind of walkthrough which stage(s) each
// of its steps sits on. DOM-free; views/pipeline-map-view.ts draws it. Every step id a kind can
// show is listed here, with [] for a step that sits on no one stage (a measurement, a parameter
// count), so tests/page/pipeline.test.mjs can check that no step is forgotten.
import type { Exercise, LessonId, Walkthrough } from './types.js';

type Kind = Walkthrough['kind'];

export type StageId =
  | 'tokens' | 'embeddings' | 'qkv' | 'scores' | 'scale' | 'mask' | 'softmax' | 'weighted-sum'
  | 'heads' | 'concat' | 'w-o' | 'add-norm' | 'feed-forward';

export interface Stage {
  id: StageId;
  /** As the map shows it: short, so the whole line fits a laptop's width. */
  label: string;
  /** The lesson that covers it; its link opens that lesson's first walkthrough. */
  lesson: LessonId;
}

/** The stages in the order a transformer's encoder layer computes them. */
export const STAGES: readonly Stage[] = [
  { id: 'tokens', label: 'Tokens', lesson: 'self-attention' },
  { id: 'embeddings', label: 'Embeddings + positions', lesson: 'positional-encoding' },
  { id: 'qkv', label: 'Q, K, V', lesson: 'why-qkv' },
  { id: 'scores', label: 'Scores QKᵀ', lesson: 'worked-example' },
  { id: 'scale', label: '÷√d_k', lesson: 'scaling' },
  { id: 'mask', label: 'Mask', lesson: 'masks' },
  { id: 'softmax', label: 'Softmax', lesson: 'worked-example' },
  { id: 'weighted-sum', label: 'Weighted sum', lesson: 'worked-example' },
  { id: 'heads', label: 'Heads', lesson: 'multi-head' },
  { id: 'concat', label: 'Concat', lesson: 'multi-head' },
  { id: 'w-o', label: 'W_O', lesson: 'multi-head' },
  { id: 'add-norm', label: 'Add & norm', lesson: 'encoder-layer' },
  { id: 'feed-forward', label: 'Feed-forward', lesson: 'encoder-layer' },
];

/**
 * Step id → stages, per kind. A key ending in "*" stands for the steps a kind numbers as it goes
 * (flash's `tile-0-1`, the KV cache's `token-2`).
 */
type StepTable = Readonly<Record<string, readonly StageId[]>>;

/** The attention core, as one step of a layer shows it whole (no mask). */
const CORE: readonly StageId[] = ['qkv', 'scores', 'scale', 'softmax', 'weighted-sum', 'heads', 'concat', 'w-o'];

const STEPS: { readonly [K in Kind]: StepTable } = {
  attention: { inputs: ['qkv'], scores: ['scores'], scale: ['scale'], mask: ['mask'], softmax: ['softmax'], output: ['weighted-sum'] },
  // Each gradient sits on the stage whose backward computes it.
  'attention-backward': {
    inputs: ['qkv'], 'grad-output': ['weighted-sum'], 'grad-value': ['weighted-sum'], 'grad-weights': ['weighted-sum'],
    'grad-scaled': ['softmax'], 'grad-scores': ['scale'], 'grad-query': ['scores'], 'grad-key': ['scores'], update: [],
  },
  'multi-head': { embed: ['tokens', 'embeddings'], project: ['qkv'], split: ['heads'], heads: ['heads'], concat: ['concat'], output: ['w-o'] },
  positional: { encoding: ['embeddings'], waves: ['embeddings'], similarity: ['embeddings'], permutation: ['embeddings'], 'permutation-pe': ['embeddings'] },
  encoder: { input: ['embeddings'], attention: CORE, 'add-norm-1': ['add-norm'], 'feed-forward': ['feed-forward'], 'add-norm-2': ['add-norm'], parameters: [] },
  scaling: { variance: ['scale'], peak: ['scale'], entropy: ['scale'], gradient: ['scale'], example: ['scale'], jacobian: ['scale'], sharpness: ['scale'] },
  entropy: { inputs: [], 'single-head': ['softmax'], 'multi-head': ['heads'], compare: ['heads'], 'no-projection': ['qkv'] },
  flash: { inputs: ['qkv'], scores: ['scores'], 'tile-*': ['scores', 'scale', 'softmax', 'weighted-sum'], normalise: ['softmax'], proof: ['weighted-sum'] },
  'kv-cache': { memory: [], inputs: ['qkv'], 'token-*': ['qkv'], check: ['w-o'], cost: [] },
  // Sparse patterns are masks; linear attention replaces the softmax.
  efficient: {
    inputs: ['qkv'], full: ['softmax'], window: ['mask'], global: ['mask'], random: ['mask'],
    features: ['softmax'], state: ['weighted-sum'], 'linear-output': ['weighted-sum'],
  },
  cost: { plan: [], time: [], memory: [], complexity: [] },
};

/**
 * Where an exercise sits: a number of attention on the stage that computes its cell, a number or
 * cell of a later step on that step's stages, a key to pick on the softmax, an order on the whole
 * core, a cost on none.
 */
function exerciseStages(exercise: Exercise, table: StepTable): readonly StageId[] | undefined {
  if (exercise.type === 'numeric') return [({ score: 'scores', scaled: 'scale', weight: 'softmax', output: 'weighted-sum' } as const)[exercise.stage]];
  if ('step' in exercise) return lookUp(table, exercise.step);
  if (exercise.type === 'pick-key') return ['softmax'];
  if (exercise.type === 'cost-growth') return [];
  return ['scores', 'scale', 'mask', 'softmax', 'weighted-sum'];
}

function lookUp(table: StepTable, step: string): readonly StageId[] | undefined {
  if (Object.hasOwn(table, step)) return table[step];
  const numbered = Object.keys(table).find((key) => key.endsWith('*') && step.startsWith(key.slice(0, -1)));
  return numbered === undefined ? undefined : table[numbered];
}

/**
 * The stages step `step` of `walkthrough` sits on: [] for a step on none, undefined for a step id
 * the table does not know (which the map shows as none too; the tests say it was forgotten).
 */
export function stagesOf(walkthrough: Pick<Walkthrough, 'kind' | 'exercises'>, step: string): readonly StageId[] | undefined {
  // An exercise's step is `exercise-<id>` (session/exercises.ts).
  const exercise = walkthrough.exercises?.find((e) => `exercise-${e.id}` === step);
  if (exercise) return exerciseStages(exercise, STEPS[walkthrough.kind]);
  return lookUp(STEPS[walkthrough.kind], step);
}

/** The fixed step ids of a kind (not the numbered ones), e.g. for a walkthrough's `stepTexts`. */
export const fixedStepIds = (kind: Kind): string[] => Object.keys(STEPS[kind]).filter((id) => !id.endsWith('*'));
