// The map of the transformer (web/src/model/pipeline.ts): its stages link to lessons that exist,
// and every step of every shipped walkthrough, as the engine builds it, sits on known stages or
// explicitly on none, so a new step cannot be forgotten by the map.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import '../support/json-modules.mjs';
import { importCompiled } from '../support/compiled.mjs';

const lab = await loadAttentionLab();
const { STAGES, stagesOf: stagesIn, fixedStepIds } = await importCompiled('model/pipeline');
const { descriptorOf } = await importCompiled('kinds/index');
const { LESSONS, WALKTHROUGHS } = await importCompiled('model/walkthroughs');
const { KINDS } = await importCompiled('authoring/validate-walkthrough');

/** The stages of a step of `walkthrough`, by its kind's table (its descriptor's `steps`). */
const stagesOf = (/** @type {any} */ walkthrough, /** @type {string} */ step) => stagesIn(descriptorOf(walkthrough.kind).steps, walkthrough, step);
const { Session } = await importCompiled('session/session');

describe('the pipeline map', () => {
  test('lists the transformer’s stages once each, in order, each linked to a lesson that has walkthroughs', () => {
    assert.deepEqual(STAGES.map((/** @type {any} */ s) => s.id), [
      'tokens', 'embeddings', 'qkv', 'scores', 'scale', 'mask', 'softmax', 'weighted-sum', 'heads', 'concat', 'w-o', 'add-norm', 'feed-forward',
    ]);
    for (const stage of STAGES) {
      const lesson = LESSONS.find((/** @type {any} */ l) => l.id === stage.lesson);
      assert.ok(lesson && lesson.walkthroughs.length > 0, `${stage.id}: lesson ${stage.lesson}`);
    }
  });

  test('every step of every shipped walkthrough sits on known stages, or explicitly on none', async () => {
    const known = new Set(STAGES.map((/** @type {any} */ s) => s.id));
    /** @type {Map<string, Set<string>>} the step ids each kind was seen to show */
    const seen = new Map();
    for (const [id, walkthrough] of WALKTHROUGHS) {
      const s = new Session(lab, { find: (/** @type {string} */ w) => WALKTHROUGHS.get(w), fallback: 'worked-example' });
      assert.equal(await s.open({ walkthrough: id, step: 'inputs' }), true, id);
      for (const step of s.steps) {
        const stages = stagesOf(walkthrough, step.id);
        assert.ok(Array.isArray(stages), `${id}: step “${step.id}” is not in the map’s table of ${walkthrough.kind}`);
        for (const stage of stages) assert.ok(known.has(stage), `${id}/${step.id}: ${stage}`);
        if (!seen.has(walkthrough.kind)) seen.set(walkthrough.kind, new Set());
        seen.get(walkthrough.kind)?.add(step.id);
      }
    }
    // Each kind's table names only steps the kind shows (the attention mask step needs a mask).
    for (const kind of KINDS) {
      for (const step of fixedStepIds(descriptorOf(kind).steps)) assert.ok(seen.get(kind)?.has(step), `${kind}: “${step}” is in the table but no shipped walkthrough shows it`);
    }
  });

  test('the steps of the worked example sit on the stages of the formula, one each', () => {
    const worked = WALKTHROUGHS.get('worked-example');
    const on = (/** @type {string} */ step) => stagesOf(worked, step);
    assert.deepEqual(['inputs', 'scores', 'scale', 'softmax', 'output'].map(on), [['qkv'], ['scores'], ['scale'], ['softmax'], ['weighted-sum']]);
  });

  test('an exercise sits on the stage of the cell it asks for; numbered steps on their pattern’s stages; unknown steps on none', () => {
    const practice = WALKTHROUGHS.get('worked-example-practice');
    const exercise = practice.exercises.find((/** @type {any} */ e) => e.stage === 'weight');
    assert.deepEqual(stagesOf(practice, `exercise-${exercise.id}`), ['softmax']);
    assert.deepEqual(stagesOf({ kind: 'flash' }, 'tile-1-0'), ['scores', 'scale', 'softmax', 'weighted-sum']);
    assert.deepEqual(stagesOf({ kind: 'kv-cache' }, 'token-3'), ['qkv']);
    assert.deepEqual(stagesOf({ kind: 'cost' }, 'time'), []);
    assert.equal(stagesOf({ kind: 'attention' }, 'nowhere'), undefined);
  });
});
