// The lesson "Watch attention learn" with the real engine in Node: the training session over
// the trainer host on the same thread (as the offline page trains), reverse to ≥ 99 % held-out
// accuracy with the defaults, the same run twice for the same options and seed (what a shared
// link relies on), and the exported PyTorch script, run by /usr/bin/python3 when it has torch,
// predicting the probe as the page does.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import '../support/json-modules.mjs';
import { importCompiled } from '../support/compiled.mjs';

const lab = await loadAttentionLab();
const { TrainingSession } = await importCompiled('session/training/training-session');
const { sameThreadPort } = await importCompiled('session/training/same-thread');
const { trainingScript, weightsJson } = await importCompiled('export/training-script');

const until = async (predicate) => {
  while (!predicate()) await new Promise((r) => setTimeout(r, 2));
};

/** A session trained with `options` to `steps`. */
async function trained(options, steps) {
  const session = new TrainingSession(sameThreadPort(lab));
  assert.equal(await session.configure(options, steps), true);
  await until(() => session.state === 'finished' || session.state === 'diverged');
  return session;
}

const TORCH = spawnSync('/usr/bin/python3', ['-c', 'import torch'], { encoding: 'utf8' }).status === 0;

describe('training with the engine', () => {
  test('reverse with every default reaches ≥ 99 % held-out accuracy within the lesson’s 500 steps, evaluated every 25 steps', { timeout: 600_000 }, async () => {
    const session = await trained({ task: 'reverse' }, 500);
    assert.equal(session.state, 'finished');
    assert.equal(session.losses.length, 500);
    assert.deepEqual(session.curve.map((p) => p.step), Array.from({ length: 21 }, (_, i) => 25 * i));
    const accuracy = session.snapshot.evaluation.accuracy;
    assert.ok(accuracy >= 0.99, `held-out accuracy ${accuracy}`);
    session.dispose();
  });

  test('the same options and seed give the same loss at every step (a link retrains to the same state)', { timeout: 600_000 }, async () => {
    const [a, b] = [await trained({ task: 'sort', seed: 2 }, 60), await trained({ task: 'sort', seed: 2 }, 60)];
    assert.deepEqual(a.losses, b.losses);
    assert.deepEqual(a.snapshot, b.snapshot);
    const c = await trained({ task: 'sort', seed: 3 }, 60);
    assert.notDeepEqual(c.losses, a.losses, 'another seed, another run');
    for (const s of [a, b, c]) s.dispose();
  });

  test('options the engine refuses keep the run; its message names the option', async () => {
    const session = await trained({ task: 'reverse' }, 10);
    const notices = [];
    session.subscribe((e) => e.type === 'notice' && notices.push(e.message));
    assert.equal(await session.configure({ task: 'reverse', model: { dModel: 32, heads: 3 } }), false);
    assert.match(notices[0], /^The engine refused these options: model\.heads/);
    assert.equal(session.step, 10);
    session.dispose();
  });

  test('a learning rate of 10 diverges: the diverged state with the engine’s message, and only finite losses kept', { timeout: 600_000 }, async () => {
    const session = new TrainingSession(sameThreadPort(lab));
    session.setSpeed('max');
    assert.equal(await session.configure({ task: 'reverse', learningRate: 10, clipNorm: 0 }), true);
    session.setTarget(2000);
    session.train();
    await until(() => session.state !== 'training');
    assert.equal(session.state, 'diverged');
    assert.notEqual(session.divergedMessage, '');
    assert.ok(session.losses.every(Number.isFinite));
    assert.ok(session.curve.every((p) => Number.isFinite(p.evaluation.loss)));
    session.dispose();
  });

  test('the exported weights name every parameter, and the PyTorch script predicts the probe as the page does', { timeout: 600_000, skip: TORCH ? false : '/usr/bin/python3 has no torch (apt install python3-torch)' }, async () => {
    // Iris's probe is a flower, not tokens: the script classifies the standardised features the
    // engine reported, so it needs them to reproduce the page's species.
    const named = { reverse: ['embedding', 'head.w'], induction: ['embedding', 'head.w'], iris: ['features.w', 'classifier.w2'] };
    for (const [task, names] of Object.entries(named)) {
      const session = await trained({ task }, 200);
      const { step, parameters } = await session.parameters();
      assert.equal(step, 200);
      const json = JSON.parse(weightsJson(session.config, step, parameters));
      for (const name of [...names, 'layer0.attention.wQ']) assert.ok(name in json.parameters, `${task}: ${name}`);
      const folder = mkdtempSync(path.join(tmpdir(), 'attention-lab-export-'));
      try {
        const file = path.join(folder, 'model.py');
        writeFileSync(file, trainingScript(session.config, step, parameters, session.snapshot.attention, session.snapshot.step));
        const run = spawnSync('/usr/bin/python3', [file], { encoding: 'utf8' });
        assert.equal(run.status, 0, run.stderr);
        const page = session.snapshot.attention.predictions.map((p) => p || '·').join(' ');
        assert.equal(run.stdout.trim(), `predictions: ${page}`, `${task}: the script’s predictions are the page’s`);
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
      session.dispose();
    }
  });
});
