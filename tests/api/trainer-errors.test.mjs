// Every bad use of lab.createTrainer: an AttentionError naming the option (or the method) and
// saying what was expected. The façade's own messages (structure: unknown names, types) are
// asserted on their full text; the engine's (values: ranges, caps, divisibility) on the option
// they name and the value they echo, since the engine's wording is documented with the trainer.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';

import { AttentionError, loadAttentionLab } from 'attention-lab';

import { expectAttentionError } from '../support/expect-error.mjs';

const lab = await loadAttentionLab();
/** Calls the API with options the type declarations would refuse, as plain JS users can. */
const untyped = /** @type {any} */ (lab);
const TINY = { task: 'reverse', model: { dModel: 8, heads: 2, layers: 1, dFF: 8 }, batchSize: 4 };

/** A trainer that creating must refuse, about `option`, echoing `got`. */
function refused(/** @type {unknown} */ options, /** @type {string} */ option, /** @type {(string | RegExp)[]} */ ...patterns) {
  expectAttentionError(() => untyped.createTrainer(options), option, ...patterns);
}

describe('createTrainer refuses options that are not what it reads', () => {
  test('options that are not an object are refused as "options"', () => {
    refused(42, 'options', 'options: expected an object with some of task, model, seed', 'got 42');
    refused([], 'options', 'got an empty array');
    refused('reverse', 'options', 'got the string "reverse"');
  });

  test('an unknown option is named with the list of the options there are', () => {
    refused({ task: 'reverse', learningrate: 0.01 }, 'learningrate',
      'learningrate: expected one of the options of createTrainer (task, model, seed, learningRate, batchSize, optimizer, weightDecay, dropout, clipNorm, length, vocabulary), got an unknown option');
    refused({ model: { dmodel: 8 } }, 'model.dmodel', 'model.dmodel: expected one of the fields of model (dModel, heads, layers, dFF), got an unknown option');
  });

  test('an option of the wrong type is named with the type it should have', () => {
    refused({ task: 3 }, 'task', 'task: expected a string, got 3');
    refused({ optimizer: ['adam'] }, 'optimizer', 'optimizer: expected a string, got an array of length 1');
    refused({ learningRate: '0.01' }, 'learningRate', 'learningRate: expected a number, got the string "0.01"');
    refused({ model: { heads: '2' } }, 'model.heads', 'model.heads: expected a number, got the string "2"');
    refused({ model: 4 }, 'model', 'model: expected an object with some of dModel, heads, layers, dFF, got 4');
  });

  test('a getter that throws while the options are read is reported against that option', () => {
    const options = { get seed() { throw new Error('no seed today'); } };
    refused(options, 'seed', 'no seed today');
  });
});

describe('createTrainer refuses option values the engine cannot train with', () => {
  const cases = [
    ['an unknown task', { task: 'translate' }, 'task', /translate/],
    ['d_model not divisible by heads', { model: { dModel: 32, heads: 3 } }, 'model.heads', /3/],
    ['a learning rate of 0', { learningRate: 0 }, 'learningRate', /got 0$/],
    ['a negative learning rate', { learningRate: -0.1 }, 'learningRate', /-0\.1/],
    ['a learning rate of NaN', { learningRate: NaN }, 'learningRate', /NaN/],
    ['an infinite learning rate', { learningRate: Infinity }, 'learningRate', /Infinity/],
    ['a learning rate above the documented 10', { learningRate: 10.5 }, 'learningRate', /at most 10, .*got 10\.5$/],
    ['a learning rate of 1e308', { learningRate: 1e308 }, 'learningRate', /got 1e\+308$/],
    ['a batch size of 0', { batchSize: 0 }, 'batchSize', /got 0$/],
    ['a fractional batch size', { batchSize: 2.5 }, 'batchSize', /2\.5/],
    ['d_model over the cap', { model: { dModel: 4096, heads: 1 } }, 'model.dModel', /4096/],
    ['too many layers', { model: { layers: 50 } }, 'model.layers', /50/],
    ['sequences over the cap', { length: 1000 }, 'length', /1000/],
    ['a vocabulary over the cap', { vocabulary: 1e6 }, 'vocabulary', /1000000/],
    ['an unknown optimizer', { optimizer: 'rmsprop' }, 'optimizer', /rmsprop/],
    ['dropout of 1', { dropout: 1 }, 'dropout', /got 1$/],
    ['a negative seed', { seed: -1 }, 'seed', /-1/],
  ];
  for (const [what, options, option, pattern] of /** @type {Array<[string, object, string, RegExp]>} */ (cases)) {
    test(`${what} is refused naming ${option}`, () => refused(options, option, pattern));
  }

  test('each documented bound itself is accepted', () => {
    for (const options of [{ learningRate: 10 }, { weightDecay: 1 }, { dropout: 0 }, { clipNorm: 0 }, { model: { dModel: 1, heads: 1 } }, { length: 32 }, { vocabulary: 64 }, { seed: 2 ** 32 - 1 }]) {
      const trainer = untyped.createTrainer({ ...TINY, ...options });
      trainer.dispose();
    }
  });
});

describe('a trainer refuses bad method arguments', () => {
  const trainer = lab.createTrainer(TINY);

  test('step(steps) takes a whole number of steps', () => {
    const loose = /** @type {any} */ (trainer);
    expectAttentionError(() => loose.step('x'), 'steps', 'steps: expected a whole number of steps, got the string "x"');
    expectAttentionError(() => trainer.step(0), 'steps', /got 0$/);
    expectAttentionError(() => trainer.step(1.5), 'steps', /1\.5/);
    expectAttentionError(() => trainer.step(1e9), 'steps', /1000000000/);
  });

  test('ablate needs a layer and a head that exist', () => {
    const loose = /** @type {any} */ (trainer);
    expectAttentionError(() => loose.ablate(3), 'ablate', 'ablate: expected an object with some of layer, head, got 3');
    expectAttentionError(() => loose.ablate({ layer: 0, head: 0, neuron: 1 }), 'neuron', /got an unknown option$/);
    expectAttentionError(() => loose.ablate({ layer: 0 }), 'head', 'head: expected a whole number, got undefined');
    expectAttentionError(() => trainer.ablate({ layer: 1, head: 0 }), 'layer', /got 1$/);
    expectAttentionError(() => trainer.ablate({ layer: 0, head: 2 }), 'head', /got 2$/);
  });

  after(() => trainer.dispose());
});

describe('a disposed trainer', () => {
  test('refuses every method, naming it', () => {
    const trainer = lab.createTrainer(TINY);
    trainer.dispose();
    for (const method of /** @type {const} */ (['step', 'evaluate', 'attention', 'headScores', 'parameters', 'status'])) {
      expectAttentionError(() => trainer[method](), method, `${method}: expected a trainer that is not disposed, got one whose dispose() was called`);
    }
    expectAttentionError(() => trainer.ablate({ layer: 0, head: 0 }), 'ablate', /dispose\(\) was called$/);
  });

  test('can be disposed again, which does nothing', () => {
    const trainer = lab.createTrainer(TINY);
    trainer.dispose();
    assert.doesNotThrow(() => trainer.dispose());
  });
});

describe('a run that diverges', () => {
  test('stops with an AttentionError saying so, and status() says diverged', () => {
    const trainer = lab.createTrainer({ ...TINY, learningRate: 10, optimizer: 'sgd', clipNorm: 0 });
    let caught;
    for (let i = 0; i < 200 && caught === undefined; i += 1) {
      try {
        const { loss } = trainer.step(5);
        assert.ok(Number.isFinite(loss), `step ${i}: a loss is finite or not returned at all, got ${loss}`);
      } catch (error) {
        caught = error;
      }
    }
    assert.ok(caught instanceof AttentionError, `the run diverged with an AttentionError, got ${caught}`);
    // Named after the method: step() may have been called without its argument.
    assert.equal(caught.argument, 'step');
    assert.match(caught.message, /^step: expected a run that does not diverge, got training diverged at step \d+: .+; the trainer is now diverged/);
    const status = trainer.status();
    assert.equal(status.state, 'diverged');
    assert.ok(status.message.length > 0, 'status() says why');
    expectAttentionError(() => trainer.step(), 'step', 'step: expected a trainer that has not diverged, got one that has: training diverged at step');
    trainer.dispose();
  });

  test('keeps the parameters of before the step that diverged, and every read of it stays finite', () => {
    for (const options of [
      { ...TINY, learningRate: 10, optimizer: 'sgd', clipNorm: 0 },
      { ...TINY, learningRate: 10, optimizer: 'adamw', weightDecay: 1 },
      { task: 'iris', learningRate: 10, optimizer: 'sgd', clipNorm: 0, weightDecay: 1 },
    ]) {
      const trainer = untyped.createTrainer(options);
      let before = trainer.parameters();
      for (let i = 0; i < 500 && trainer.status().state === 'ready'; i += 1) {
        try {
          trainer.step();
          before = trainer.parameters();
        } catch (error) {
          assert.equal(/** @type {AttentionError} */ (error).argument, 'step');
        }
      }
      const what = JSON.stringify(options);
      assert.equal(trainer.status().state, 'diverged', what);
      assert.deepEqual(trainer.parameters(), before, `${what}: the parameters of before the diverging step`);
      const numbers = [trainer.parameters(), trainer.evaluate(), trainer.attention(), trainer.headScores(), trainer.ablate({ layer: 0, head: 0 })].flatMap(numbersIn);
      assert.ok(numbers.length > 100, what);
      assert.ok(numbers.every((x) => Number.isFinite(x)), `${what}: a diverged trainer hands out finite numbers only`);
      trainer.dispose();
    }
  });
});

/** Every number inside a value (nested arrays and objects). @param {unknown} value @returns {number[]} */
function numbersIn(value) {
  if (typeof value === 'number') return [value];
  if (value === null || typeof value !== 'object') return [];
  return Object.values(value).flatMap(numbersIn);
}

describe('the trainer\'s budgets', () => {
  test('status() gives the estimate the work and memory budgets are checked against', () => {
    const trainer = lab.createTrainer(TINY);
    const { estimate } = trainer.status();
    trainer.dispose();
    assert.ok(estimate.stepMultiplyAdds > 0 && estimate.evaluateMultiplyAdds > 0 && estimate.memoryBytes > 0, JSON.stringify(estimate));
    assert.equal(estimate.stepsPerCall, 10_000, 'a small model may take the most steps a call allows');
  });

  test('the memory estimate covers what a trainer grows the wasm memory by, and is not far above it', async () => {
    // Models whose intermediates dwarf the 16 MiB the module starts with, each in a fresh engine
    // (the memory never shrinks), quick to run: a wide feed-forward, a wide model, a large batch.
    for (const options of [
      { model: { dModel: 32, heads: 2, layers: 1, dFF: 1024 }, length: 8, batchSize: 256 },
      { model: { dModel: 128, heads: 1, layers: 1, dFF: 128 }, length: 16 },
      { model: { dModel: 16, heads: 4, layers: 1, dFF: 1024 }, length: 16, batchSize: 256 },
    ]) {
      const fresh = await loadAttentionLab();
      const start = fresh.memory().wasmMemoryBytes;
      const trainer = fresh.createTrainer(options);
      const { memoryBytes } = trainer.status().estimate;
      trainer.step(2);
      trainer.evaluate();
      trainer.dispose();
      const grown = fresh.memory().wasmMemoryBytes - start;
      const what = `${JSON.stringify(options)}: estimate ${(memoryBytes / 2 ** 20).toFixed(0)} MiB, grown ${(grown / 2 ** 20).toFixed(0)} MiB`;
      assert.ok(grown > 32 * 2 ** 20, `${what}: big enough to measure`);
      assert.ok(memoryBytes >= grown, `${what}: the estimate covers it`);
      assert.ok(memoryBytes <= 2 * grown + 64 * 2 ** 20, `${what}: the estimate is not far above it`);
    }
  });

  test('the largest model the caps allow is refused at once, naming an option, instead of running out of memory', () => {
    const start = performance.now();
    refused({ model: { dModel: 256, heads: 16, layers: 4, dFF: 1024 }, batchSize: 256, length: 32, vocabulary: 64 }, 'length', /^length: expected options whose trainer needs at most 1.0 GiB of memory, got ones needing an estimated \d+\.\d GiB$/);
    assert.ok(performance.now() - start < 200, 'refused before allocating anything');
  });

  test('step(k) refuses more steps in one call than the work budget allows, naming steps', () => {
    const trainer = lab.createTrainer({ model: { dModel: 64, heads: 4, layers: 2, dFF: 256 }, batchSize: 64, length: 16 });
    const most = trainer.status().estimate.stepsPerCall;
    assert.ok(most < 10_000, `${most} steps fit the budget`);
    expectAttentionError(() => trainer.step(most + 1), 'steps', `steps: expected at most ${most} steps in one call for this model (its work budget, about ten seconds), got ${most + 1}`);
    assert.equal(trainer.status().step, 0, 'refused before any step');
    trainer.dispose();
  });
});
