// A whole number typed about byte-level BPE on the learner's sentence (its bytes, a merge's pair
// count, where that pair first occurs, the length after a merge, or a new sentence's tokens),
// graded by the engine's diagnoseTokenizer on the inputs on screen, which also names the mistake a
// wrong number matches: characters counted instead of bytes, pairs counted without overlap, a tie
// broken the wrong way, a pair joined at its first occurrence only, the longest match instead of
// merge order.
import type { TokenizerMisconception } from '../../lib/index.js';
import type { TokensInputs } from '../kinds/tokens/inputs.js';
import { oneOf, wholeNumber } from '../model/json-checks.js';
import type { TokensNumericExercise } from '../model/types.js';
import { gradeDiagnosed } from './diagnosed.js';
import type { ExerciseType } from './exercise-type.js';

/**
 * What each mistake means, said to the learner whose number matches it (its message's id, in the
 * kind's words: the lesson's code is loaded before any of its exercises is graded).
 */
const MISTAKES: Record<TokenizerMisconception, string> = {
  characters: 'mistake-characters-not-bytes',
  noOverlap: 'mistake-no-overlap',
  wrongTie: 'mistake-wrong-tie',
  firstOccurrenceOnly: 'mistake-first-occurrence-only',
  longestMatch: 'mistake-longest-match',
};

const QUESTIONS = ['bytes', 'count', 'first', 'length', 'tokens'] as const;

// diagnoseTokenizer is in the full engine only, as the lesson's trainTokenizer; a merge the
// training did not make is the engine's to refuse, naming `merge`.
export const tokensNumeric: ExerciseType<TokensNumericExercise> = {
  interaction: 'numeric',
  engine: 'full',
  fields: ['question', 'merge'],
  problem: (exercise, _sizes, at) => oneOf(QUESTIONS)(exercise.question, at('question'))
    ?? (exercise.merge === undefined ? undefined : wholeNumber({ min: 0, max: 1023 })(exercise.merge, at('merge'))),
  grade: (exercise, text, { lab, inputs }) => {
    const { text: sentence, merges, newText } = inputs as TokensInputs;
    return gradeDiagnosed(text, undefined, (answer) => lab.diagnoseTokenizer({
      text: sentence, merges, newText, question: exercise.question, answer, ...(exercise.merge === undefined ? {} : { merge: exercise.merge }),
    }), MISTAKES);
  },
};
