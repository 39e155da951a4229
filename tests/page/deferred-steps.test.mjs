// Steps made when first read (web/src/model/deferred-steps.ts): the multi-head walkthrough's
// steps after the embeddings need an 8-head attention trace its first step does not, so an edit
// the engine would accept anyway (only the seed or the words changed) leaves them to be made when
// the learner moves there. These tests check what that must not change: the numbers (the same as
// a build that makes everything at once), the engine's refusals (still at the edit), and the
// exercises that read those steps.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import '../support/json-modules.mjs';
import { importCompiled } from '../support/compiled.mjs';
import { SHIPPED } from '../support/shipped-walkthroughs.mjs';

const lab = await loadAttentionLab();
const { Session } = await importCompiled('session/session');
const { deferredSteps } = await importCompiled('model/deferred-steps');

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

describe('the multi-head walkthrough makes its later steps when they are read', () => {
  test('a new seed on the embeddings step asks the engine for the embeddings only', async () => {
    const { counted, calls } = countingLab();
    const { s } = session(counted);
    await s.open({ walkthrough: 'multi-head', step: 'embed', randomWeights: true });
    assert.equal(calls.multiHeadAttention, 1, 'opening makes every step');
    for (const key of Object.keys(calls)) delete calls[key];

    s.changeParameter(field(s, 'seed'), '4');
    assert.deepEqual(calls, { embedTokens: 1 });
    assert.equal(s.state.inputs.seed, 4);
    assert.equal(s.step.id, 'embed');
    assert.deepEqual(s.steps.map((/** @type {any} */ step) => step.id),
      ['embed', 'project', 'split', 'heads', 'exercise-head-1-on', 'exercise-head-2-on', 'exercise-head-2-strongest', 'concat', 'output'],
      'the step list is whole');

    // Moving on reads the next step: the attention call is made then, once.
    s.next();
    assert.equal(s.step.id, 'project');
    assert.equal(calls.multiHeadAttention, 1);
    s.last();
    assert.equal(calls.multiHeadAttention, 1);
  });

  test('the steps made later are those a build of the same inputs makes at once, exercises included', async () => {
    const { s } = session();
    await s.open({ walkthrough: 'multi-head', step: 'embed', randomWeights: true });
    s.changeParameter(field(s, 'seed'), '5');
    s.changeParameter(field(s, 'tokens'), 'a dog ran on the grass'); // as many words: still deferred
    const deferred = plain(s.steps);
    const trace = s.trace;

    const { s: eager } = session();
    assert.equal(await eager.open({ walkthrough: 'multi-head', step: 'embed', inputs: s.state.inputs }), true);
    assert.deepEqual(deferred, plain(eager.steps));
    assert.deepEqual(trace, eager.trace);
    assert.equal(trace.heads[0].weights.length, 6);
  });

  test('an edit the engine may refuse is checked at once: a heads that does not divide d_model keeps the steps on screen', async () => {
    const { counted, calls } = countingLab();
    const { s, notices } = session(counted);
    await s.open({ walkthrough: 'multi-head', step: 'embed', randomWeights: true });
    s.changeParameter(field(s, 'seed'), '4'); // deferred
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
    await s.open({ walkthrough: 'multi-head', step: 'embed', randomWeights: true });
    for (const [name, value] of [['tokens', 'the cat sat on the mat today'], ['mask', 'causal'], ['dModel', '8'], ['heads', '2']]) {
      for (const key of Object.keys(calls)) delete calls[key];
      s.changeParameter(field(s, name), value);
      assert.equal(calls.multiHeadAttention, 1, `${name} → ${value}`);
    }
    assert.equal(s.trace.heads.length, 2);
    assert.equal(s.trace.heads[0].weights.length, 7);
  });
});

describe('deferredSteps', () => {
  test('gives ids and titles at once and makes the rest once, on the first read', () => {
    let made = 0;
    const steps = deferredSteps([{ id: 'a', title: 'A' }, { id: 'b', title: 'B' }], () => {
      made += 1;
      return [{ id: 'a', title: 'A', text: 'one', formula: 'x', panels: [] }, { id: 'b', title: 'B', text: 'two', formula: 'y', panels: [] }];
    });
    assert.deepEqual(steps.map((/** @type {any} */ s) => [s.id, s.title]), [['a', 'A'], ['b', 'B']]);
    assert.equal(made, 0);
    assert.equal(steps[1].text, 'two');
    assert.equal(steps[0].formula, 'x');
    assert.deepEqual({ ...steps[0] }, { id: 'a', title: 'A', text: 'one', formula: 'x', panels: [] });
    assert.equal(made, 1);
  });

  test('refuses steps made other than announced', () => {
    const steps = deferredSteps([{ id: 'a', title: 'A' }], () => [{ id: 'b', title: 'B', text: '', formula: '', panels: [] }]);
    assert.throws(() => steps[0].panels, /deferred steps a were made as b/);
  });
});
