// The `stepTexts` of a walkthrough file: words of its own for some of its steps, keyed by step id.
// Each key must be a step its kind shows (model/pipeline.ts lists every kind's steps), each value
// a title, a text or both, e.g. `stepTexts.sofmax: expected one of the steps "inputs", "scores",
// …, got an unknown step`.
import { expected, field, firstProblem, isRecord, onlyFields, problem, type Problem, quoted, text } from './json-checks.js';
import type { Walkthrough } from './types.js';
import { fixedStepIds } from './pipeline.js';

/** Longest title and text, in characters: as a walkthrough's title and intro. */
export const STEP_TEXT_LIMITS = { title: 100, text: 1000 };

export function stepTextsProblem(stepTexts: unknown, kind: Walkthrough['kind'], path = 'stepTexts'): Problem {
  if (stepTexts === undefined) return undefined;
  const steps = fixedStepIds(kind);
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
