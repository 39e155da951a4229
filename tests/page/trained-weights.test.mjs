// The multi-head and encoder walkthroughs on a trained layer, without a browser: the layer picked
// from the trainer's own parameters and attention, the walkthrough rebuilt on it by the engine
// (the same attention weights as the trainer's, bit for bit), the link that reproduces it
// (?w=…&train=…&steps=…&layer=…) read and written, and the retraining that opening such a link
// runs in the trainer host, here on the same thread with the real engine.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import '../support/json-modules.mjs';
import { importCompiled } from '../support/compiled.mjs';
import { SHIPPED, shippedSession } from '../support/shipped-walkthroughs.mjs';

const lab = await loadAttentionLab();
const { Session } = await importCompiled('session/session');
const { trainedLayer, weightsLabel } = await importCompiled('model/trained-layer');
const { readLink, writeLink } = await importCompiled('state/url-state');
const { retrainLayer, layerOfSession } = await importCompiled('session/training/trained-layer-source');
const { TrainingSession } = await importCompiled('session/training/training-session');
const { sameThreadPort } = await importCompiled('session/training/same-thread');


const at = (link) => {
  const url = new URL(link, 'http://lab.test/');
  return { search: url.search, hash: url.hash };
};

/** A trainer of `options` stepped `steps` times, and layer `layer` of it. */
function trainedBy(options, steps, layer = 0) {
  const trainer = lab.createTrainer(options);
  if (steps > 0) trainer.step(steps);
  const parameters = trainer.parameters();
  const attention = trainer.attention();
  const config = trainer.status().options;
  trainer.dispose();
  return { parameters, attention, layer: trainedLayer({ options, steps, layer }, config, attention, parameters) };
}

const session = () => shippedSession(lab, Session);

const panel = (s, name) => s.step.panels.find((p) => p.name === name);
const goTo = (s, id) => s.goTo(s.steps.findIndex((step) => step.id === id));

describe('a trained layer', () => {
  test('is the trainer’s named parameters of that layer, its input on the probe and its mask', () => {
    const { parameters, attention, layer } = trainedBy({ task: 'sort', seed: 4 }, 10, 1);
    assert.deepEqual(layer.weights.wQ, parameters['layer1.attention.wQ']);
    assert.deepEqual(layer.weights.gamma2, parameters['layer1.norm2.gamma']);
    assert.deepEqual(layer.input, attention.inputs[1]);
    assert.deepEqual(layer.probeWeights, attention.weights[1]);
    assert.deepEqual(layer.tokens, attention.tokens);
    assert.equal(layer.causal, false);
    assert.equal(trainedBy({ task: 'induction' }, 0).layer.causal, true);
  });

  test('of a layer the model does not have is refused, naming the layer and what the model has', () => {
    assert.throws(() => trainedBy({ task: 'reverse' }, 0, 1), /^Error: layer: expected a whole number from 0 to 0 \(the model has 1 layer\), got 1$/);
  });

  test('is described plainly in the header, and so are random weights', () => {
    assert.equal(weightsLabel(trainedBy({ task: 'reverse', seed: 1 }, 30).layer, 3), 'Trained weights: the toy task “reverse” on digits, seed 1, 30 steps, layer 1 of 1');
    assert.equal(weightsLabel(undefined, 3), 'Random, untrained weights (seed 3): nothing learned');
  });
});

describe('the multi-head walkthrough on a trained layer', () => {
  test('shows the trainer’s attention weights bit for bit, its W_Q as trained, and explains a weight', async () => {
    const { parameters, attention, layer } = trainedBy({ task: 'induction', seed: 2 }, 40);
    const { s, notices } = session();
    assert.equal(await s.open({ walkthrough: 'multi-head', step: 'heads' }, layer), true);
    assert.deepEqual(notices, []);
    assert.equal(s.weightsSource, 'Trained weights: the toy task “induction” on digits, seed 2, 40 steps, layer 1 of 2');
    for (const [h, weights] of attention.weights[0].entries()) assert.deepEqual(panel(s, `head-${h}-weights`).data, weights);
    const cell = panel(s, 'head-1-weights');
    assert.deepEqual(cell.rowLabels, attention.tokens);
    const explained = s.explain(cell, 3, 1);
    assert.equal(Number(explained.exact), attention.weights[0][1][3][1]);
    // The softmax over the keys row 3 may see: induction's attention is causal, so keys 0 … 3.
    assert.match(explained.lines[0], /^weight₃₁ = e\^/);
    assert.equal(explained.lines[0].split('/')[1].match(/e\^/g).length, 4);
    goTo(s, 'project');
    assert.deepEqual(panel(s, 'weight-query').data, parameters['layer0.attention.wQ']);
    goTo(s, 'embed');
    assert.deepEqual(panel(s, 'embeddings').data, attention.inputs[0]);
    assert.equal(panel(s, 'settings'), undefined, 'no controls for sizes the trained model fixes');
    assert.ok(panel(s, 'weights-source').facts.some(([k, v]) => k === 'task' && v === 'induction'));
  });

  test('keeps the trained layer in its state, for the link, and goes back to random weights on request', async () => {
    const { layer } = trainedBy({ task: 'reverse', seed: 1 }, 20);
    const { s } = session();
    await s.open({ walkthrough: 'multi-head', step: 'inputs' }, layer);
    assert.deepEqual(s.state.weights, { options: { task: 'reverse', seed: 1 }, steps: 20, layer: 0 });
    await s.useRandomWeights();
    assert.equal(s.trained, undefined);
    assert.equal(s.state.weights, undefined);
    assert.equal(s.weightsSource, 'Random, untrained weights (seed 3): nothing learned');
    assert.match(s.steps.find((step) => step.id === 'heads').text, /not learned meaning/);
  });

  test('is refused, with a notice, by a walkthrough that cannot show one (cross-attention), which opens on its own weights', async () => {
    const { s, notices } = session();
    assert.equal(await s.open({ walkthrough: 'cross-attention', step: 'inputs' }, trainedBy({ task: 'reverse' }, 0).layer), true);
    assert.equal(s.trained, undefined);
    assert.match(notices[0], /cannot show a trained model’s weights/);
    assert.equal(s.weightsSource, undefined);
  });
});

describe('the encoder walkthrough on a trained layer', () => {
  test('reruns the layer with the trained weights: the trainer’s attention and the next layer’s input, bit for bit', async () => {
    const { attention, layer } = trainedBy({ task: 'sort', seed: 5 }, 30);
    const { s, notices } = session();
    assert.equal(await s.open({ walkthrough: 'encoder-layer', step: 'attention' }, layer), true);
    assert.deepEqual(notices, []);
    for (const [h, weights] of attention.weights[0].entries()) assert.deepEqual(panel(s, `head-${h}-weights`).data, weights);
    goTo(s, 'add-norm-2');
    // Layer 1 reads layer 0's output: the walkthrough's last matrix.
    assert.deepEqual(panel(s, 'output').data, attention.inputs[1]);
    assert.match(s.step.text, /./);
    goTo(s, 'add-norm-1');
    assert.match(s.step.text, /learned in training/);
  });
});

describe('the link of a walkthrough on a trained layer', () => {
  test('names the run and the layer, not the weights, and reads back the same', () => {
    const state = { walkthrough: 'multi-head', step: 'heads', weights: { options: { task: 'reverse', seed: 1 }, steps: 300, layer: 0 } };
    const link = writeLink(state);
    assert.equal(link, '?w=multi-head&step=heads&train=reverse&seed=1&steps=300&layer=0');
    const read = readLink(at(link));
    assert.deepEqual(read.notices, []);
    assert.deepEqual(read.state, state);
  });

  test('without a layer shows the first; the training lesson’s own link is unchanged', () => {
    assert.deepEqual(readLink(at('?w=encoder-layer&train=sort&steps=40')).state.weights, { options: { task: 'sort' }, steps: 40, layer: 0 });
    const lesson = readLink(at('?train=sort&steps=40')).state;
    assert.deepEqual(lesson, { walkthrough: 'watch-attention-learn', step: 'inputs', inputs: { task: 'sort', steps: 40 } });
    assert.equal(writeLink(lesson), '?train=sort&steps=40');
  });

  test('with a walkthrough that cannot show trained weights, or a layer without one, gives a notice and falls back', () => {
    const cross = readLink(at('?w=cross-attention&train=reverse&steps=10'));
    assert.equal(cross.state.weights, undefined);
    assert.equal(cross.state.inputs, undefined);
    assert.equal(cross.state.walkthrough, 'cross-attention');
    assert.match(cross.notices[0], /cannot show a trained model’s weights/);
    const lesson = readLink(at('?train=compare&layer=1'));
    assert.match(lesson.notices[0], /layer is used only with a walkthrough/);
    assert.deepEqual(lesson.state, { walkthrough: 'watch-attention-learn', step: 'inputs' });
    assert.match(readLink(at('?w=multi-head&train=reverse&layer=x')).notices[0], /layer “?x”? is not a layer number/);
  });
});

describe('retraining the run a link names', () => {
  test('gives the same layer as training it directly, bit for bit, and reports its progress', async () => {
    const source = { options: { task: 'reverse', seed: 1 }, steps: 60, layer: 0 };
    const progress = [];
    const retrained = await retrainLayer(sameThreadPort(lab), source, (p) => progress.push(p));
    const direct = trainedBy(source.options, 60).layer;
    assert.deepEqual(retrained.weights, direct.weights);
    assert.deepEqual(retrained.input, direct.input);
    assert.deepEqual(retrained.probeWeights, direct.probeWeights);
    assert.deepEqual(retrained.source, source);
    assert.deepEqual(progress.at(-1), { step: 60, target: 60 });
    assert.equal(lab.memory().liveTrainers, 0, 'the host’s trainer is freed');
  });

  test('rejects with the engine’s sentence when it refuses the options, and for a layer the model lacks', async () => {
    await assert.rejects(retrainLayer(sameThreadPort(lab), { options: { task: 'reverse', model: { heads: 3 } }, steps: 5, layer: 0 }),
      /The engine refused these options: model\.heads/);
    await assert.rejects(retrainLayer(sameThreadPort(lab), { options: { task: 'reverse' }, steps: 0, layer: 2 }), /layer: expected a whole number from 0 to 0/);
  });

  test('is cancelled by its signal, freeing the trainer', async () => {
    const controller = new AbortController();
    const retraining = retrainLayer(sameThreadPort(lab), { options: { task: 'reverse' }, steps: 5000, layer: 0 }, undefined, controller.signal);
    controller.abort();
    await assert.rejects(retraining, /cancelled/);
    assert.equal(lab.memory().liveTrainers, 0);
  });

  test('the training lesson hands over its layer only when paused or finished', async () => {
    const session = new TrainingSession(sameThreadPort(lab));
    await session.configure({ task: 'reverse', seed: 3 });
    session.train();
    await assert.rejects(layerOfSession(session, 0), /Pause the training first/);
    session.pause();
    while (session.state !== 'paused') await new Promise((r) => setTimeout(r, 2));
    const layer = await layerOfSession(session, 0);
    assert.equal(layer.source.steps, session.step);
    assert.deepEqual(layer.probeWeights, session.snapshot.attention.weights[0]);
    session.dispose();
  });
});
