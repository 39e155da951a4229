// Where a multi-head or encoder walkthrough's weights come from: random (the walkthrough's seed)
// or one layer of a model the engine's trainer trained. A trained layer is the trainer's own
// numbers, picked by name from parameters() and attention(): its weights, the probe example as
// that layer read it, and the mask its attention ran with. Nothing here computes: the kinds give
// these matrices to lab.multiHeadAttention and lab.encoderLayer, which redo the layer exactly.
import type { Matrix, TrainerAttention, TrainerConfig, TrainerOptions, TrainerTask, Vector } from '../../lib/index.js';
import { formatPercent } from './format.js';
import { t } from '../i18n/messages.js';

/** What a link keeps of a trained layer: the run that reproduces it, bit for bit, and the layer. */
export interface TrainedSource {
  /** The options the learner set (the others are the task's defaults). */
  options: TrainerOptions;
  /** Steps trained. */
  steps: number;
  /** Which layer, from 0 (the engine's parameter names count so: layer0.attention.wQ). */
  layer: number;
}

/**
 * The run a walkthrough's "trained" choice opens on: reverse with the task's defaults, trained
 * past ~100 % held-out accuracy (it gets there by step ~200). Its tokens are digits of that toy
 * task, never words (the language model, which reads text, has walkthroughs of its own: kind
 * model-sentence), so a walkthrough of words opens on its own random weights and offers this
 * layer as a choice, labelled for what it is. The page does
 * not train it: its layer ships as data (model/trained-reverse.json, written by
 * scripts/trained-weights.mjs with the engine's trainer; model/shipped-trained.ts loads it).
 */
export const QUICK_TRAINING: TrainedSource = { options: { task: 'reverse' }, steps: 300, layer: 0 };

/** Whether two sources name the same run and layer (the same options, written the same way). */
export function sameSource(a: TrainedSource, b: TrainedSource): boolean {
  return a.steps === b.steps && a.layer === b.layer && JSON.stringify(a.options) === JSON.stringify(b.options);
}

/** One encoder layer's parameters, named as lab.encoderLayer's arguments. */
export interface LayerWeights {
  wQ: Matrix; wK: Matrix; wV: Matrix; wO: Matrix;
  bQ: Vector; bK: Vector; bV: Vector; bO: Vector;
  w1: Matrix; b1: Vector; w2: Matrix; b2: Vector;
  gamma1: Vector; beta1: Vector; gamma2: Vector; beta2: Vector;
}

export interface TrainedLayer {
  source: TrainedSource;
  /** The options the run used, defaults filled in (task, seed, model sizes). */
  config: TrainerConfig;
  /** The probe example's tokens (iris: the feature names), one per row of `input`. */
  tokens: string[];
  /** (n × d_model) the probe as this layer read it, from the engine (trainer.attention().inputs). */
  input: Matrix;
  /** Whether the model's attention is causal (the engine says: induction). */
  causal: boolean;
  weights: LayerWeights;
  /** The trainer's own attention weights of this layer on the probe, per head: what a rerun must give. */
  probeWeights: Matrix[];
  /** The trainer's evaluate() on its held-out set at that step, when it was taken (the shipped layer). */
  evaluation?: { loss: number; accuracy: number };
}

/** The trainer's parameter names of layer `l`, per argument of lab.encoderLayer. */
const NAMES: Record<keyof LayerWeights, string> = {
  wQ: 'attention.wQ', wK: 'attention.wK', wV: 'attention.wV', wO: 'attention.wO',
  bQ: 'attention.bQ', bK: 'attention.bK', bV: 'attention.bV', bO: 'attention.bO',
  w1: 'feedForward.w1', b1: 'feedForward.b1', w2: 'feedForward.w2', b2: 'feedForward.b2',
  gamma1: 'norm1.gamma', beta1: 'norm1.beta', gamma2: 'norm2.gamma', beta2: 'norm2.beta',
};

/**
 * Layer `source.layer` of a trained model, from the trainer's parameters and its attention on
 * the probe at the same step. Throws an Error saying what is missing (a layer the model does not
 * have), which the caller shows as a notice.
 */
export function trainedLayer(
  source: TrainedSource,
  config: TrainerConfig,
  attention: TrainerAttention,
  parameters: Record<string, Matrix | Vector>,
): TrainedLayer {
  const { layer } = source;
  if (!Number.isInteger(layer) || layer < 0 || layer >= config.model.layers) {
    throw new Error(`layer: expected a whole number from 0 to ${config.model.layers - 1} (the model has ${config.model.layers} layer${config.model.layers > 1 ? 's' : ''}), got ${layer}`);
  }
  const weights = {} as Record<keyof LayerWeights, Matrix | Vector>;
  for (const [argument, name] of Object.entries(NAMES) as [keyof LayerWeights, string][]) {
    const value = parameters[`layer${layer}.${name}`];
    if (value === undefined) throw new Error(`the trainer gave no parameter layer${layer}.${name}`);
    weights[argument] = value;
  }
  return {
    source,
    config,
    tokens: attention.tokens,
    input: attention.inputs[layer],
    causal: attention.causal,
    weights: weights as LayerWeights,
    probeWeights: attention.weights[layer],
  };
}

/**
 * What a model was trained on, as its labels say it: a toy task's digits ("the toy task “reverse”
 * on digits") or Iris flowers' measurements. Never words: these toy models know no text.
 */
export function trainedOn(task: TrainerTask = QUICK_TRAINING.options.task ?? 'reverse'): string {
  return task === 'iris' ? t('weights-what-iris') : t('weights-what-toy', { task });
}

/**
 * The header's plain statement of where the weights come from, e.g. "Trained weights: the toy
 * task “reverse” on digits, seed 1, 300 steps, layer 1 of 1" or "Random, untrained weights (seed
 * 3): nothing learned".
 * Layers are counted from 1 here, as the training lesson's heads are.
 */
export function weightsLabel(trained: TrainedLayer | undefined, seed: number): string {
  if (!trained) return t('weights-label-random', { seed: String(seed) });
  const { config, source } = trained;
  return t('weights-label-trained', {
    what: trainedOn(config.task), seed: String(config.seed), steps: countSteps(source.steps), layer: String(source.layer + 1), layers: String(config.model.layers),
  });
}

/** "300 steps", "1 step", in the page's language. */
export const countSteps = (steps: number): string => t(steps === 1 ? 'count-steps-one' : 'count-steps', { count: String(steps) });

/**
 * The plain statement on every step of a walkthrough that can show trained weights: what the
 * weights are and what the pattern on screen therefore means.
 */
export function weightsStatement(trained: TrainedLayer | undefined): string {
  if (!trained) return t('weights-statement-random');
  const { config, source, evaluation } = trained;
  const args = { what: trainedOn(config.task), steps: countSteps(source.steps) };
  return evaluation
    ? t('weights-statement-trained-accuracy', { ...args, accuracy: formatPercent(evaluation.accuracy, 0) })
    : t('weights-statement-trained', args);
}

/** Where a trained layer's weights come from, for a comment in an exported script. */
export function trainedOrigin(trained: TrainedLayer): string {
  const { config, source } = trained;
  return `the trained model's (task ${config.task}, seed ${config.seed}, ${source.steps} steps, layer ${source.layer + 1})`;
}

/**
 * The walkthrough's introduction on a trained layer, in place of its own (which speaks of random
 * weights and of its sentence).
 */
export function trainedIntro(trained: TrainedLayer): string {
  const { config, source } = trained;
  const intro = t('trained-intro', { layer: String(source.layer + 1), what: trainedOn(config.task), seed: String(config.seed), tokens: trained.tokens.join(' ') });
  return `${intro} ${t('trained-intro-open', { link: `[${t('training-title')}](?train=reverse)` })}`;
}
