// The lesson "A language model, step by step" without a browser: each pass is the engine's own
// operation fed the model's parameters, and together they are the model (the last position's
// logits are generate's, the prompt's losses tokenLosses', every head's weights attention's); the
// sampling steps are lab.sample's with generation's seed, and its draw is generation's first
// token; a slider's move redraws them; the exercises are graded on the engine's numbers; a bad
// setting is refused naming it; the words exist in Spanish.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import '../support/json-modules.mjs';
import { importCompiled } from '../support/compiled.mjs';
import { lessonSession } from '../support/lesson-session.mjs';

const lab = await loadAttentionLab();
const { loadLessonModel } = await importCompiled('session/language-model-source');
const { readLink, writeLink } = await importCompiled('state/url-state');
const { ENGLISH } = await importCompiled('kinds/language-model/words-en');
const { SPANISH } = await importCompiled('kinds/language-model/words-es');

const LESSON = JSON.parse(readFileSync(new URL('../../web/src/walkthroughs/language-model-step-by-step.json', import.meta.url), 'utf8'));
const { prompt, temperature, topK, topP, seed } = LESSON.inputs;
const { opened, panelOf, stepOf } = lessonSession(lab, LESSON, 'prompt');
const model = await loadLessonModel(lab);
const generation = model.generate(LESSON.inputs.tokens ? { prompt, tokens: LESSON.inputs.tokens, temperature, topK, topP, seed } : { prompt, tokens: 1 });

/** The largest absolute difference between two matrices (or vectors) of the same shape. */
const farthest = (/** @type {any} */ a, /** @type {any} */ b) => Math.max(...a.flat().map((/** @type {number} */ x, /** @type {number} */ i) => Math.abs(x - b.flat()[i])));

describe('a language model, step by step', () => {
  test('its steps follow the model’s passes, one per layer’s part, then sampling and generation, exercises among them', async () => {
    const { s, notices } = await opened();
    assert.deepEqual(notices, []);
    assert.deepEqual(s.steps.map((/** @type {any} */ step) => step.id), [
      'prompt', 'embed',
      'layer-0-norm', 'layer-0-attention', 'layer-0-feed-forward', 'layer-1-norm', 'layer-1-attention', 'layer-1-feed-forward',
      'final-norm', 'exercise-greedy-pick', 'logits', 'temperature', 'exercise-top-k-renormalised', 'top-k', 'exercise-nucleus-size', 'top-p', 'draw', 'generate',
    ]);
  });

  test('the passes, each an engine operation fed the parameters, are the model: its logits, its losses and its attention', async () => {
    const { s } = await opened();
    const tokens = model.tokenize(prompt);
    assert.deepEqual(panelOf(s, 'prompt', 'token-ids').data, [tokens.tokens]);
    assert.deepEqual(panelOf(s, 'embed', 'embeddings').data, tokens.tokens.map((/** @type {number} */ t) => model.parameters().embedding[t]));
    // The unembedding's last row against the model's own forward with its KV caches.
    const { next, candidates } = s.trace;
    assert.ok(farthest(next.logits.at(-1), generation.steps[0].logits) < 1e-9, 'the last position’s logits are generate’s');
    const losses = model.tokenLosses({ text: prompt });
    assert.ok(farthest(panelOf(s, 'logits', 'prompt-losses').data, [losses.losses]) < 1e-9, 'the prompt’s losses are tokenLosses’');
    const attention = model.attention({ text: prompt });
    for (const l of [0, 1]) {
      for (const h of [0, 1, 2, 3]) assert.ok(farthest(panelOf(s, `layer-${l}-attention`, `head-${l}-${h}`).data, attention.weights[l][h]) < 1e-12, `layer ${l} head ${h}`);
    }
    assert.equal(candidates.length, 12);
    assert.deepEqual(candidates, lab.sample({ logits: next.logits.at(-1), topK: 12 }).kept, 'the twelve most likely, by the engine');
  });

  test('temperature, top-k, top-p and the draw are lab.sample’s with generation’s seed, and the token drawn is generation’s first', async () => {
    const { s } = await opened('draw');
    const sampled = lab.sample({ logits: s.trace.next.logits.at(-1), temperature, topK, topP, seed: generation.steps[0].seed });
    assert.deepEqual(s.trace.sampled, sampled);
    assert.equal(sampled.chosen, generation.tokens[0]);
    const { candidates } = s.trace;
    assert.deepEqual(panelOf(s, 'top-k', 'top-k').data, candidates.map((/** @type {number} */ v) => [sampled.softmax[v], sampled.topKProbabilities[v]]));
    assert.deepEqual(panelOf(s, 'draw', 'kept').data, [sampled.kept.map((/** @type {number} */ v) => sampled.probabilities[v])]);
    assert.deepEqual(panelOf(s, 'generate', 'generated-tokens').data, [generation.tokens]);
    assert.deepEqual(panelOf(s, 'generate', 'generation').data, generation.steps.map((/** @type {any} */ step) => [step.probabilities[step.token]]));
    assert.equal(panelOf(s, 'generate', 'generated').facts[1][1], generation.text);
  });

  test('a slider’s move redraws the distribution at once; the link keeps the settings', async () => {
    const { s } = await opened('temperature');
    const slider = s.step.panels.find((/** @type {any} */ p) => p.type === 'parameters').fields.find((/** @type {any} */ f) => f.name === 'temperature');
    assert.equal(slider.slider, true);
    const before = panelOf(s, 'temperature', 'temperature').data;
    s.changeParameter(slider, '1.5');
    assert.equal(s.inputs.temperature, 1.5);
    assert.equal(s.step.id, 'temperature', 'the step stays');
    const after = panelOf(s, 'temperature', 'temperature').data;
    const sampled = lab.sample({ logits: s.trace.next.logits.at(-1), temperature: 1.5 });
    assert.deepEqual(after.map((/** @type {number[]} */ row) => row[2]), s.trace.candidates.map((/** @type {number} */ v) => sampled.softmax[v]));
    assert.notDeepEqual(after, before);
    const url = new URL(writeLink(s.state), 'http://lab.test/');
    const { state, notices } = readLink({ search: url.search, hash: url.hash });
    assert.deepEqual(notices, []);
    assert.deepEqual(state, s.state);
  });

  test('at temperature 0 the draw is greedy: the largest logit, whatever the seed', async () => {
    const { s } = await opened('draw', { ...LESSON.inputs, temperature: 0, seed: 7 });
    const logits = s.trace.next.logits.at(-1);
    assert.equal(s.trace.sampled.chosen, lab.sample({ logits, temperature: 0, seed: 99 }).chosen);
    assert.equal(s.trace.sampled.probabilities[s.trace.sampled.chosen], 1);
  });

  test('the exercises are graded on the engine’s numbers: the greedy pick, a probability after top-k, the nucleus’s last token', async () => {
    const { s } = await opened();
    const exercise = (/** @type {string} */ id) => LESSON.exercises.find((/** @type {any} */ e) => e.id === id);
    const { candidates, next, sampled } = s.trace;
    const greedy = lab.sample({ logits: next.logits.at(-1), temperature: 0 }).chosen;
    const row = candidates.indexOf(greedy);
    assert.equal(s.answer(exercise('greedy-pick'), `r${row}c0`).correct, true);
    assert.equal(s.answer(exercise('greedy-pick'), `r${row === 0 ? 1 : 0}c0`).correct, false);
    const top = sampled.topKProbabilities[sampled.order[0]];
    assert.equal(s.answer(exercise('top-k-renormalised'), top.toFixed(3)).correct, true);
    assert.equal(s.answer(exercise('top-k-renormalised'), sampled.softmax[sampled.order[0]].toFixed(3)).correct, top.toFixed(3) === sampled.softmax[sampled.order[0]].toFixed(3));
    const kept = sampled.kept.map((/** @type {number} */ v) => sampled.probabilities[v]);
    const least = kept.indexOf(Math.min(...kept));
    assert.equal(s.answer(exercise('nucleus-size'), `r0c${least}`).correct, true);
  });

  test('a setting the engine refuses names itself and leaves the lesson as it was', async () => {
    const { s, notices } = await opened('top-p');
    const field = s.step.panels.find((/** @type {any} */ p) => p.type === 'parameters').fields.find((/** @type {any} */ f) => f.name === 'topP');
    s.changeParameter({ ...field, min: undefined }, '0');
    assert.equal(s.inputs.topP, topP, 'the previous setting stays');
    assert.match(notices.at(-1), /topP/);
  });

  test('every number is explained, and every word has its Spanish', async () => {
    const { s } = await opened();
    for (const step of s.steps) {
      for (const panel of step.panels.filter((/** @type {any} */ p) => p.type === 'matrix')) {
        const e = s.explain(panel, panel.data.length - 1, panel.data[0].length - 1);
        assert.ok(e && e.lines.length > 0, `${step.id} › ${panel.name}`);
      }
    }
    const ids = (/** @type {string} */ source) => source.split('\n').filter((line) => / = /.test(line)).map((line) => line.split(' = ')[0]).sort();
    assert.deepEqual(ids(SPANISH), ids(ENGLISH));
    assert.ok(stepOf(s, 'generate').text.length > 0);
  });
});
