// createTrainer({ task: 'text' }) through the public API: a run is deterministic (the same
// options, seed and steps give the same model: losses, parameters, generations), it learns,
// it reads like a language model (the reading methods are the language model's, on the
// parameters as they are), BPE merges work, and each refusal names its option.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, describe, test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import { expectAttentionError } from '../support/expect-error.mjs';

const lab = await loadAttentionLab();
/** Small enough that 40 steps take well under a second in wasm. */
const SMALL = { task: 'text', model: { dModel: 16, heads: 2, layers: 1, dFF: 32, context: 16 }, batchSize: 4, seed: 5 };
const SAMPLE = { prompt: 'First', tokens: 10, temperature: 0.8, seed: 2 };

const trained = (/** @type {number} */ steps, options = SMALL) => {
  const t = lab.createTrainer(options);
  const losses = steps > 0 ? t.step(steps).losses : [];
  return { t, losses };
};

describe('the text task', () => {
  const a = trained(40);
  const b = trained(40);
  after(() => {
    a.t.dispose();
    b.t.dispose();
  });

  test('the same options, seed and steps give the same model', () => {
    assert.deepEqual(a.losses, b.losses);
    assert.deepEqual(a.t.parameters(), b.t.parameters());
    assert.deepEqual(a.t.generate(SAMPLE), b.t.generate(SAMPLE));
    assert.deepEqual(a.t.evaluate(), b.t.evaluate());
  });

  test('another seed gives another model', () => {
    const c = trained(40, { ...SMALL, seed: 6 });
    assert.notDeepEqual(c.losses, a.losses);
    c.t.dispose();
  });

  test('status gives the options as run, the split and the estimate', () => {
    const status = a.t.status();
    assert.equal(status.state, 'ready');
    assert.equal(status.step, 40);
    assert.deepEqual(status.options, {
      task: 'text', tokenizer: 'character',
      model: { vocab: status.options.model.vocab, dModel: 16, heads: 2, kvHeads: 2, layers: 1, dFF: 32, context: 16 },
      seed: 5, batchSize: 4, learningRate: 1e-2, warmupSteps: 20, weightDecay: 0.01, clipNorm: 1, heldOutWindows: 16,
    });
    // The default passage: 5,593 characters, the last tenth held out.
    assert.deepEqual(status.data, { trainTokens: 5593 - 559, heldOutTokens: 559 });
    assert.equal(status.estimate.stepsPerCall, 10000);
  });

  test('it reads like a language model of its parameters, which a step changes', () => {
    const model = a.t.model();
    assert.deepEqual(model.config(), a.t.config());
    assert.equal(model.config().vocab, a.t.status().options.model.vocab);
    assert.deepEqual(model.parameters(), a.t.parameters());
    assert.deepEqual(model.tokenLosses({ text: 'First Citizen:' }), a.t.tokenLosses({ text: 'First Citizen:' }));
    const before = a.t.tokenLosses({ text: 'First Citizen:' }).loss;
    a.t.step(1);
    assert.notEqual(a.t.tokenLosses({ text: 'First Citizen:' }).loss, before);
    // The copy taken before the step keeps the parameters it was made of.
    assert.equal(model.tokenLosses({ text: 'First Citizen:' }).loss, before);
    model.dispose();
  });

  test('training brings the held-out loss below a uniform guess and toward the bigram model', () => {
    const fresh = lab.createTrainer(SMALL);
    const start = fresh.evaluate();
    fresh.step(150);
    const end = fresh.evaluate();
    assert.equal(start.scored, 16 * 15);
    assert.ok(Math.abs(start.loss - start.uniformLoss) < 0.1, `untrained: ${start.loss} vs ln(vocab) ${start.uniformLoss}`);
    assert.ok(end.loss < start.loss - 0.6, `after 150 steps: ${end.loss}, before ${start.loss}`);
    assert.equal(end.bigramLoss, start.bigramLoss);
    fresh.dispose();
  });

  test('a text of its own, with BPE merges', () => {
    const text = 'the cat sat on the mat. '.repeat(20);
    const t = lab.createTrainer({ task: 'text', text, tokenizer: { merges: [[116, 104], [256, 101]] }, model: { dModel: 8, heads: 2, layers: 1, dFF: 8, context: 8 } });
    assert.equal(t.status().options.tokenizer, 'bpe');
    assert.equal(t.config().vocab, 258);
    assert.deepEqual(t.tokenize('the').tokens, [257]);
    t.step(3);
    t.dispose();
  });

  test('dispose frees the trainer and the copies it made', () => {
    const before = lab.memory();
    const t = lab.createTrainer(SMALL);
    t.step(1);
    t.generate(SAMPLE);
    t.dispose();
    t.dispose();
    assert.equal(lab.memory().liveTextTrainers, before.liveTextTrainers);
    assert.equal(lab.memory().liveLanguageModels, before.liveLanguageModels);
    expectAttentionError(() => t.step(1), 'step', 'not disposed');
    expectAttentionError(() => t.generate(SAMPLE), 'generate', 'not disposed');
  });
});

describe('the text task refuses by name', () => {
  const refuses = (/** @type {object} */ options, /** @type {string} */ argument, /** @type {string[]} */ ...patterns) =>
    expectAttentionError(() => lab.createTrainer({ ...SMALL, ...options }), argument, ...patterns);

  test('an unknown option, or one of the toy tasks', () => {
    refuses({ optimizer: 'sgd' }, 'optimizer', 'unknown option');
    refuses({ model: { width: 3 } }, 'model.width', 'unknown option');
  });
  test('a text too short for its held-out tenth', () => {
    refuses({ text: 'to be or not to be' }, 'text', 'at least 160 tokens', 'got 18');
  });
  test('a text past 2 MiB of UTF-8; the whole shipped corpus fits', () => {
    refuses({ text: 'ab'.repeat(2 ** 20) + 'c' }, 'text', '1 to 2097152 bytes of UTF-8', 'got 2097153 bytes');
    const corpus = readFileSync(new URL('../../cpp/data/tinyshakespeare.txt', import.meta.url), 'utf8');
    const t = lab.createTrainer({ ...SMALL, text: corpus });
    assert.ok(Number.isFinite(t.step(1).losses[0]));
    t.dispose();
  });
  test('a text that is not a string, a tokenizer of no known kind', () => {
    refuses({ text: 3 }, 'text', 'a string');
    refuses({ tokenizer: 'words' }, 'tokenizer', "'character' or { merges }");
  });
  test('model sizes', () => {
    refuses({ model: { dModel: 16, heads: 3 } }, 'model.heads', 'a divisor of dModel = 16');
    refuses({ model: { heads: 2, kvHeads: 4 } }, 'model.kvHeads', 'a divisor of heads = 2');
    refuses({ model: { context: 1000 } }, 'model.context', '2 to 256');
  });
  test('rates and counts', () => {
    refuses({ learningRate: 0 }, 'learningRate', 'above 0');
    refuses({ batchSize: 1.5 }, 'batchSize', 'whole number');
    refuses({ seed: -1 }, 'seed');
  });
  test('a model past the work budget', () => {
    refuses({ model: { dModel: 256, heads: 4, layers: 4, dFF: 1024, context: 256 }, batchSize: 64 }, 'model.context', 'at most 4e+10 multiply-adds');
  });
  test('too many steps in one call', () => {
    const t = lab.createTrainer(SMALL);
    expectAttentionError(() => t.step(10001), 'steps', '10000');
    t.dispose();
  });
});

describe('a run that diverges', () => {
  test('stops with an error naming step, and its parameters stay readable', () => {
    const t = lab.createTrainer({ ...SMALL, seed: 0, learningRate: 1, warmupSteps: 0, clipNorm: 1e6 });
    let error;
    for (let call = 0; call < 20 && !error; call += 1) {
      try {
        t.step(50);
      } catch (e) {
        error = e;
      }
    }
    assert.ok(error, 'the run did not diverge');
    assert.match(String(error.message), /^step: expected a run that does not diverge, got training diverged at step \d+/);
    assert.equal(t.status().state, 'diverged');
    assert.ok(Number.isFinite(t.evaluate().loss));
    assert.ok(Number.isFinite(t.tokenLosses({ text: 'First' }).loss));
    t.dispose();
  });
});
