// The map of the whole transformer that every lesson shows: the stages a token goes through, in
// order, each with the lesson that covers it, and which stage(s) a step of a walkthrough sits on.
// Each kind's descriptor lists its steps' stages (kinds/<kind>/kind.ts), every step id it can show,
// with [] for a step that sits on no one stage (a measurement, a parameter count), so
// tests/page/pipeline.test.mjs can check that no step is forgotten. DOM-free;
// views/pipeline-map-view.ts draws it.
import type { Exercise, LessonId, Walkthrough } from './types.js';

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
  { id: 'tokens', label: 'Tokens', lesson: 'tokens' },
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
 * Step id → stages, for one kind (its descriptor's `steps`, kinds/<kind>/kind.ts). A key ending in
 * "*" stands for the steps a kind numbers as it goes (flash's `tile-0-1`, the KV cache's `token-2`).
 */
export type StepTable = Readonly<Record<string, readonly StageId[]>>;

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
  if (exercise.type === 'alibi-numeric') return [({ slope: 'heads', bias: 'scale', biased: 'scale', weight: 'softmax', output: 'weighted-sum' } as const)[exercise.stage]];
  if (exercise.type === 'grouped-query-numeric') return exercise.stage === 'kvHead' ? ['heads'] : [];
  if (exercise.type === 'rope-numeric') return [({ rotated: 'qkv', score: 'scores', output: 'weighted-sum' } as const)[exercise.stage]];
  if (exercise.type === 'tokens-numeric') return ['tokens'];
  if (exercise.type === 'window-numeric') return [({ weight: 'softmax', output: 'weighted-sum', reach: 'mask' } as const)[exercise.stage]];
  return ['scores', 'scale', 'mask', 'softmax', 'weighted-sum'];
}

function lookUp(table: StepTable, step: string): readonly StageId[] | undefined {
  if (Object.hasOwn(table, step)) return table[step];
  const numbered = Object.keys(table).find((key) => key.endsWith('*') && step.startsWith(key.slice(0, -1)));
  return numbered === undefined ? undefined : table[numbered];
}

/**
 * The stages step `step` of a walkthrough (its `exercises`, its kind's `table`) sits on: [] for a
 * step on none, undefined for a step id the table does not know (which the map shows as none
 * too; the tests say it was forgotten).
 */
export function stagesOf(table: StepTable, walkthrough: Pick<Walkthrough, 'exercises'>, step: string): readonly StageId[] | undefined {
  // An exercise's step is `exercise-<id>` (session/exercises.ts).
  const exercise = walkthrough.exercises?.find((e) => `exercise-${e.id}` === step);
  if (exercise) return exerciseStages(exercise, table);
  return lookUp(table, step);
}

/** The fixed step ids of a kind's table (not the numbered ones), e.g. for a walkthrough's `stepTexts`. */
export const fixedStepIds = (table: StepTable): string[] => Object.keys(table).filter((id) => !id.endsWith('*'));
