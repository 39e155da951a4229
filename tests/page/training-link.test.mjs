// The lesson "Watch attention learn" in the page's link (web/src/state/training-link.ts through
// url-state.ts): what a link of a trained model holds (the inputs of the lesson's walkthrough,
// of kind "training"), that it reads back the same, and that every part that cannot be used
// gives one notice and falls back rather than failing.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import '../support/json-modules.mjs';
import { importCompiled } from '../support/compiled.mjs';

const { readLink, writeLink } = await importCompiled('state/url-state');

const at = (link) => {
  const url = new URL(link, 'http://lab.test/');
  return { search: url.search, hash: url.hash };
};
const lesson = (inputs) => ({ walkthrough: 'watch-attention-learn', step: 'inputs', ...(inputs ? { inputs } : {}) });

describe('the training lesson’s link', () => {
  test('task, model, seed, optimizer settings and step count are written as readable parameters and read back the same', () => {
    const inputs = { task: 'sort', seed: 7, dModel: 48, heads: 4, layers: 2, dFF: 96, learningRate: 0.0025, batchSize: 16, optimizer: 'adamw', weightDecay: 0.01, dropout: 0.1, steps: 850 };
    const link = writeLink(lesson(inputs));
    assert.equal(link, '?train=sort&seed=7&dModel=48&heads=4&layers=2&dFF=96&lr=0.0025&batch=16&optimizer=adamw&decay=0.01&dropout=0.1&steps=850');
    const read = readLink(at(link));
    assert.deepEqual(read.notices, []);
    assert.equal(read.named, true);
    assert.deepEqual(read.state, lesson(inputs));
  });

  test('only the options the learner set are written; an untrained model has no step count', () => {
    assert.equal(writeLink(lesson({ task: 'reverse' })), '?train=reverse');
    assert.equal(writeLink(lesson()), '?train=compare', 'the lesson’s own run');
    assert.deepEqual(readLink(at('?train=iris')).state, lesson({ task: 'iris' }));
    assert.deepEqual(readLink(at('?train=compare&steps=0')).state, lesson(), 'the lesson’s own run is no edit');
  });

  test('a link without train opens a walkthrough as before', () => {
    assert.deepEqual(readLink(at('?w=causal-mask')).state, { walkthrough: 'causal-mask', step: 'inputs' });
  });

  test('the lesson’s walkthrough by name, or an instructor’s of kind training, carries its run in the same parameters', async () => {
    assert.deepEqual(readLink(at('?w=watch-attention-learn')).state, lesson());
    assert.deepEqual(readLink(at('?lesson=train&train=sort')).state, lesson({ task: 'sort' }));
    const { addCustomWalkthrough } = await importCompiled('model/walkthroughs');
    addCustomWalkthrough({ id: 'my-iris', kind: 'training', title: 'Iris', intro: 'Flowers.', inputs: { task: 'iris', seed: 3, steps: 300 } });
    assert.equal(writeLink({ walkthrough: 'my-iris', step: 'inputs' }), '?w=my-iris&train=iris&seed=3&steps=300');
    const edited = readLink(at('?w=my-iris&train=iris&seed=4&steps=300'));
    assert.deepEqual(edited.notices, []);
    assert.deepEqual(edited.state, { walkthrough: 'my-iris', step: 'inputs', inputs: { task: 'iris', seed: 4, steps: 300 } });
    assert.equal(writeLink(edited.state), '?w=my-iris&train=iris&seed=4&steps=300');
  });

  test('an unknown task or a malformed value gives one notice each and is left to the default', () => {
    const read = readLink(at('?train=juggle&seed=-3&heads=two&lr=fast&optimizer=rmsprop&steps=1e9'));
    assert.deepEqual(read.state, lesson());
    assert.deepEqual(read.notices, [
      'There is no training task called “juggle” (expected one of compare, reverse, sort, induction, iris), so the lesson opens on compare.',
      'The link’s seed “-3” is not a whole number, so the task’s default is used.',
      'The link’s heads “two” is not a whole number, so the task’s default is used.',
      'The link’s lr “fast” is not a number, so the task’s default is used.',
      'The link’s optimizer “rmsprop” is not one of adam, adamw, sgd, so the task’s default is used.',
      'The link’s steps “1e9” is not a whole number up to 100000, so the model starts untrained.',
    ]);
  });

  test('the speed is kept in the link when it is not the lesson’s default, and read back; step by step too', () => {
    assert.equal(writeLink(lesson({ task: 'compare', speed: 'step' })), '?train=compare&speed=step');
    assert.equal(writeLink(lesson({ task: 'compare', steps: 40, speed: '5' })), '?train=compare&steps=40&speed=5');
    assert.deepEqual(readLink(at('?train=compare&speed=step')).state, lesson({ task: 'compare', speed: 'step' }));
    assert.deepEqual(readLink(at('?w=watch-attention-learn&train=compare&speed=max')).state, lesson({ task: 'compare', speed: 'max' }));
  });

  test('a speed the lesson does not offer gives one notice and the default speed', () => {
    const read = readLink(at('?train=compare&speed=fast'));
    assert.deepEqual(read.state, lesson());
    assert.deepEqual(read.notices, ['The link’s speed “fast” is not one of step, 1, 5, 10, 25, 100, max, so the lesson’s default speed is used.']);
  });
});
