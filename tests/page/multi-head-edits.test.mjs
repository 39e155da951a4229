// An edit of the multi-head walkthrough (its embeddings step shows 2,048 numbers, the steps after
// it the 76,555 of an 8-head trace): each edit asks the engine once for the embeddings and once
// for the attention, and makes every step, exercises included, there and then, as a walkthrough
// opened on the same inputs would; reading the steps afterwards asks the engine nothing. The
// engine's refusal comes with the edit and keeps the steps on screen.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import '../support/json-modules.mjs';
import { importCompiled } from '../support/compiled.mjs';
import { SHIPPED } from '../support/shipped-walkthroughs.mjs';

const lab = await loadAttentionLab();
const { Session } = await importCompiled('session/session');

/** The engine, counting the calls of each operation. */
function countingLab() {
  /** @type {Record<string, number>} */
  const calls = {};
  // A copy: the API object is frozen, so a Proxy of it could not answer with other functions.
  const counted = Object.fromEntries(Object.entries(lab).map(([name, value]) => [name, typeof value !== 'function' ? value : (/** @type {any[]} */ ...args) => {
    calls[name] = (calls[name] ?? 0) + 1;
    return value.apply(lab, args);
  }]));
  return { counted, calls };
}

function session(engine = lab) {
  const s = new Session(engine, { find: (/** @type {string} */ id) => SHIPPED.get(id), fallback: 'worked-example' });
  /** @type {any[]} */
  const events = [];
  s.subscribe((/** @type {any} */ event) => events.push(event));
  return { s, notices: () => events.filter((e) => e.type === 'notice').map((e) => e.message) };
}

const field = (/** @type {any} */ s, /** @type {string} */ name) =>
  s.step.panels.flatMap((/** @type {any} */ p) => p.fields ?? []).find((/** @type {any} */ f) => f.name === name);
/** Every step as plain data: reading each text, formula and panel list, as JSON.stringify does. */
const plain = (/** @type {any[]} */ steps) => JSON.parse(JSON.stringify(steps));

describe('an edit of the multi-head walkthrough makes its steps at once', () => {
  test('a new seed on the embeddings step asks the engine for the embeddings and the attention, once each', async () => {
    const { counted, calls } = countingLab();
    const { s } = session(counted);
    await s.open({ walkthrough: 'multi-head', step: 'embed' });
    assert.equal(calls.multiHeadAttention, 1, 'opening makes every step');
    for (const key of Object.keys(calls)) delete calls[key];

    s.changeParameter(field(s, 'seed'), '4');
    assert.deepEqual(calls, { embedTokens: 1, multiHeadAttention: 1 });
    assert.equal(s.state.inputs.seed, 4);
    assert.equal(s.step.id, 'embed');
    assert.deepEqual(s.steps.map((/** @type {any} */ step) => step.id),
      ['embed', 'project', 'split', 'heads', 'exercise-head-1-on', 'exercise-head-2-on', 'exercise-head-2-strongest', 'concat', 'output'],
      'the step list is whole');
  });

  test('moving through the steps and reading them all asks the engine nothing more', async () => {
    const { counted, calls } = countingLab();
    const { s } = session(counted);
    await s.open({ walkthrough: 'multi-head', step: 'embed' });
    s.changeParameter(field(s, 'seed'), '4');
    for (const key of Object.keys(calls)) delete calls[key];
    s.next();
    s.last();
    plain(s.steps);
    assert.deepEqual(calls, {});
  });

  test('the steps after edits are those of a walkthrough opened on the same inputs, exercises included', async () => {
    const { s } = session();
    await s.open({ walkthrough: 'multi-head', step: 'embed' });
    s.changeParameter(field(s, 'seed'), '5');
    s.changeParameter(field(s, 'tokens'), 'a dog ran on the grass');
    const edited = plain(s.steps);
    const trace = s.trace;

    const { s: opened } = session();
    assert.equal(await opened.open({ walkthrough: 'multi-head', step: 'embed', inputs: s.state.inputs }), true);
    assert.deepEqual(edited, plain(opened.steps));
    assert.deepEqual(trace, opened.trace);
    assert.equal(trace.heads[0].weights.length, 6);
  });

  test('an exercise step carries its items as soon as the steps are built', async () => {
    const { s } = session();
    await s.open({ walkthrough: 'multi-head', step: 'embed' });
    s.changeParameter(field(s, 'seed'), '6');
    const exercise = s.steps.find((/** @type {any} */ step) => step.id === 'exercise-head-2-strongest');
    const panel = Object.getOwnPropertyDescriptor(exercise, 'panels');
    assert.ok(panel && 'value' in panel, 'a plain property, not made when read');
    assert.ok(exercise.panels[0].grid, 'its grid, from the heads step');
  });

  test('an edit the engine refuses keeps the steps on screen: a heads that does not divide d_model', async () => {
    const { counted, calls } = countingLab();
    const { s, notices } = session(counted);
    await s.open({ walkthrough: 'multi-head', step: 'embed' });
    s.changeParameter(field(s, 'seed'), '4');
    const before = { steps: s.steps, inputs: s.inputs };
    for (const key of Object.keys(calls)) delete calls[key];

    s.changeParameter(field(s, 'heads'), '3');
    assert.equal(calls.multiHeadAttention, 1, 'the engine was asked at the edit');
    assert.match(notices()[0], /^The engine refused these inputs: heads/);
    assert.equal(s.steps, before.steps);
    assert.equal(s.inputs, before.inputs);
  });

  test('more words, a mask or other sizes are computed at once', async () => {
    const { counted, calls } = countingLab();
    const { s } = session(counted);
    await s.open({ walkthrough: 'multi-head', step: 'embed' });
    for (const [name, value] of [['tokens', 'the cat sat on the mat today'], ['mask', 'causal'], ['dModel', '8'], ['heads', '2']]) {
      for (const key of Object.keys(calls)) delete calls[key];
      s.changeParameter(field(s, name), value);
      assert.equal(calls.multiHeadAttention, 1, `${name} → ${value}`);
    }
    assert.equal(s.trace.heads.length, 2);
    assert.equal(s.trace.heads[0].weights.length, 7);
  });
});
