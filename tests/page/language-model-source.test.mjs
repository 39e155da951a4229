// How a lesson that reads the language model gets it (session/kind-and-engine.ts,
// session/language-model-source.ts), without a browser: opening says it is loading until the
// model is there, hands the model to the kind, and when it cannot be loaded says so in a notice
// instead of opening; the model is loaded once per engine.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import '../support/json-modules.mjs';
import { importCompiled } from '../support/compiled.mjs';

const lab = await loadAttentionLab();
const { withLanguageModel } = await importCompiled('session/kind-and-engine');
const { loadLessonModel } = await importCompiled('session/language-model-source');
const { t } = await importCompiled('i18n/messages');

/** What opening reported, in order: notices as text, loading as ['loading', message]. */
function reporter() {
  /** @type {unknown[]} */
  const said = [];
  return { said, report: { notify: (/** @type {string} */ m) => said.push(m), loading: (/** @type {string | undefined} */ m) => said.push(['loading', m]) } };
}

const code = { kind: {}, lab };

describe('the language model a lesson reads', () => {
  test('opening says it is loading, then that it is over, and hands the model on with the code', async () => {
    const { said, report } = reporter();
    const model = { name: 'a model' };
    /** @type {unknown[]} */
    const asked = [];
    const got = await withLanguageModel(code, { languageModel: async (/** @type {unknown} */ engine) => { asked.push(engine); return model; } }, report);
    assert.equal(got.languageModel, model);
    assert.equal(got.lab, lab, 'the engine stays the one the kind runs on');
    assert.deepEqual(asked, [lab], 'the model is asked for on that engine');
    assert.deepEqual(said, [['loading', t('loading-language-model')], ['loading', undefined]]);
  });

  test('a model that cannot be loaded gives the notice naming why, and the loading line goes', async () => {
    const { said, report } = reporter();
    const got = await withLanguageModel(code, { languageModel: async () => { throw new Error('offline'); } }, report);
    assert.deepEqual(got, { notice: t('notice-language-model-unavailable', { reason: 'offline' }) });
    assert.match(got.notice, /offline/);
    assert.deepEqual(said, [['loading', t('loading-language-model')], ['loading', undefined]]);
  });

  test('the lessons’ model is loaded once per engine, of the shipped shape', async () => {
    const first = loadLessonModel(lab);
    assert.equal(loadLessonModel(lab), first);
    const config = (await first).config();
    assert.deepEqual([config.dModel, config.heads, config.kvHeads, config.layers, config.dFF, config.context], [64, 4, 2, 2, 172, 128]);
  });
});
