// A walkthrough's own words for its steps (`stepTexts`), in place of the kind's. They may describe
// the walkthrough's numbers, so they are used only on its own inputs: once a learner edits them
// (or a trained layer replaces them), the kind's words, which fit any inputs, come back.
import type { Step, Walkthrough } from '../model/types.js';

export function withStepTexts(walkthrough: Walkthrough, steps: Step[], ownInputs: boolean): Step[] {
  const texts = walkthrough.stepTexts;
  if (!texts || !ownInputs) return steps;
  return steps.map((step) => (Object.hasOwn(texts, step.id) ? { ...step, ...texts[step.id] } : step));
}
