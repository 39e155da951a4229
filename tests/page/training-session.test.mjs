// The lesson "Watch attention learn" without a browser: the training session
// (web/src/session/training/) driving the trainer host on the same thread, as the offline page
// does, over a scripted fake trainer whose losses and accuracies are known in advance, so each
// test can say exactly what the session must hold. The real engine runs the same session in
// training-engine.test.mjs.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import '../support/json-modules.mjs';
import { importCompiled } from '../support/compiled.mjs';

const { TrainingSession } = await importCompiled('session/training/training-session');
const { sameThreadPort } = await importCompiled('session/training/same-thread');
const { TrainerHost } = await importCompiled('session/training/trainer-host');

const CONFIG = {
  task: 'reverse', model: { dModel: 32, heads: 2, layers: 1, dFF: 64 }, seed: 0, learningRate: 0.003, batchSize: 32,
  optimizer: 'adam', weightDecay: 0, dropout: 0, clipNorm: 1, length: 6, vocabulary: 10,
};

/** The fake trainer's training loss at step s: 2/s, never the same twice. */
const lossAt = (s) => 2 / s;
/** Its held-out accuracy at step s: s/100, up to 1. */
const accuracyAt = (s) => Math.min(1, s / 100);

/**
 * A stand-in for lab.createTrainer with the façade's shapes. `heads: 3` is refused as the engine
 * refuses it; a learning rate of 10 diverges at step 37 (step() throws once the loss is NaN).
 */
function fakeLab() {
  const created = [];
  const lab = {
    createTrainer(options = {}) {
      if (options.model?.heads === 3) throw new Error('model.heads: expected a divisor of model.dModel = 32, got 3');
      const config = { ...CONFIG, ...options, model: { ...CONFIG.model, ...options.model } };
      let step = 0;
      let state = 'ready';
      let disposed = false;
      const probe = { tokens: ['3', '1', '4'], targets: ['4', '1', '3'], predictions: ['4', '4', '4'] };
      const trainer = {
        step(k = 1) {
          if (disposed) throw new Error('step: expected a trainer that is not disposed');
          if (state === 'diverged') throw new Error('step: the run diverged');
          const losses = [];
          for (let i = 0; i < k; i += 1) {
            step += 1;
            if (config.learningRate >= 10 && step === 37) {
              state = 'diverged';
              throw new Error('step: the loss became NaN at step 37');
            }
            losses.push(lossAt(step));
          }
          return { step, loss: losses[losses.length - 1], losses };
        },
        evaluate: () => ({ loss: 1 / (step + 1), accuracy: accuracyAt(step), scored: 3000 }),
        attention: () => ({ ...probe, weights: [[[[step, 0, 0], [0, 1, 0], [0, 0, 1]], [[1, 0, 0], [0, 1, 0], [0, 0, 1]]]] }),
        headScores: () => ({ measure: 'mean attention on the mirrored position', scores: [[accuracyAt(step), 0.1]], hasIdeal: true, ideal: [[0, 0, 1], [0, 1, 0], [1, 0, 0]] }),
        ablate: ({ layer, head }) => ({ loss: 3, accuracy: head === 0 && layer === 0 ? 0.1 : accuracyAt(step), scored: 3000 }),
        parameters: () => ({ embedding: [[step, 1], [2, 3]], 'head.b': [0.5, 0.25] }),
        status: () => ({ state, message: state === 'diverged' ? 'the loss became NaN at step 37' : '', step, options: config }),
        dispose: () => {
          disposed = true;
        },
      };
      created.push(trainer);
      return trainer;
    },
  };
  return { lab, created };
}

/** A session over the fake engine, training as fast as it can (the speeds have tests of their own), with every event it emits recorded. */
function training() {
  const { lab, created } = fakeLab();
  const session = new TrainingSession(sameThreadPort(lab));
  session.setSpeed('max');
  const events = [];
  session.subscribe((event) => events.push(event));
  /** Resolves once the session emits an event of `type` (after those already seen). */
  const next = (type, seen = events.length) => new Promise((resolve) => {
    const check = () => {
      const found = events.slice(seen).find((e) => e.type === type);
      if (found) resolve(found);
      else setTimeout(check, 1);
    };
    check();
  });
  const until = async (predicate) => {
    while (!predicate()) await new Promise((r) => setTimeout(r, 1));
  };
  const of = (type) => events.filter((e) => e.type === type);
  return { session, events, next, until, of, created };
}

describe('a training run', () => {
  test('a new run starts untrained at step 0, with the engine’s configuration, its task’s defaults and an evaluated step-0 point', async () => {
    const { session, of } = training();
    assert.equal(await session.configure({ task: 'reverse', seed: 4 }), true);
    assert.equal(session.state, 'ready');
    assert.equal(session.step, 0);
    assert.equal(session.config.seed, 4);
    assert.equal(session.defaults.seed, 0, 'the defaults come from a run with nothing set but the task');
    assert.deepEqual(session.options, { task: 'reverse', seed: 4 });
    assert.deepEqual(session.curve.map((p) => p.step), [0]);
    assert.equal(session.curve[0].trainLoss, undefined, 'no training loss before the first step');
    assert.equal(session.target, 500);
    assert.equal(of('configured').length, 1);
  });

  test('Train runs to the target in chunks: every step’s loss kept in order, evaluations at fixed steps, then finished', async () => {
    const { session, until, of } = training();
    await session.configure({ task: 'reverse' });
    session.setTarget(110);
    session.train();
    assert.equal(session.state, 'training');
    await until(() => session.state === 'finished');
    assert.equal(session.step, 110);
    assert.deepEqual(session.losses, Array.from({ length: 110 }, (_, i) => lossAt(i + 1)));
    assert.deepEqual(session.curve.map((p) => p.step), [0, 25, 50, 75, 100, 110]);
    assert.deepEqual(session.curve.map((p) => p.evaluation.accuracy), [0, 0.25, 0.5, 0.75, 1, 1]);
    assert.equal(session.curve[2].trainLoss, lossAt(50), 'the training loss of the evaluated step itself');
    assert.ok(of('progress').length >= 11, 'progress at least once per chunk of 10 steps');
    const announced = of('announce').map((e) => e.message);
    assert.deepEqual(announced, [
      'Training to step 110.',
      'Held-out accuracy reached 50.0 % at step 50.',
      'Held-out accuracy reached 100.0 % at step 100.',
      'Finished at step 110; held-out accuracy 100.0 %.',
    ], 'milestones only, not every step (90 % and 99 % are passed within the 100 % evaluation)');
  });

  test('Pause stops between chunks, Resume goes on, and the curve is the one an uninterrupted run draws', async () => {
    const { session, until } = training();
    await session.configure({ task: 'reverse' });
    session.setTarget(80);
    session.train();
    await until(() => session.step >= 30);
    session.pause();
    await until(() => session.state === 'paused');
    const pausedAt = session.step;
    assert.ok(pausedAt < 80, `paused before the end (at ${pausedAt})`);
    assert.equal(session.snapshot.step, pausedAt, 'the heads are shown at the step paused at');
    await new Promise((r) => setTimeout(r, 20));
    assert.equal(session.step, pausedAt, 'no step is taken while paused');
    session.train();
    await until(() => session.state === 'finished');
    assert.deepEqual(session.losses, Array.from({ length: 80 }, (_, i) => lossAt(i + 1)));
    assert.deepEqual(session.curve.map((p) => p.step), [0, 25, 50, 75, 80], 'the pause’s own point is replaced when training goes on');
  });

  test('Train pressed while a new run is being made (a field changed as the button was clicked) trains that run once it is there', async () => {
    const { session, until } = training();
    await session.configure({ task: 'reverse' });
    const made = session.configure({ task: 'reverse', seed: 9 });
    session.setTarget(20);
    session.train();
    assert.equal(await made, true);
    await until(() => session.state === 'finished');
    assert.equal(session.config.seed, 9);
    assert.equal(session.step, 20);
  });

  test('options the engine refuses give its message as a notice and keep the previous run as it was', async () => {
    const { session, until, of } = training();
    await session.configure({ task: 'reverse', seed: 2 });
    session.setTarget(30);
    session.train();
    await until(() => session.state === 'finished');
    assert.equal(await session.configure({ task: 'reverse', model: { heads: 3 } }), false);
    assert.deepEqual(of('notice').map((e) => e.message), ['The engine refused these options: model.heads: expected a divisor of model.dModel = 32, got 3']);
    assert.deepEqual(session.options, { task: 'reverse', seed: 2 });
    assert.equal(session.step, 30);
    assert.equal(session.state, 'finished');
    assert.equal(session.losses.length, 30);
  });

  test('a run that diverges stops in the diverged state with the engine’s message, draws no NaN, and Train does nothing', async () => {
    const { session, until } = training();
    await session.configure({ task: 'reverse', learningRate: 10 });
    session.setTarget(100);
    session.train();
    await until(() => session.state === 'diverged');
    assert.equal(session.divergedMessage, 'the loss became NaN at step 37');
    assert.equal(session.step, 37);
    assert.ok(session.losses.every(Number.isFinite));
    assert.ok(session.curve.every((p) => Number.isFinite(p.evaluation.loss) && (p.trainLoss === undefined || Number.isFinite(p.trainLoss))));
    session.train();
    assert.equal(session.state, 'diverged');
    assert.equal(await session.reset(), true, 'Reset starts the same options again, at step 0');
    assert.equal(session.state, 'ready');
    assert.equal(session.step, 0);
  });

  test('a link is retrained straight to its step, saying so, and ends at that step', async () => {
    const { session, until, of } = training();
    assert.equal(await session.configure({ task: 'reverse', seed: 1 }, 60), true);
    assert.equal(session.state, 'replaying');
    await until(() => session.state === 'finished');
    assert.equal(session.step, 60);
    const announced = of('announce').map((e) => e.message);
    assert.match(announced[0], /^Retraining to step 60 to reproduce the link/);
    assert.equal(announced[announced.length - 1], 'Retrained to the link’s step 60; held-out accuracy 60.0 %.');
  });

  test('switching a head off reports held-out accuracy with and without it; the same head again switches it back on', async () => {
    const { session, next } = training();
    await session.configure({ task: 'reverse' });
    session.ablate(0, 0);
    await next('ablation');
    assert.deepEqual(session.ablation, { step: 0, layer: 0, head: 0, with: { loss: 1, accuracy: 0, scored: 3000 }, without: { loss: 3, accuracy: 0.1, scored: 3000 } });
    session.ablate(0, 0);
    assert.equal(session.ablation, undefined);
  });

  test('the parameters of the current step are handed over by name; dispose frees the engine’s trainer', async () => {
    const { session, until, created } = training();
    await session.configure({ task: 'reverse' });
    session.setTarget(20);
    session.train();
    await until(() => session.state === 'finished');
    assert.deepEqual(await session.parameters(), { step: 20, parameters: { embedding: [[20, 1], [2, 3]], 'head.b': [0.5, 0.25] } });
    const last = created[created.length - 1];
    session.dispose();
    await new Promise((r) => setTimeout(r, 5));
    assert.throws(() => last.step(), /disposed/);
  });
});

describe('the speed of training', () => {
  /**
   * A trainer host over the fake engine whose clock stands still and whose scheduler only
   * records: each chunk runs when the test says, and the wait asked for is exact.
   */
  function pacedHost() {
    const { lab } = fakeLab();
    const replies = [];
    const waits = [];
    let queued;
    const host = new TrainerHost(lab, (m) => replies.push(m), (next, ms) => {
      waits.push(ms);
      queued = next;
    }, () => 1000);
    const runQueued = () => {
      const next = queued;
      queued = undefined;
      next?.();
    };
    host.handle({ type: 'create', id: 1, options: { task: 'reverse' } });
    return { host, replies, waits, runQueued, pending: () => queued !== undefined };
  }

  test('at 25 steps a second the host takes one step a chunk, snapshots it, and waits 40 ms for the next', () => {
    const { host, replies, waits, runQueued } = pacedHost();
    host.handle({ type: 'run', until: 4, stepsPerSecond: 25 });
    for (let i = 0; i < 5; i += 1) runQueued();
    const progress = replies.filter((m) => m.type === 'progress');
    assert.deepEqual(progress.map((m) => m.step), [1, 2, 3, 4]);
    assert.deepEqual(replies.filter((m) => m.type === 'snapshot').map((m) => m.snapshot.step), [1, 2, 3, 4], 'the heads change at every step');
    assert.deepEqual(waits, [0, 40, 40, 40], 'the first chunk at once, then one every 1/25 s');
    assert.deepEqual(replies.at(-1), { type: 'stopped', step: 4, reason: 'reached' });
  });

  test('at 100 steps a second a chunk is 5 steps every 50 ms; as fast as it can, 10 steps with no wait and snapshots every 25 steps only', () => {
    const paced = pacedHost();
    paced.host.handle({ type: 'run', until: 10, stepsPerSecond: 100 });
    while (paced.pending()) paced.runQueued();
    assert.deepEqual(paced.replies.filter((m) => m.type === 'progress').map((m) => m.step), [5, 10]);
    assert.deepEqual(paced.waits, [0, 50]);
    const fast = pacedHost();
    fast.host.handle({ type: 'run', until: 30 });
    while (fast.pending()) fast.runQueued();
    assert.deepEqual(fast.replies.filter((m) => m.type === 'progress').map((m) => m.step), [10, 20, 25, 30]);
    assert.deepEqual(fast.waits, [0, 0, 0, 0]);
    assert.deepEqual(fast.replies.filter((m) => m.type === 'snapshot').map((m) => m.snapshot.step), [25, 30]);
  });

  test('a new speed while running takes effect at once, in a new chain of chunks (the old one ends)', () => {
    const { host, replies, waits, runQueued } = pacedHost();
    host.handle({ type: 'run', until: 100, stepsPerSecond: 1 });
    runQueued();
    assert.deepEqual(waits, [0, 1000]);
    host.handle({ type: 'run', until: 100, stepsPerSecond: 100 });
    assert.deepEqual(waits, [0, 1000, 0]);
    runQueued();
    assert.deepEqual(replies.filter((m) => m.type === 'progress').map((m) => m.step), [1, 6]);
    host.handle({ type: 'pause' });
    runQueued();
    assert.deepEqual(replies.filter((m) => m.type === 'progress').map((m) => m.step), [1, 6], 'paused means paused');
  });

  test('step by step: each press of Train takes one step, announces its loss and accuracy, and shows the heads at that step', async () => {
    const { session, until, of } = training();
    await session.configure({ task: 'reverse' });
    session.setSpeed('step');
    assert.equal(of('announce').at(-1).message, 'Speed: One step per press.');
    for (const expected of [1, 2, 3]) {
      session.train();
      await until(() => !session.running && session.step === expected);
      assert.equal(session.state, 'paused');
      assert.equal(session.snapshot.step, expected, 'the heads are those of the step taken');
    }
    assert.deepEqual(session.losses, [lossAt(1), lossAt(2), lossAt(3)]);
    assert.deepEqual(session.curve.map((p) => p.step), [0, 3], 'the curve keeps the fixed points and the last step');
    assert.equal(of('announce').at(-1).message, 'Step 3: training loss 0.667; held-out accuracy 3.0 %.');
    assert.equal(session.target, 500, 'the steps Train runs to stay as they were');
  });

  test('a speed set while training goes to the host with the run; step by step pauses the run; replaying a link ignores the speed', async () => {
    const posted = [];
    const { lab } = fakeLab();
    const port = sameThreadPort(lab);
    const post = port.post;
    port.post = (m) => {
      posted.push(m);
      post(m);
    };
    const session = new TrainingSession(port);
    const until = async (predicate) => {
      while (!predicate()) await new Promise((r) => setTimeout(r, 1));
    };
    assert.equal(await session.configure({ task: 'reverse' }, 30), true);
    await until(() => session.state === 'finished');
    assert.deepEqual(posted.filter((m) => m.type === 'run'), [{ type: 'run', until: 30 }], 'a link is retrained as fast as it can');
    session.setSpeed('1');
    session.setTarget(1000);
    session.train();
    assert.deepEqual(posted.filter((m) => m.type === 'run').at(-1), { type: 'run', until: 1000, stepsPerSecond: 1 });
    session.setSpeed('max');
    assert.deepEqual(posted.filter((m) => m.type === 'run').at(-1), { type: 'run', until: 1000 });
    session.setSpeed('10');
    assert.deepEqual(posted.filter((m) => m.type === 'run').at(-1), { type: 'run', until: 1000, stepsPerSecond: 10 });
    session.setSpeed('step');
    assert.deepEqual(posted.at(-1), { type: 'pause' });
    await until(() => session.state === 'paused');
    session.dispose();
  });
});

