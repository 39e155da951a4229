// The lesson "Watch attention learn" in the page's link (web/src/state/training-link.ts through
// url-state.ts): what a link of a trained model holds, that it reads back the same, and that
// every part that cannot be used gives one notice and falls back rather than failing.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import '../support/json-modules.mjs';
import { importCompiled } from '../support/compiled.mjs';

const { readLink, writeLink } = await importCompiled('state/url-state');

const at = (link) => {
  const url = new URL(link, 'http://lab.test/');
  return { search: url.search, hash: url.hash };
};
const trained = (options, steps) => ({ walkthrough: 'worked-example', step: 'inputs', training: { options, steps } });

describe('the training lesson’s link', () => {
  test('task, model, seed, optimizer settings and step count are written as readable parameters and read back the same', () => {
    const options = { task: 'sort', seed: 7, model: { dModel: 48, heads: 4, layers: 2, dFF: 96 }, learningRate: 0.0025, batchSize: 16, optimizer: 'adamw', weightDecay: 0.01, dropout: 0.1 };
    const link = writeLink(trained(options, 850));
    assert.equal(link, '?train=sort&seed=7&dModel=48&heads=4&layers=2&dFF=96&lr=0.0025&batch=16&optimizer=adamw&decay=0.01&dropout=0.1&steps=850');
    const read = readLink(at(link));
    assert.deepEqual(read.notices, []);
    assert.equal(read.named, true);
    assert.deepEqual(read.state.training, { options, steps: 850 });
  });

  test('only the options the learner set are written; an untrained model has no step count', () => {
    assert.equal(writeLink(trained({ task: 'reverse' }, 0)), '?train=reverse');
    assert.deepEqual(readLink(at('?train=iris')).state.training, { options: { task: 'iris' }, steps: 0 });
  });

  test('a link without train opens a walkthrough as before', () => {
    assert.equal(readLink(at('?w=causal-mask')).state.training, undefined);
  });

  test('an unknown task or a malformed value gives one notice each and is left to the default', () => {
    const read = readLink(at('?train=juggle&seed=-3&heads=two&lr=fast&optimizer=rmsprop&steps=1e9'));
    assert.deepEqual(read.state.training, { options: { task: 'reverse' }, steps: 0 });
    assert.deepEqual(read.notices, [
      'There is no training task called “juggle” (expected one of reverse, sort, induction, iris), so the lesson opens on reverse.',
      'The link’s seed “-3” is not a whole number, so the task’s default is used.',
      'The link’s heads “two” is not a whole number, so the task’s default is used.',
      'The link’s lr “fast” is not a number, so the task’s default is used.',
      'The link’s optimizer “rmsprop” is not one of adam, adamw, sgd, so the task’s default is used.',
      'The link’s steps “1e9” is not a whole number up to 100000, so the model starts untrained.',
    ]);
  });
});
