// What `npm run bench:train` and the trainer's browser test ask a trainer to do, written once
// and run unchanged in Node and inside a Chromium Web Worker (scripts/lib/trainer-worker.mjs
// serves this file to the worker). Each job takes a loaded lab and plain data, returns plain
// data, and disposes every trainer it creates. No DOM, no Node built-ins.

/**
 * @typedef {import('../../../web/lib/index.js').AttentionLab} AttentionLab
 * @typedef {import('../../../web/lib/index.js').TrainerOptions} TrainerOptions
 */

/** Runs `use` on a new trainer and disposes it whatever happens. */
function withTrainer(/** @type {AttentionLab} */ lab, /** @type {TrainerOptions} */ options, /** @type {(t: import('../../../web/lib/index.js').Trainer) => any} */ use) {
  const trainer = lab.createTrainer(options);
  try {
    return use(trainer);
  } finally {
    trainer.dispose();
  }
}

export const JOBS = {
  /** The loss of each of `steps` steps (bit-for-bit comparisons). */
  losses: (/** @type {AttentionLab} */ lab, /** @type {{ options: TrainerOptions, steps: number }} */ { options, steps }) =>
    withTrainer(lab, options, (t) => t.step(steps).losses),

  /**
   * Steps per second: `steps` untimed warm-up steps, then `rounds` rounds of `steps` steps,
   * each round one step(steps) call timed with performance.now().
   */
  speed: (/** @type {AttentionLab} */ lab, /** @type {{ options: TrainerOptions, steps: number, rounds: number }} */ { options, steps, rounds }) =>
    withTrainer(lab, options, (t) => {
      t.step(steps);
      const roundMs = [];
      for (let r = 0; r < rounds; r += 1) {
        const start = performance.now();
        t.step(steps);
        roundMs.push(performance.now() - start);
      }
      return { roundMs };
    }),

  /**
   * Wall time from creating the trainer until evaluate() first reaches `accuracy`, evaluating
   * every `every` steps (the evaluations are counted in the time, as a page showing progress
   * pays them too), or null after `maxSteps`.
   */
  timeToAccuracy: (/** @type {AttentionLab} */ lab, /** @type {{ options: TrainerOptions, accuracy: number, every: number, maxSteps: number }} */ { options, accuracy, every, maxSteps }) => {
    const start = performance.now();
    return withTrainer(lab, options, (t) => {
      for (let done = 0; done < maxSteps;) {
        done = t.step(every).step;
        const reached = t.evaluate().accuracy;
        if (reached >= accuracy) return { ms: performance.now() - start, steps: done, accuracy: reached };
      }
      return { ms: null, steps: maxSteps, accuracy: t.evaluate().accuracy };
    });
  },

  /**
   * Generation tokens per second: a language model of `model`'s shape (random weights from
   * `seed`: the speed does not depend on them) continues `prompt` by `tokens` tokens with the KV
   * cache, once untimed, then `rounds` timed rounds, each generate() call timed with
   * performance.now().
   */
  generate: (/** @type {AttentionLab} */ lab, /** @type {{ model: Record<string, number>, seed: number, prompt: string, tokens: number, rounds: number }} */ { model, seed, prompt, tokens, rounds }) => {
    const lm = lab.createLanguageModel({ model, seed });
    try {
      lm.generate({ prompt, tokens, seed });
      const roundMs = [];
      for (let r = 0; r < rounds; r += 1) {
        const start = performance.now();
        lm.generate({ prompt, tokens, seed: seed + r, temperature: 1 });
        roundMs.push(performance.now() - start);
      }
      return { roundMs };
    } finally {
      lm.dispose();
    }
  },

  /**
   * The engine's memory (lab.memory()) before the trainer, after `warmup` steps, after
   * `steps` steps in all, and after dispose().
   */
  memory: (/** @type {AttentionLab} */ lab, /** @type {{ options: TrainerOptions, warmup: number, steps: number }} */ { options, warmup, steps }) => {
    const before = lab.memory();
    const trainer = lab.createTrainer(options);
    trainer.step(warmup);
    const warm = lab.memory();
    for (let done = warmup; done < steps; done += Math.min(1000, steps - done)) trainer.step(Math.min(1000, steps - done));
    const trained = lab.memory();
    trainer.dispose();
    return { before, warm, trained, disposed: lab.memory() };
  },
};
