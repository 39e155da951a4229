// The page lands on the lite engine ({ training: false }), which binds only the first lessons'
// operations (those whose description in cpp/include/attn/describe/ says lite), and loads the full
// engine when a lesson whose kind's descriptor says engine: 'full' opens. Here every shipped
// walkthrough opens that way, and the flag is checked both ways: a kind without it builds on the
// lite engine alone, and a kind with it could not.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import '../support/json-modules.mjs';
import { importCompiled } from '../support/compiled.mjs';
import { SHIPPED } from '../support/shipped-walkthroughs.mjs';

const lite = await loadAttentionLab({ training: false });
const full = await loadAttentionLab();
const { Session } = await importCompiled('session/session');
const { descriptorOf } = await importCompiled('kinds/index');
const { needsFullEngine } = await importCompiled('session/kind-and-engine');


/** A session on the lite engine; `withFull` gives it the full one for the kinds that ask. */
function liteSession(/** @type {boolean} */ withFull) {
  let fullLoads = 0;
  const fullEngine = async () => {
    fullLoads += 1;
    return full;
  };
  const s = new Session(lite, { find: (/** @type {string} */ id) => SHIPPED.get(id), fallback: 'worked-example' }, undefined,
    withFull ? { fullEngine } : {});
  /** @type {string[]} */
  const notices = [];
  s.subscribe((/** @type {any} */ event) => { if (event.type === 'notice') notices.push(event.message); });
  return { s, notices, fullLoads: () => fullLoads };
}

for (const [id, walkthrough] of SHIPPED) {
  // An exercise may need it for grading (the cost lab's measureCost) where the steps do not.
  const needsFull = needsFullEngine(walkthrough);

  test(`“${id}” (${walkthrough.kind}) opens on the lite engine${needsFull ? ', loading the full one' : ' alone'}, and every step shows`, async () => {
    const { s, notices, fullLoads } = liteSession(true);
    assert.equal(await s.open({ walkthrough: id, step: 'inputs' }), true, notices.join(' | '));
    assert.equal(fullLoads(), needsFull ? 1 : 0);
    for (let i = 0; i < s.steps.length; i += 1) s.goTo(i);
    assert.deepEqual(notices, []);
  });

  if (descriptorOf(walkthrough.kind).engine === 'full') {
    test(`“${id}” (${walkthrough.kind}) needs its engine: 'full', the lite engine alone refuses it naming the full engine`, async () => {
      const { s, notices } = liteSession(false);
      assert.equal(await s.open({ walkthrough: id, step: 'inputs' }), false);
      assert.match(notices.join(' '), /expected the full engine \(loadAttentionLab\(\) or \{ training: true \}\), got the lite engine/);
    });
  }
}

test('a full engine that cannot be loaded leaves the previous walkthrough on screen, with a notice', async () => {
  const s = new Session(lite, { find: (/** @type {string} */ id) => SHIPPED.get(id), fallback: 'worked-example' }, undefined, {
    fullEngine: () => Promise.reject(new Error('offline')),
  });
  /** @type {string[]} */
  const notices = [];
  s.subscribe((/** @type {any} */ event) => { if (event.type === 'notice') notices.push(event.message); });
  assert.equal(await s.open({ walkthrough: 'worked-example', step: 'scores' }), true);
  const flash = [...SHIPPED.values()].find((w) => w.kind === 'flash');
  assert.equal(await s.open({ walkthrough: flash.id, step: 'inputs' }), false);
  assert.equal(s.walkthrough.id, 'worked-example');
  assert.equal(s.step.id, 'scores');
  assert.match(notices.join(' '), /The engine this lesson needs could not be loaded \(offline\)/);
});
