// Steps made when first read (web/src/session/steps-on-read.ts): the multi-head walkthrough's
// embeddings step shows 2,048 numbers, the steps after it the 76,555 of an 8-head trace, and its
// module builds them apart (kinds/kind.ts Staged). An edit the engine cannot refuse (only the
// fields its descriptor's `alwaysAccepted` names changed: the seed, the words but not how many)
// makes the step on screen and leaves the others to be made when first read. These tests check
// what that must not change: the numbers and words (those of a build that makes everything at
// once, exports included), the engine's refusals (still at the edit), the step on screen (made
// at once), and every other kind (built whole at every edit).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import '../support/json-modules.mjs';
import { importCompiled } from '../support/compiled.mjs';
import { SHIPPED, STEPPED } from '../support/shipped-walkthroughs.mjs';

const lab = await loadAttentionLab();
const { Session } = await importCompiled('session/session');
const { descriptorOf, loadKind } = await importCompiled('kinds/index');

/** The engine, counting the calls of each operation. */
function countingLab() {
  /** @type {Record<string, number>} */
  const calls = {};
  // A copy: the API object is frozen, so a Proxy of it could not answer with other functions.
  const counted = Object.fromEntries(Object.entries(lab).map(([name, value]) => [name, typeof value !== 'function' ? value : (/** @type {any[]} */ ...args) => {
    calls[name] = (calls[name] ?? 0) + 1;
    return value.apply(lab, args);
  }]));
  const forget = () => { for (const key of Object.keys(calls)) delete calls[key]; };
  return { counted, calls, forget };
}

/** A session on the shipped walkthroughs (or `find`'s), with the notices it gave. */
function session(engine = lab, find = (/** @type {string} */ id) => SHIPPED.get(id), load = undefined) {
  const s = new Session(engine, { find, fallback: 'worked-example' }, load);
  /** @type {any[]} */
  const events = [];
  s.subscribe((/** @type {any} */ event) => events.push(event));
  return { s, notices: () => events.filter((e) => e.type === 'notice').map((e) => e.message) };
}

const field = (/** @type {any} */ s, /** @type {string} */ name) =>
  s.steps[0].panels.flatMap((/** @type {any} */ p) => p.fields ?? []).find((/** @type {any} */ f) => f.name === name);
/** Every step as plain data: reading each text, formula and panel list, as JSON.stringify does. */
const plain = (/** @type {any[]} */ steps) => JSON.parse(JSON.stringify(steps));

/** A session opened on the edited session's inputs, which builds every step at once. */
async function eager(/** @type {any} */ edited) {
  const { s } = session();
  assert.equal(await s.open({ walkthrough: edited.walkthrough.id, step: 'embed', inputs: edited.state.inputs }), true);
  return s;
}

describe('the multi-head walkthrough makes the steps not on screen when they are read', () => {
  test('a new seed on the embeddings step asks the engine for the embeddings only', async () => {
    const { counted, calls, forget } = countingLab();
    const { s } = session(counted);
    await s.open({ walkthrough: 'multi-head', step: 'embed' });
    assert.equal(calls.multiHeadAttention, 1, 'opening makes every step');
    forget();

    s.changeParameter(field(s, 'seed'), '4');
    assert.deepEqual(calls, { embedTokens: 1 });
    assert.equal(s.state.inputs.seed, 4);
    assert.equal(s.step.id, 'embed');
    assert.deepEqual(s.steps.map((/** @type {any} */ step) => step.id),
      ['embed', 'project', 'split', 'heads', 'exercise-head-1-on', 'exercise-head-2-on', 'exercise-head-2-strongest', 'concat', 'output'],
      'the step list is whole');
    assert.equal(s.steps[2].title, 'Split: 4 heads of width 4');

    // Moving on reads the next step: the attention call is made then, once.
    s.next();
    assert.equal(s.step.id, 'project');
    assert.deepEqual(calls, { embedTokens: 1, multiHeadAttention: 1 });
    s.last();
    plain(s.steps);
    assert.deepEqual(calls, { embedTokens: 1, multiHeadAttention: 1 });
  });

  test('edits one after another on the embeddings step leave the attention to the last one, made once when read', async () => {
    const { counted, calls, forget } = countingLab();
    const { s } = session(counted);
    await s.open({ walkthrough: 'multi-head', step: 'embed' });
    forget();
    s.changeParameter(field(s, 'seed'), '4');
    s.changeParameter(field(s, 'seed'), '5');
    s.changeParameter(field(s, 'tokens'), 'a dog ran on the grass'); // as many words
    assert.deepEqual(calls, { embedTokens: 3 });
    const trace = s.trace;
    assert.deepEqual(calls, { embedTokens: 3, multiHeadAttention: 1 });
    assert.deepEqual(trace, (await eager(s)).trace);
  });

  test('the steps made later, and the trace the exports read, are those a build of the same inputs makes at once, exercises included', async () => {
    const { s } = session();
    await s.open({ walkthrough: 'multi-head', step: 'embed' });
    s.changeParameter(field(s, 'seed'), '5');
    s.changeParameter(field(s, 'tokens'), 'a dog ran on the grass');
    const deferred = plain(s.steps);
    const trace = s.trace;
    const script = (await s.example('numpy')).content;

    const opened = await eager(s);
    assert.deepEqual(deferred, plain(opened.steps));
    assert.deepEqual(trace, opened.trace);
    assert.equal(trace.heads[0].weights.length, 6);
    assert.equal(script, (await opened.example('numpy')).content);
    const heads = deferred.find((/** @type {any} */ step) => step.id === 'heads');
    assert.deepEqual(heads.panels[1].data, trace.heads[1].weights, 'the numbers shown are the trace’s');
    const exercise = deferred.find((/** @type {any} */ step) => step.id === 'exercise-head-2-strongest');
    assert.deepEqual(exercise.panels[0].grid.data, trace.heads[1].weights, 'an exercise reads the numbers of the new inputs');
  });

  test('the LaTeX of a later step and an answer graded on it read the new numbers', async () => {
    const { s } = session();
    await s.open({ walkthrough: 'multi-head', step: 'embed' });
    s.changeParameter(field(s, 'seed'), '9');
    const opened = await eager(s);
    const exerciseStep = s.steps.findIndex((/** @type {any} */ step) => step.id === 'exercise-head-2-strongest');
    s.goTo(exerciseStep);
    opened.goTo(exerciseStep);
    assert.equal((await s.example('latex')).content, (await opened.example('latex')).content);
    const { exercise } = s.step.panels[0];
    const weights = opened.trace.heads[1].weights.flat();
    const best = weights.indexOf(Math.max(...weights));
    const cell = `r${Math.floor(best / 6)}c${best % 6}`;
    assert.equal(s.answer(exercise, cell).correct, true);
    assert.equal(opened.answer(exercise, cell).correct, true);
  });

  test('an edit shown on a later step makes that step, and so every step, at once', async () => {
    const { counted, calls, forget } = countingLab();
    const { s } = session(counted);
    await s.open({ walkthrough: 'multi-head', step: 'embed' });
    const seed = field(s, 'seed');
    s.goTo(s.steps.findIndex((/** @type {any} */ step) => step.id === 'heads'));
    forget();
    s.changeParameter(seed, '4');
    assert.deepEqual(calls, { embedTokens: 1, multiHeadAttention: 1 });
    assert.equal(s.step.id, 'heads');
    assert.ok(Object.getOwnPropertyDescriptor(s.step, 'panels')?.value, 'a plain property');
  });
});

describe('an edit the engine may refuse is built whole at once: its refusal comes with the edit', () => {
  /** The multi-head walkthrough after a deferred seed edit, with its engine's calls counted from there. */
  async function afterSeedEdit(/** @type {any} */ inputs = undefined) {
    const counting = countingLab();
    const opened = session(counting.counted);
    await opened.s.open({ walkthrough: 'multi-head', step: 'embed', ...(inputs ? { inputs } : {}) });
    opened.s.changeParameter(field(opened.s, 'seed'), '4');
    assert.equal(counting.calls.multiHeadAttention, 1, 'the seed edit was deferred');
    counting.forget();
    return { ...opened, ...counting, before: { steps: opened.s.steps, inputs: opened.s.inputs } };
  }

  test('heads that do not divide d_model', async () => {
    const { s, notices, calls, before } = await afterSeedEdit();
    s.changeParameter(field(s, 'heads'), '3');
    assert.equal(calls.multiHeadAttention, 1, 'the engine was asked at the edit');
    assert.match(notices()[0], /^The engine refused these inputs: heads/);
    assert.equal(s.steps, before.steps);
    assert.equal(s.inputs, before.inputs);
  });

  test('more words than the engine takes in one trace with 16 heads', async () => {
    const { s, notices, calls, before } = await afterSeedEdit({ ...SHIPPED.get('multi-head').inputs, heads: 16 });
    s.changeParameter(field(s, 'tokens'), Array.from({ length: 363 }, (_, i) => `w${i}`).join(' '));
    assert.equal(calls.multiHeadAttention, 1, 'the engine was asked at the edit');
    assert.match(notices()[0], /^The engine refused these inputs: heads: expected heads × queries × keys/);
    assert.equal(s.steps, before.steps);
    assert.equal(s.inputs, before.inputs);
  });

  test('a link’s mask that no longer fits the words', async () => {
    const mask = Array.from({ length: 6 }, (_, i) => Array.from({ length: 6 }, (_, j) => (j <= i ? 1 : 0)));
    const { s, notices, calls, before } = await afterSeedEdit({ ...SHIPPED.get('multi-head').inputs, mask });
    s.changeParameter(field(s, 'tokens'), 'the cat sat on the mat today');
    assert.equal(calls.multiHeadAttention, 1, 'the engine was asked at the edit');
    assert.match(notices()[0], /^The engine refused these inputs: mask: expected a matrix of shape 7×7/);
    assert.equal(s.steps, before.steps);
  });

  test('more words, a mask or other sizes are computed at once', async () => {
    const { counted, calls, forget } = countingLab();
    const { s } = session(counted);
    await s.open({ walkthrough: 'multi-head', step: 'embed' });
    for (const [name, value] of [['tokens', 'the cat sat on the mat today'], ['mask', 'causal'], ['dModel', '8'], ['heads', '2']]) {
      forget();
      s.changeParameter(field(s, name), value);
      assert.deepEqual(calls, { embedTokens: 1, multiHeadAttention: 1 }, `${name} → ${value}`);
    }
    assert.equal(s.trace.heads.length, 2);
    assert.equal(s.trace.heads[0].weights.length, 7);
  });
});

describe('laziness is the session’s: a kind declares what the engine always accepts, and may build in two parts', () => {
  /** A kind's module in two parts, counting how often its second part is made. */
  function stagedKind() {
    const made = { rest: 0 };
    const step = (/** @type {string} */ id, /** @type {number} */ seed) => ({ id, title: id.toUpperCase(), text: `seed ${seed}`, formula: '', panels: [] });
    const kind = {
      build: (/** @type {any} */ _lab, /** @type {any} */ _w, /** @type {any} */ inputs) => ({
        first: [{ ...step('a', inputs.seed), panels: [{ type: 'parameters', name: 'settings', caption: '', fields: [{ name: 'seed', label: 'seed', kind: 'integer', value: inputs.seed }] }] }],
        rest: () => {
          made.rest += 1;
          return { steps: [step('b', inputs.seed)], trace: { seed: inputs.seed } };
        },
      }),
      changeInputs: (/** @type {any} */ _lab, /** @type {any} */ inputs, /** @type {string} */ name, /** @type {any} */ value) => ({ ...inputs, [name]: value }),
      script: () => ({ helpers: [], functions: () => [], body: () => [] }),
      latex: 'step on screen',
    };
    return { kind, made };
  }

  for (const [kind, declared] of [['multi-head', true], ['attention', false]]) {
    test(`a module in two parts under the ${kind} kind’s descriptor (${declared ? 'seed: always accepted' : 'no declaration'}) makes its rest ${declared ? 'when read' : 'at every edit'}`, async () => {
      assert.equal(descriptorOf(kind).alwaysAccepted?.seed === 'any', declared);
      const { kind: module, made } = stagedKind();
      const walkthrough = { id: 'two-parts', kind, lesson: 'two-parts', title: 'Two parts', intro: '', inputs: { seed: 1 } };
      const { s } = session(lab, (/** @type {string} */ id) => (id === 'two-parts' ? walkthrough : undefined), async () => module);
      assert.equal(await s.open({ walkthrough: 'two-parts', step: 'a' }), true);
      assert.equal(made.rest, 1, 'opening makes every step');

      s.changeParameter(field(s, 'seed'), '2');
      assert.equal(made.rest, declared ? 1 : 2);
      assert.equal(s.steps[0].text, 'seed 2');
      assert.equal(s.steps[1].title, 'B');
      assert.equal(s.steps[1].text, 'seed 2');
      assert.deepEqual(s.trace, { seed: 2 });
      assert.equal(made.rest, 2);
    });
  }

  test('on every walkthrough of a kind that declares, an edit of what the engine always accepts makes the same steps as a build at once', async () => {
    for (const walkthrough of [...STEPPED.values()].filter((w) => descriptorOf(w.kind).alwaysAccepted)) {
      const accepted = descriptorOf(walkthrough.kind).alwaysAccepted;
      const { counted, calls, forget } = countingLab();
      const { s } = session(counted);
      await s.open({ walkthrough: walkthrough.id, step: 'embed' });
      const module = await loadKind(walkthrough.kind);
      const staged = 'rest' in module.build(lab, walkthrough, walkthrough.inputs);
      for (const [name, how] of Object.entries(accepted)) {
        const control = field(s, name);
        if (!control) continue;
        forget();
        // Another seed, or the same number of words in the other order.
        s.changeParameter(control, how === 'any' ? String(control.value + 1) : control.value.split(' ').reverse().join(' '));
        assert.equal(calls.multiHeadAttention, staged ? undefined : 1, `${walkthrough.id}: ${name}`);
        const opened = await eager(s);
        assert.deepEqual(plain(s.steps), plain(opened.steps), `${walkthrough.id}: ${name}`);
        assert.deepEqual(s.trace, opened.trace);
      }
    }
  });
});
