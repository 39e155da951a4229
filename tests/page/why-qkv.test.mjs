// The opening lesson "Why Q, K and V" (web/src/walkthroughs/soft-lookup.json, key-moves.json) and
// the walkthroughs' own step words (`stepTexts`): shown on the walkthrough's own inputs, the kind's
// words once a learner edits them, and every number they quote is the engine's on those inputs.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import '../support/json-modules.mjs';
import { importCompiled } from '../support/compiled.mjs';

const lab = await loadAttentionLab();
const { LESSONS, WALKTHROUGHS } = await importCompiled('model/walkthroughs');
const { Session } = await importCompiled('session/session');
const { formatNumber } = await importCompiled('model/format');

function session() {
  const s = new Session(lab, { find: (/** @type {string} */ id) => WALKTHROUGHS.get(id), fallback: 'worked-example' });
  return s;
}

/** Every number in a value (inputs, an engine trace), at any depth. */
function numbers(/** @type {unknown} */ value, /** @type {number[]} */ out = []) {
  if (typeof value === 'number') out.push(value);
  else if (Array.isArray(value)) for (const x of value) numbers(x, out);
  else if (value && typeof value === 'object') for (const x of Object.values(value)) numbers(x, out);
  return out;
}

describe('the opening lesson, “Why Q, K and V”', () => {
  test('comes first in the course, before the worked example, with its two walkthroughs', () => {
    assert.deepEqual(LESSONS.slice(0, 2).map((/** @type {any} */ l) => [l.number, l.id]), [[1, 'why-qkv'], [2, 'worked-example']]);
    assert.deepEqual(LESSONS[0].walkthroughs.map((/** @type {any} */ w) => w.id), ['soft-lookup', 'key-moves']);
  });

  test('the soft look-up gives the matching key most of the weight, but not all; moving k₁ towards q raises its weight', () => {
    const weights = (/** @type {string} */ id) => lab.attention(WALKTHROUGHS.get(id).inputs).weights[0];
    const [w0, w1, w2] = weights('soft-lookup');
    assert.ok(w0 > 0.9 && w0 < 1, `k₀ ${w0}`);
    assert.ok(w1 > 0 && w2 > 0 && w2 < w1, 'every key keeps a share, the one pointing away the least');
    const moved = weights('key-moves');
    assert.ok(moved[1] > 5 * w1, `k₁ ${w1} → ${moved[1]}`);
    assert.ok(moved[0] < w0, 'k₀ gives up what k₁ gains');
  });

  test('its steps say the walkthrough’s own words on its own inputs, the kind’s once edited, and their own again after a reset', async () => {
    const s = session();
    await s.open({ walkthrough: 'soft-lookup', step: 'softmax' });
    const own = WALKTHROUGHS.get('soft-lookup').stepTexts;
    assert.equal(s.step.title, own.softmax.title);
    assert.equal(s.step.text, own.softmax.text);
    const scale = s.steps.find((/** @type {any} */ step) => step.id === 'scale');
    assert.match(scale.title, /^Scale: divide by √d_k/, 'a step without words of its own keeps the kind’s');

    const key = s.steps[0].panels.find((/** @type {any} */ p) => p.name === 'key');
    assert.equal(s.editCell(key, 1, 0, '1'), undefined);
    assert.equal(s.step.id, 'softmax');
    assert.equal(s.step.title, 'Softmax: scores become weights');
    assert.notEqual(s.step.text, own.softmax.text);
    assert.deepEqual(s.steps.map((/** @type {any} */ step) => step.id), ['inputs', 'scores', 'scale', 'softmax', 'output']);

    s.reset();
    assert.equal(s.step.title, own.softmax.title);
    // A link with edited inputs opens on the kind's words too.
    await s.open({ walkthrough: 'key-moves', step: 'scores', inputs: structuredClone(WALKTHROUGHS.get('soft-lookup').inputs) });
    assert.equal(s.step.title, 'Scores: how well each query matches each key');
  });

  test('every number a walkthrough’s own words quote is an input or the engine’s result on the inputs of its lesson, as the page rounds it', () => {
    for (const [id, walkthrough] of WALKTHROUGHS) {
      if (!walkthrough.stepTexts) continue;
      assert.equal(walkthrough.kind, 'attention', `${id}: this check runs attention walkthroughs`);
      const lesson = LESSONS.find((/** @type {any} */ l) => l.id === walkthrough.lesson);
      const shown = new Set(lesson.walkthroughs.flatMap((/** @type {any} */ w) => [...numbers(w.inputs), ...numbers(lab.attention(w.inputs))]).map((x) => formatNumber(x)));
      for (const [step, words] of Object.entries(walkthrough.stepTexts)) {
        for (const quoted of `${words.title ?? ''} ${words.text ?? ''}`.match(/[−-]?\d+(?:\.\d+)?/g) ?? []) {
          assert.ok(shown.has(quoted.replace('-', '−')), `${id}, step ${step}: ${quoted} is neither an input nor a number the engine computed`);
        }
      }
    }
  });
});
