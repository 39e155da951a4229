// The lesson "Train your own" without a browser: its session (web/src/session/text-training/)
// driving the trainer host on the same thread with the real engine, as the offline page trains:
// a run created, trained to a step with snapshots every 25 steps (held-out loss, baselines and a
// sample), the same run twice for the same text, options and seed (what a link relies on), a
// refusal that keeps the run, and what a link holds of the inputs.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import '../support/json-modules.mjs';
import { importCompiled } from '../support/compiled.mjs';

const lab = await loadAttentionLab();
const { TextTrainingSession } = await importCompiled('session/text-training/text-training-session');
const { sameThreadPort } = await importCompiled('session/training/same-thread');
const { MAX_LINK_TEXT, textTrainerOptions, textTrainingInputsOf } = await importCompiled('kinds/text-training/inputs');

const until = async (predicate) => {
  while (!predicate()) await new Promise((r) => setTimeout(r, 2));
};

/** Small enough that 50 steps take about a second in Node. */
const SMALL = { task: 'text', model: { dModel: 16, heads: 2, layers: 1, context: 16 }, batchSize: 4, seed: 3 };

async function trained(options, steps) {
  const session = new TextTrainingSession(sameThreadPort(lab));
  assert.equal(await session.configure(options, steps), true);
  if (steps > 0) await until(() => session.state === 'finished' || session.state === 'diverged');
  return session;
}

describe('training a language model on a text in the lesson', { timeout: 120_000 }, () => {
  test('a run trained to step 50 holds every loss, a snapshot every 25 steps and a sample of each', async () => {
    const session = await trained(SMALL, 50);
    assert.equal(session.step, 50);
    assert.equal(session.losses.length, 50);
    assert.deepEqual(session.snapshots.map((s) => s.step), [0, 25, 50]);
    const [first, , last] = session.snapshots;
    assert.ok(last.evaluation.loss < first.evaluation.loss, `held-out loss ${first.evaluation.loss} → ${last.evaluation.loss}`);
    assert.equal(first.evaluation.uniformLoss, Math.log(session.config.model.vocab));
    assert.equal(last.sample.prompt, 'F');
    // The sample fills the context after its one-character prompt.
    assert.equal(Array.from(last.sample.text).length, 15);
    assert.equal(session.config.model.context, 16);
    assert.equal(session.defaults.model.context, 32);
    session.dispose();
  });

  test('the same text, options and seed retrain to the same losses and samples', async () => {
    const text = 'the quick brown fox jumps over the lazy dog. '.repeat(8);
    const a = await trained({ ...SMALL, text }, 30);
    const b = await trained({ ...SMALL, text }, 30);
    assert.deepEqual(a.losses, b.losses);
    assert.deepEqual(a.snapshots, b.snapshots);
    assert.equal(a.snapshots[0].sample.prompt, 't');
    a.dispose();
    b.dispose();
  });

  /** The notices a trained run's session says when `options` are refused; the run must be kept. */
  const refusedWith = async (options) => {
    const session = await trained(SMALL, 0);
    const notices = [];
    session.subscribe((event) => {
      if (event.type === 'notice') notices.push(event.message);
    });
    assert.equal(await session.configure(options), false);
    assert.equal(session.config.model.context, 16);
    assert.equal(session.state, 'ready');
    session.dispose();
    return notices;
  };

  test('options the engine refuses leave the run as it was, with the engine’s words', async () => {
    const notices = await refusedWith({ ...SMALL, text: 'too short' });
    assert.match(notices[0], /text: expected at least 160 tokens/);
  });

  test('an empty box is refused by the engine and said in the lesson’s words; the run stays', async () => {
    assert.deepEqual(await refusedWith({ ...SMALL, text: '' }), ['The box was empty, so the model keeps the text it had: paste a text to train on, or press “Use the built-in passage”.']);
  });
});

describe('what a link holds', () => {
  test('the options set, the step, the speed and a short text, which give the same options back', () => {
    const options = { task: 'text', text: 'short text', model: { context: 16, dModel: 16 }, seed: 4, learningRate: 0.02 };
    const { inputs, textKept } = textTrainingInputsOf(options, 300, '25');
    assert.equal(textKept, true);
    assert.deepEqual(inputs, { text: 'short text', seed: 4, learningRate: 0.02, dModel: 16, context: 16, steps: 300, speed: '25' });
    assert.deepEqual(textTrainerOptions(inputs), { task: 'text', text: 'short text', model: { dModel: 16, context: 16 }, seed: 4, learningRate: 0.02 });
  });

  test('a text longer than a link holds is left out of it, and still trains', () => {
    const long = 'é'.repeat(MAX_LINK_TEXT / 2 + 1);
    const { inputs, textKept } = textTrainingInputsOf({ task: 'text', text: long, seed: 1 }, 10, 'max');
    assert.equal(textKept, false);
    assert.deepEqual(inputs, { seed: 1, steps: 10 });
    assert.equal(textTrainerOptions(inputs, long).text, long);
  });
});
