// The lessons "Self-attention on a sentence" and "Multi-head attention" open on the trained layer
// the page ships (model/trained-reverse.json, the engine trainer's numbers), say so on every step,
// and switch to random weights and back; the choice is kept in the link (weights=random). Other
// walkthroughs that can show trained weights still open on random ones.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import '../support/json-modules.mjs';
import { importCompiled } from '../support/compiled.mjs';
import { SHIPPED } from '../support/shipped-walkthroughs.mjs';

const lab = await loadAttentionLab();
const { Session } = await importCompiled('session/session');
const { readLink, writeLink } = await importCompiled('state/url-state');
const { weightsStatement, QUICK_TRAINING } = await importCompiled('model/trained-layer');
const { shippedLayer } = await importCompiled('model/shipped-trained');

const FILE = JSON.parse(readFileSync(new URL('../../web/src/model/trained-reverse.json', import.meta.url), 'utf8'));

const at = (link) => {
  const url = new URL(link, 'http://lab.test/');
  return { search: url.search, hash: url.hash };
};

function session(options) {
  const s = new Session(lab, { find: (id) => SHIPPED.get(id), fallback: 'worked-example' }, undefined, options);
  const notices = [];
  s.subscribe((event) => event.type === 'notice' && notices.push(event.message));
  return { s, notices };
}

const panel = (s, name) => s.step.panels.find((p) => p.name === name);

describe('the shipped trained layer', () => {
  test('is the trainer’s layer 0 as the file keeps it, with its held-out evaluation', () => {
    const layer = shippedLayer(FILE);
    assert.deepEqual(layer.source, QUICK_TRAINING);
    assert.deepEqual(layer.weights.wQ, FILE.parameters['layer0.attention.wQ']);
    assert.deepEqual(layer.input, FILE.attention.inputs[0]);
    assert.deepEqual(layer.evaluation, FILE.evaluation);
    assert.equal(weightsStatement(layer), 'These weights were trained on the task reverse for 300 steps (held-out accuracy 100 %): the pattern is what the model learned.');
    assert.equal(weightsStatement(undefined), 'These weights are random: the pattern means nothing yet.');
  });
});

describe('the sentence and multi-head lessons', () => {
  for (const walkthrough of ['sentence-self-attention', 'multi-head']) {
    test(`${walkthrough} opens on the trained layer: the engine’s attention equals the trainer’s, bit for bit, and the link stays short`, async () => {
      const { s, notices } = session();
      const { state } = readLink(at(`?w=${walkthrough}&step=heads`));
      assert.equal(await s.open(state), true);
      assert.deepEqual(notices, []);
      assert.deepEqual(s.trained.source, QUICK_TRAINING);
      assert.match(s.weightsSource, /^Trained weights: task reverse, seed 0, 300 steps/);
      for (const [h, weights] of FILE.attention.weights[0].entries()) assert.deepEqual(panel(s, `head-${h}-weights`).data, weights);
      assert.equal(writeLink(s.state), `?w=${walkthrough}&step=heads`);
    });
  }

  test('switch to random weights and back, keeping the choice in the link', async () => {
    const { s } = session();
    await s.open(readLink(at('?w=sentence-self-attention&step=heads')).state);
    await s.useRandomWeights();
    assert.equal(s.trained, undefined);
    assert.equal(s.step.id, 'heads');
    const link = writeLink(s.state);
    assert.equal(link, '?w=sentence-self-attention&step=heads&weights=random');
    // The link opens on random weights again, and the tokens are the sentence's.
    const again = session().s;
    const read = readLink(at(link));
    assert.deepEqual(read.notices, []);
    await again.open(read.state);
    assert.equal(again.trained, undefined);
    assert.deepEqual(panel(again, 'head-0-weights').rowLabels, ['the', 'cat', 'sat', 'on', 'the', 'mat']);
    // Back to trained: the shipped layer, and the link without weights=random.
    await again.open({ walkthrough: 'sentence-self-attention', step: 'heads' }, shippedLayer(FILE));
    assert.equal(writeLink(again.state), '?w=sentence-self-attention&step=heads');
  });

  test('a link with edited inputs opens on random weights (edits are made to the sentence)', async () => {
    const { s } = session();
    const inputs = { ...SHIPPED.get('multi-head').inputs, seed: 4 };
    await s.open({ walkthrough: 'multi-head', step: 'inputs', inputs });
    assert.equal(s.trained, undefined);
    assert.match(writeLink(s.state), /weights=random#in=/);
  });

  test('a link naming the shipped run opens it without retraining and is written short', async () => {
    const { state, notices } = readLink(at('?w=multi-head&train=reverse&steps=300&layer=0'));
    assert.deepEqual(notices, []);
    assert.deepEqual(state.weights, QUICK_TRAINING);
    const { s } = session();
    await s.open({ walkthrough: 'multi-head', step: 'heads' }, shippedLayer(FILE));
    assert.equal(writeLink(s.state), '?w=multi-head&step=heads');
  });

  test('a trained layer that cannot be fetched gives a notice and random weights', async () => {
    const { s, notices } = session({ trainedLayer: () => Promise.reject(new Error('offline')) });
    assert.equal(await s.open({ walkthrough: 'multi-head', step: 'inputs' }), true);
    assert.equal(s.trained, undefined);
    assert.match(notices[0], /^The trained weights could not be loaded \(offline\), so this walkthrough shows random weights\.$/);
  });

  test('the other walkthroughs that can show trained weights open on random ones, as before', async () => {
    for (const walkthrough of ['try-one-head', 'encoder-layer']) {
      const { s } = session();
      await s.open({ walkthrough, step: 'inputs' });
      assert.equal(s.trained, undefined, walkthrough);
      assert.doesNotMatch(writeLink(s.state), /weights=/);
    }
  });

  test('exercises written for the random weights never keep the trained layer from opening', async () => {
    // Head 4 exists with the walkthrough's own 4 heads, not in the trained model's 2.
    const exercise = { id: 'head-4', type: 'value', title: 'Your turn', prompt: 'What is head 4’s first weight?', after: 'split', step: 'heads', panel: 'head-3-weights', row: 0, column: 0 };
    const withExercise = { ...SHIPPED.get('multi-head'), exercises: [exercise] };
    const s = new Session(lab, { find: (id) => (id === 'multi-head' ? withExercise : SHIPPED.get(id)), fallback: 'worked-example' });
    assert.equal(await s.open({ walkthrough: 'multi-head', step: 'inputs' }), true);
    assert.deepEqual(s.trained.source, QUICK_TRAINING);
    assert.equal(await s.open({ walkthrough: 'multi-head', step: 'inputs', randomWeights: true }), true);
    assert.ok(s.steps.some((step) => step.id === 'exercise-head-4'));
  });

  test('an unknown weights value gives a notice and the usual weights', () => {
    const read = readLink(at('?w=multi-head&weights=learned'));
    assert.equal(read.state.randomWeights, undefined);
    assert.match(read.notices[0], /weights “?learned”? is not “random”/);
  });
});
