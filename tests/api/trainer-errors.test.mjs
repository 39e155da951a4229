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
    assert.equal(caught.argument, 'steps');
    assert.match(caught.message, /^steps: expected a run that does not diverge, got training diverged at step \d+: .+; the trainer is now diverged/);
    const status = trainer.status();
    assert.equal(status.state, 'diverged');
    assert.ok(status.message.length > 0, 'status() says why');
    expectAttentionError(() => trainer.step(), 'steps', /diverged/);
    trainer.dispose();
  });
});
