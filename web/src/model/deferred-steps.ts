// Steps whose numbers are made only when first read. A kind whose later steps need an engine
// call the first step does not (the multi-head walkthrough: its embeddings step shows 2,048
// numbers, its other steps the 76,555 of an 8-head trace) gives those steps with their ids and
// titles (the step list needs them at once) and makes their text, formula and panels the first
// time any of them is read: when the learner moves there, an exercise or an export reads them.
// Reading is all it takes, so nothing that uses steps needs to know which were deferred.
import type { Step } from './types.js';

/**
 * `heads`: each step's id and title, now. `make`: the same steps whole, in the same order,
 * called at most once, the first time a text, formula or panel list is read.
 */
export function deferredSteps(heads: readonly Pick<Step, 'id' | 'title'>[], make: () => Step[]): Step[] {
  let made: Step[] | undefined;
  const whole = (k: number): Step => {
    if (!made) {
      made = make();
      const ids = made.map((s) => s.id).join();
      if (ids !== heads.map((s) => s.id).join()) throw new Error(`deferred steps ${heads.map((s) => s.id).join()} were made as ${ids}`);
    }
    return made[k];
  };
  return heads.map(({ id, title }, k) => {
    const step = { id, title } as Step;
    for (const key of ['text', 'formula', 'panels'] as const) {
      Object.defineProperty(step, key, { enumerable: true, get: () => whole(k)[key] });
    }
    return step;
  });
}
