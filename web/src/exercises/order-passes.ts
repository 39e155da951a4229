// Order the passes: the learner puts the walkthrough's computing steps (Q·Kᵀ, ÷√d_k, the mask,
// the softmax, ·V) in the order attention runs them. The right order is the one the engine's
// trace numbers its passes in, which the steps follow (mask and ÷√d_k may swap: the weights are
// the same); a wrong one is told the first pair it has the wrong way round and why.
import type { OrderPassesExercise, Step } from '../model/types.js';
import type { ExerciseType } from './exercise-type.js';
import { t } from '../i18n/messages.js';

/** The steps that compute (not the inputs, not other exercises). */
const passes = (steps: readonly Step[]) => steps.filter((s) => s.id !== 'inputs' && !s.id.startsWith('exercise-'));

/** "Scale: divide by √d_k = 1.414" → "Scale": the pass without its numbers, which would give order away. */
const shortTitle = (title: string) => title.split(':')[0];

/**
 * The items in an order of their own, the same for the same exercise id, with none in its place
 * (for two or more items), so every item has to be moved: a seeded shuffle, drawn again until so.
 */
function shuffled<T>(items: readonly T[], seedText: string): T[] {
  let seed = [...seedText].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0, 2166136261);
  const random = () => {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [out[i], out[j]] = [out[j], out[i]];
    }
    if (items.length < 2 || out.every((item, i) => item !== items[i])) return out;
  }
  return [...items].reverse();
}

/** Why `later` cannot come before `earlier`, for the pairs a learner is likely to swap. */
const WHY: Record<string, string> = {
  'scores>scale': 'order-why-scores-scale',
  'scale>softmax': 'order-why-scale-softmax',
  'mask>softmax': 'order-why-mask-softmax',
  'softmax>output': 'order-why-softmax-output',
  'scores>mask': 'order-why-scores-mask',
  'scores>softmax': 'order-why-scores-softmax',
  'scores>output': 'order-why-scores-output',
};

export const orderPasses: ExerciseType<OrderPassesExercise> = {
  interaction: 'sequencing',
  fields: [],
  problem: () => undefined,
  choices(exercise, { steps }) {
    const items = passes(steps).map((s) => ({ value: s.id, label: shortTitle(s.title) }));
    return shuffled(items, exercise.id);
  },
  grade(_exercise, text, { steps }) {
    const order = passes(steps).map((s) => s.id);
    const given = text.split(',').map((id) => id.trim());
    if (given.length !== order.length || new Set(given).size !== order.length || !given.every((id) => order.includes(id))) {
      return { error: t('order-refused', { count: String(order.length), steps: order.join(', ') }) };
    }
    const title = (id: string) => shortTitle(steps.find((s) => s.id === id)?.title ?? id);
    const answer = t('order-answer', { order: order.map(title).join(' → ') });
    if (given.every((id, i) => id === order[i])) {
      return { correct: true, misconception: null, said: t('order-right', { order: order.map(title).join(' → ') }), answer, response: given.join(','), given: given.map(title).join(' → ') };
    }
    // Masking, then dividing by √d_k: a blocked score stays blocked (−∞ ÷ √d_k is −∞), so the
    // weights are the same; the engine happens to divide first.
    const scale = order.indexOf('scale');
    if (scale >= 0 && order[scale + 1] === 'mask' && given.every((id, i) => id === (i === scale ? 'mask' : i === scale + 1 ? 'scale' : order[i]))) {
      return {
        correct: true, misconception: null, answer, response: given.join(','), given: given.map(title).join(' → '),
        said: t('order-right-mask-first', { order: order.map(title).join(' → ') }),
      };
    }
    // The first pair the answer puts the wrong way round, in the engine's order.
    let why = '';
    for (let i = 0; i < order.length && !why; i += 1) {
      for (let j = i + 1; j < order.length && !why; j += 1) {
        if (given.indexOf(order[i]) > given.indexOf(order[j])) {
          const reason = WHY[`${order[i]}>${order[j]}`];
          why = reason ? t(reason) : t('order-why-other', { first: title(order[i]), second: title(order[j]) });
        }
      }
    }
    return { correct: false, misconception: null, said: why, answer, response: given.join(','), given: given.map(title).join(' → ') };
  },
};
