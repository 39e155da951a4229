// lab.createTrainer through the public API: the same options and seed give the same losses bit
// for bit, every method returns what its types declare in the shapes the model implies, and
// ablating or disposing behaves as documented.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

import { loadAttentionLab } from 'attention-lab';

const lab = await loadAttentionLab();
const SMALL = { task: 'reverse', model: { dModel: 16, heads: 2, layers: 2, dFF: 32 }, batchSize: 8, seed: 7 };

/** The loss of each of `count` single steps of a new trainer. */
function losses(/** @type {import('attention-lab').TrainerOptions} */ options, /** @type {number} */ count) {
  const trainer = lab.createTrainer(options);
  try {
    return Array.from({ length: count }, () => trainer.step().loss);
  } finally {
    trainer.dispose();
  }
}

/** The first index where two lists of numbers differ bit for bit (Object.is), or -1. */
function firstDifference(/** @type {number[]} */ a, /** @type {number[]} */ b) {
  return a.findIndex((x, i) => !Object.is(x, b[i]));
}

describe('a trainer is deterministic', () => {
  test('two trainers with the same options and seed have the same loss at each of 100 steps, bit for bit', () => {
    const first = losses(SMALL, 100);
    const second = losses(SMALL, 100);
    assert.equal(firstDifference(first, second), -1, `step ${firstDifference(first, second)}: ${first[firstDifference(first, second)]} vs ${second[firstDifference(first, second)]}`);
    assert.ok(first.every(Number.isFinite));
    assert.ok(first[99] < first[0], `the loss went down: ${first[0]} → ${first[99]}`);
  });

  test('step(k) takes the same steps as k calls of step(), and reports each loss', () => {
    const one = losses(SMALL, 20);
    const trainer = lab.createTrainer(SMALL);
    const { step, loss, losses: each } = trainer.step(20);
    trainer.dispose();
    assert.equal(step, 20);
    assert.deepEqual(each, one);
    assert.ok(Object.is(loss, one[19]));
  });

  test('another seed gives other losses', () => {
    assert.notDeepEqual(losses({ ...SMALL, seed: 8 }, 5), losses(SMALL, 5));
  });

  test('the dropout mask is seeded too: with dropout, two runs still agree bit for bit', () => {
    const options = { ...SMALL, dropout: 0.1 };
    const first = losses(options, 30);
    assert.equal(firstDifference(first, losses(options, 30)), -1);
    assert.notDeepEqual(first, losses(SMALL, 30), 'dropout changes the training');
  });
});

describe('what a trainer reports has the shapes of its model', () => {
  const trainer = lab.createTrainer(SMALL);
  trainer.step(3);
  const { options } = trainer.status();
  const { layers, heads, dModel, dFF } = options.model;
  const n = options.length;

  test('status() gives the state, the step count and the options with the defaults filled in', () => {
    const status = trainer.status();
    assert.deepEqual({ state: status.state, message: status.message, step: status.step }, { state: 'ready', message: '', step: 3 });
    assert.deepEqual(status.options.model, SMALL.model);
    assert.equal(status.options.task, 'reverse');
    assert.equal(status.options.seed, 7);
    assert.equal(status.options.batchSize, 8);
    assert.equal(status.options.length, 6, 'the toy tasks default to 6 tokens');
    assert.equal(status.options.vocabulary, 10, 'from 10 symbols');
  });

  test('attention() gives layers × heads weight matrices on the n-token probe, rows summing to 1', () => {
    const a = trainer.attention();
    assert.equal(a.tokens.length, n);
    assert.equal(a.targets.length, n);
    assert.equal(a.predictions.length, n);
    assert.equal(a.weights.length, layers);
    for (const layer of a.weights) {
      assert.equal(layer.length, heads);
      for (const w of layer) {
        assert.equal(w.length, n);
        for (const row of w) {
          assert.equal(row.length, n);
          assert.ok(Math.abs(row.reduce((s, x) => s + x, 0) - 1) < 1e-12);
        }
      }
    }
  });

  test('headScores() gives one score in [0, 1] per layer and head, and the ideal pattern', () => {
    const s = trainer.headScores();
    assert.equal(typeof s.measure, 'string');
    assert.ok(s.measure.length > 0);
    assert.equal(s.scores.length, layers);
    for (const layer of s.scores) {
      assert.equal(layer.length, heads);
      for (const score of layer) assert.ok(score >= 0 && score <= 1, `score ${score}`);
    }
    assert.equal(s.hasIdeal, true);
    assert.equal(s.ideal?.length, n);
  });

  test('evaluate() and ablate() give a loss and an accuracy over the same scored positions', () => {
    const full = trainer.evaluate();
    assert.ok(full.loss > 0 && Number.isFinite(full.loss));
    assert.ok(full.accuracy >= 0 && full.accuracy <= 1);
    assert.equal(full.scored, 500 * n, 'every position of the 500 held-out sequences');
    for (let layer = 0; layer < layers; layer += 1) {
      for (let head = 0; head < heads; head += 1) {
        const ablated = trainer.ablate({ layer, head });
        assert.equal(ablated.scored, full.scored);
        assert.notEqual(ablated.loss, full.loss, `zeroing layer ${layer} head ${head} changes the loss`);
      }
    }
    assert.deepEqual(trainer.evaluate(), full, 'ablating leaves the model as it was');
  });

  test('parameters() names every matrix and vector, with the model\'s shapes', () => {
    const p = trainer.parameters();
    const wQ = /** @type {number[][]} */ (p['layer0.attention.wQ']);
    assert.equal(wQ.length, dModel);
    assert.equal(wQ[0].length, dModel);
    assert.ok(`layer${layers - 1}.attention.wO` in p);
    assert.ok(!(`layer${layers}.attention.wO` in p));
    const shapes = Object.values(p).map((v) => (Array.isArray(v[0]) ? [v.length, /** @type {number[]} */ (v[0]).length] : [v.length]));
    assert.ok(shapes.some(([r, c]) => r === dModel && c === dFF), 'W1 is dModel × dFF');
    for (const value of Object.values(p)) {
      for (const x of value.flat()) assert.ok(Number.isFinite(x));
    }
  });

  test('iris scores heads by concentration, as it has no ideal pattern', () => {
    const iris = lab.createTrainer({ task: 'iris' });
    const s = iris.headScores();
    assert.equal(s.hasIdeal, false);
    assert.equal(s.ideal, null);
    assert.equal(iris.evaluate().scored, 30, 'the 30 test rows');
    iris.dispose();
  });

  test('iris evaluates to a 3 × 3 confusion matrix of the 30 test flowers whose diagonal is the accuracy', () => {
    const iris = lab.createTrainer({ task: 'iris', seed: 1 });
    iris.step(60);
    const e = iris.evaluate();
    assert.deepEqual(e.classes, ['setosa', 'versicolor', 'virginica']);
    assert.equal(e.confusion.length, 3);
    assert.ok(e.confusion.every((row) => row.length === 3 && row.every(Number.isInteger)));
    assert.deepEqual(e.confusion.map((row) => row.reduce((a, b) => a + b)), [10, 10, 10], 'ten test flowers of each species');
    const right = e.confusion[0][0] + e.confusion[1][1] + e.confusion[2][2];
    assert.equal(e.accuracy, right / 30, 'accuracy is the diagonal over 30, exactly');
    assert.deepEqual(iris.evaluate(), e, 'evaluating again gives the same counts');
    const withoutHead = iris.ablate({ layer: 0, head: 0 });
    assert.equal(withoutHead.confusion.flat().reduce((a, b) => a + b), 30);
    iris.dispose();
  });

  test('iris\'s probe carries the flower\'s measurements in cm and standardised; toy tasks have none', () => {
    const iris = lab.createTrainer({ task: 'iris', seed: 4 });
    const { features, tokens } = iris.attention();
    iris.dispose();
    assert.deepEqual(tokens, ['sepal length', 'sepal width', 'petal length', 'petal width']);
    assert.ok(features);
    assert.deepEqual(features.cm, [7.0, 3.2, 4.7, 1.4], 'row 50, the first versicolor');
    assert.equal(features.standardised.length, 4);
    // Standardised with the training split: a long, wide-petalled flower sits above the mean
    // petal length, and no value is the raw one.
    assert.ok(features.standardised[2] > 0);
    assert.ok(features.standardised.every((z, f) => Number.isFinite(z) && z !== features.cm[f]));
    assert.equal(trainer.attention().features, null);
    assert.equal(trainer.evaluate().classes.length, trainer.status().options.vocabulary, 'toy tasks: one class per symbol');
  });

  after(() => trainer.dispose());
});

describe('dispose() frees what a trainer holds', () => {
  test('the heap and the live-trainer count return to where they were after creating, training and disposing', () => {
    const warm = lab.createTrainer(SMALL);
    warm.step(5);
    warm.dispose();
    const before = lab.memory();
    for (let i = 0; i < 20; i += 1) {
      const trainer = lab.createTrainer({ ...SMALL, seed: i });
      trainer.step(5);
      trainer.evaluate();
      trainer.attention();
      trainer.headScores();
      trainer.ablate({ layer: 0, head: 1 });
      trainer.parameters();
      assert.equal(lab.memory().liveTrainers, before.liveTrainers + 1);
      assert.ok(lab.memory().heapBytesInUse > before.heapBytesInUse, 'a live trainer holds heap');
      trainer.dispose();
    }
    const after = lab.memory();
    assert.deepEqual(after, before);
  });

  test('a trainer dropped without dispose() is freed once the garbage collector reclaims it', async () => {
    // The collector, reachable without --expose-gc on the command line.
    setFlagsFromString('--expose-gc');
    const collect = /** @type {() => void} */ (runInNewContext('gc'));
    const before = lab.memory();
    (() => {
      for (let i = 0; i < 3; i += 1) lab.createTrainer(SMALL).step(2);
    })();
    assert.equal(lab.memory().liveTrainers, before.liveTrainers + 3);
    for (let i = 0; i < 20 && lab.memory().liveTrainers > before.liveTrainers; i += 1) {
      collect();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    assert.equal(lab.memory().liveTrainers, before.liveTrainers);
    assert.equal(lab.memory().heapBytesInUse, before.heapBytesInUse);
  });
});
