// The `stepTexts` of a walkthrough file: words of its own for some of its steps, keyed by step id.
// Each key must be a step its kind shows (its descriptor's fixed step ids), each value
// a title, a text or both, e.g. `stepTexts.sofmax: expected one of the steps "inputs", "scores",
// …, got an unknown step`.
import { expected, field, firstProblem, isRecord, onlyFields, problem, type Problem, quoted, text } from './json-checks.js';

/** Longest title and text, in characters: as a walkthrough's title and intro. */
export const STEP_TEXT_LIMITS = { title: 100, text: 1000 };

/** `steps`: the fixed step ids of the walkthrough's kind `kind`. */
export function stepTextsProblem(stepTexts: unknown, kind: string, steps: readonly string[], path = 'stepTexts'): Problem {
  if (stepTexts === undefined) return undefined;
  // A kind drawn by a view of its own has no steps.
  if (steps.length === 0) return expected(path, `no stepTexts (a "${kind}" walkthrough has no steps)`, stepTexts);
  if (!isRecord(stepTexts) || Object.keys(stepTexts).length === 0) return expected(path, 'an object with words for one or more steps', stepTexts);
  return firstProblem(Object.entries(stepTexts), ([step, words]) => {
    const at = field(path, step);
    if (!steps.includes(step)) return problem(at, `one of the steps ${quoted(steps)} of a "${kind}" walkthrough`, 'an unknown step');
    if (!isRecord(words) || (words.title === undefined && words.text === undefined)) return expected(at, 'an object with a "title", a "text" or both', words);
    return onlyFields(words, ['title', 'text'], at)
      ?? (words.title === undefined ? undefined : text(STEP_TEXT_LIMITS.title, 'a title')(words.title, field(at, 'title')))
      ?? (words.text === undefined ? undefined : text(STEP_TEXT_LIMITS.text)(words.text, field(at, 'text')));
  });
}
