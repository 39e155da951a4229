// Predict, then reveal: which key will query `row` weigh most? The learner picks one before the
// weights are shown; the engine's weights decide, and a blocked key that would have won without
// the mask is named as the mask-ignored mistake (the engine runs attention both ways).
import { attentionArgs } from '../kinds/shared/explain-terms.js';
import { labels } from '../kinds/shared/fields.js';
import { formatNumber } from '../model/format.js';
import { wholeNumber } from '../model/json-checks.js';
import type { AttentionCall, PickKeyExercise, Walkthrough } from '../model/types.js';
import type { ExerciseType } from './exercise-type.js';
import { t } from '../i18n/messages.js';

const keyLabels = (walkthrough: Walkthrough, inputs: AttentionCall) =>
  labels('keyLabels' in walkthrough ? walkthrough.keyLabels : undefined, inputs.key.length, 'k');

/** The keys with the largest weight in `row` (several when tied). */
const largest = (row: readonly number[]) => {
  const top = Math.max(...row);
  return row.flatMap((w, i) => (w === top ? [i] : []));
};

export const pickKey: ExerciseType<PickKeyExercise> = {
  interaction: 'choice',
  fields: ['row'],
  problem: (exercise, { n }, at) => wholeNumber({ min: 0, max: n - 1 })(exercise.row, at('row')),
  choices: (_exercise, { walkthrough, inputs }) => keyLabels(walkthrough, inputs as AttentionCall).map((label, i) => ({ value: String(i), label })),
  grade(exercise, text, { lab, walkthrough, inputs: given }) {
    const inputs = given as AttentionCall;
    const pick = Number(text);
    const names = keyLabels(walkthrough, inputs);
    if (text.trim() === '' || !Number.isInteger(pick) || pick < 0 || pick >= names.length) {
      return { error: t('pick-key-refused', { keys: names.join(', ') }) };
    }
    const weights = lab.attention(attentionArgs(inputs)).weights[exercise.row];
    const best = largest(weights);
    const weight = (i: number) => formatNumber(weights[i], 3);
    const answer = best.length === 1
      ? t('pick-key-answer', { key: names[best[0]], weight: weight(best[0]) })
      : t('pick-key-answer-tie', { keys: best.map((i) => names[i]).join(t('list-and')), weight: weight(best[0]) });
    // Keys tied with the pick, named so that feedback never calls one of them the only winner.
    const tiedWith = (top: number[]) => top.filter((i) => i !== pick).map((i) => names[i]).join(t('list-and'));
    if (best.includes(pick)) {
      const others = tiedWith(best);
      return {
        correct: true, misconception: null, response: String(pick), given: names[pick], answer,
        said: others
          ? t('pick-key-right-tie', { key: names[pick], weight: weight(pick), others })
          : t('pick-key-right', { key: names[pick], weight: weight(pick) }),
      };
    }
    const blocked = inputs.mask != null && weights[pick] === 0;
    // Would the pick have won without the mask? The engine's weights with the mask left out say.
    const unmasked = blocked ? largest(lab.attention({ query: inputs.query, key: inputs.key, value: inputs.value }).weights[exercise.row]) : [];
    const maskIgnored = blocked && unmasked.includes(pick);
    return {
      correct: false, misconception: maskIgnored ? 'maskIgnored' : null, response: String(pick), given: names[pick], answer,
      said: maskIgnored
        ? (tiedWith(unmasked)
          ? t('pick-key-mask-ignored-tie', { key: names[pick], others: tiedWith(unmasked) })
          : t('pick-key-mask-ignored', { key: names[pick] }))
        : blocked
          ? t('pick-key-blocked', { key: names[pick] })
          : t('pick-key-wrong', { key: names[pick], weight: weight(pick) }),
    };
  },
};
