// lab.createLanguageModel through the public API: the tokenizer, generation (each step drawn as
// lab.sample draws with the step's seed, the same seed giving the same text, greedy at
// temperature 0), token losses, attention, the logit lens, head scores, ablation, parameters and
// disposal, and each refusal with its exact message naming the argument.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import { expectAttentionError } from '../support/expect-error.mjs';

const lab = await loadAttentionLab();
const SHAPE = { dModel: 16, heads: 4, kvHeads: 2, layers: 2, dFF: 24, context: 24 };
const model = lab.createLanguageModel({ model: SHAPE, seed: 3, merges: [[108, 108], [104, 101]] });
after(() => model.dispose());

const argmax = (/** @type {number[]} */ xs) => xs.reduce((best, x, i) => (x > xs[best] ? i : best), 0);

describe('a language model reads text through its merges', () => {
  test('config() gives every field, the vocabulary 256 bytes and one token per merge', () => {
    assert.deepEqual(model.config(), { ...SHAPE, vocab: 258, ropeBase: 10000, eps: 1e-6, tied: true });
  });

  test('tokenize applies the merges and names each token', () => {
    // 'll' is merge 0 (token 256), 'he' merge 1 (257): the lower index applies first.
    assert.deepEqual(model.tokenize('hello'), { tokens: [257, 256, 111], pieces: ['he', 'll', 'o'] });
    // é is two bytes, neither a whole character.
    assert.deepEqual(model.tokenize('é'), { tokens: [195, 169], pieces: [null, null] });
  });
});

describe('generation', () => {
  const request = { prompt: 'hello', tokens: 6, temperature: 0.9, topK: 40, topP: 0.95, seed: 11 };

  test('each step draws as lab.sample does with the step\'s seed', () => {
    const g = model.generate(request);
    assert.equal(g.steps.length, 6);
    assert.deepEqual(g.prompt, [257, 256, 111]);
    assert.deepEqual(g.tokens, g.steps.map((s) => s.token));
    g.steps.forEach((step, k) => {
      assert.equal(step.position, 2 + k);
      const alone = lab.sample({ logits: step.logits, temperature: 0.9, topK: 40, topP: 0.95, seed: step.seed });
      assert.deepEqual(step.probabilities, alone.probabilities);
      assert.deepEqual(step.kept, alone.kept);
      assert.equal(step.chosen, alone.chosen);
      assert.equal(step.token, alone.chosen);
    });
    assert.equal(g.text, g.steps.map((s) => s.text).join(''));
  });

  test('the same seed gives the same text, another seed another', () => {
    assert.deepEqual(model.generate(request), model.generate(request));
    const others = new Set([0, 1, 2, 3].map((seed) => model.generate({ ...request, seed }).tokens.join()));
    assert.ok(others.size > 1);
  });

  test('at temperature 0 each token is its logits\' largest', () => {
    const g = model.generate({ prompt: 'he', tokens: 5, temperature: 0 });
    for (const step of g.steps) assert.equal(step.token, argmax(step.logits));
  });

  test('each step\'s logits are the logit lens\'s last reading of the text so far', () => {
    const g = model.generate({ prompt: 'hello', tokens: 3, temperature: 0, seed: 0 });
    // The prompt's last position predicts the first token.
    const lens = model.logitLens({ text: 'hello' });
    const last = /** @type {import('attention-lab').LogitLensLayer} */ (lens.layers.at(-1));
    g.steps[0].logits.forEach((x, v) => assert.ok(Math.abs(x - last.logits[2][v]) <= 1e-12));
  });
});

describe('reading the model', () => {
  const text = 'hello, hello';

  test('token losses are −ln of the model\'s probability of each next token, and their mean', () => {
    const t = model.tokenLosses({ text });
    const lens = model.logitLens({ text });
    const probabilities = /** @type {import('attention-lab').LogitLensLayer} */ (lens.layers.at(-1)).probabilities;
    assert.equal(t.losses.length, t.tokens.length - 1);
    t.losses.forEach((loss, i) => assert.ok(Math.abs(loss + Math.log(probabilities[i][t.tokens[i + 1]])) <= 1e-12));
    assert.ok(Math.abs(t.loss - t.losses.reduce((a, b) => a + b, 0) / t.losses.length) <= 1e-12);
  });

  test('attention gives every layer\'s and head\'s causal weights', () => {
    const a = model.attention({ text });
    const n = a.tokens.length;
    assert.equal(a.weights.length, 2);
    for (const layer of a.weights) {
      assert.equal(layer.length, 4);
      for (const head of layer) {
        assert.equal(head.length, n);
        head.forEach((row, i) => {
          assert.ok(Math.abs(row.reduce((s, w) => s + w, 0) - 1) <= 1e-12);
          for (let j = i + 1; j < n; j += 1) assert.equal(row[j], 0);
        });
      }
    }
  });

  test('the logit lens reads the embeddings and each layer, with each position\'s top token', () => {
    const lens = model.logitLens({ text });
    assert.equal(lens.layers.length, 3);
    for (const layer of lens.layers) {
      layer.probabilities.forEach((row, i) => {
        assert.equal(layer.topTokens[i], argmax(row));
        assert.equal(layer.topProbabilities[i], row[layer.topTokens[i]]);
      });
      assert.equal(layer.topPieces.length, lens.tokens.length);
    }
  });

  test('head scores average each head\'s weights over its pattern\'s cells on a random sequence read twice', () => {
    const s = model.headScores({ pattern: 'induction', length: 5, seed: 2 });
    assert.equal(s.pattern, 'induction');
    assert.deepEqual(s.tokens.slice(5), s.tokens.slice(0, 5));
    assert.deepEqual(s.cells, [[5, 1], [6, 2], [7, 3], [8, 4], [9, 5]]);
    assert.equal(s.scores.length, 2);
    assert.equal(s.scores[0].length, 4);
    assert.ok(Number.isFinite(s.firstCopyLoss) && Number.isFinite(s.secondCopyLoss));
    assert.deepEqual(model.headScores({ pattern: 'induction', length: 5, seed: 2 }), s);
    assert.notDeepEqual(model.headScores({ pattern: 'induction', length: 5, seed: 3 }).tokens, s.tokens);
    assert.equal(model.headScores({ pattern: 'previous-token' }).tokens.length, 24);
    assert.deepEqual(model.headScores({ pattern: 'first-token', length: 3 }).cells, [[1, 0], [2, 0], [3, 0], [4, 0], [5, 0]]);
  });

  test('ablating a head gives a new model whose W_O rows for it are 0 and whose losses differ', () => {
    const before = lab.memory().liveLanguageModels;
    const ablated = model.ablate({ layer: 1, head: 2 });
    assert.equal(lab.memory().liveLanguageModels, before + 1);
    const wO = /** @type {number[][]} */ (ablated.parameters()['layers[1].wO']);
    assert.deepEqual(wO.slice(8, 12), Array.from({ length: 4 }, () => Array(16).fill(0)));
    assert.notDeepEqual(/** @type {number[][]} */ (model.parameters()['layers[1].wO']).slice(8, 12), wO.slice(8, 12));
    assert.notDeepEqual(ablated.tokenLosses({ text }).losses, model.tokenLosses({ text }).losses);
    assert.deepEqual(ablated.attention({ text }).weights, model.attention({ text }).weights);
    ablated.dispose();
    ablated.dispose();
    assert.equal(lab.memory().liveLanguageModels, before);
  });

  test('parameters() names every tensor in parameter order, γ as vectors', () => {
    const p = model.parameters();
    assert.deepEqual(Object.keys(p).slice(0, 10), ['embedding', 'layers[0].wQ', 'layers[0].wK', 'layers[0].wV', 'layers[0].wO', 'layers[0].wGate', 'layers[0].wUp', 'layers[0].wDown', 'layers[0].gamma1', 'layers[0].gamma2']);
    assert.equal(Object.keys(p).at(-1), 'finalGamma');
    assert.equal(/** @type {number[][]} */ (p.embedding).length, 258);
    assert.deepEqual(p.finalGamma, Array(16).fill(1));
  });
});

test('making, reading, ablating and disposing models leaves the heap and the handle table as they were', () => {
  const cycle = () => {
    const m = lab.createLanguageModel({ model: SHAPE, seed: 5, merges: [[108, 108]] });
    m.generate({ prompt: 'hello', tokens: 4, seed: 1 });
    m.tokenLosses({ text: 'hello' });
    m.attention({ text: 'hello' });
    m.logitLens({ text: 'hello' });
    m.headScores({ pattern: 'induction' });
    m.parameters();
    const ablated = m.ablate({ layer: 0, head: 1 });
    ablated.tokenLosses({ text: 'hello' });
    ablated.dispose();
    try {
      m.generate({ prompt: 'hello', tokens: 40 });
    } catch {
      // A refused call must free what it made too.
    }
    m.dispose();
  };
  cycle();
  const before = lab.memory();
  for (let k = 0; k < 20; k += 1) cycle();
  assert.deepEqual(lab.memory(), before);
});

describe('refusals name the argument', () => {
  test('options the model cannot take', () => {
    expectAttentionError(() => lab.createLanguageModel({ model: SHAPE, temperature: 1 }), 'temperature', 'temperature: expected one of the options of createLanguageModel (model, seed, merges), got an unknown option');
    expectAttentionError(() => lab.createLanguageModel({ model: { ...SHAPE, heads: 3 } }), 'heads', 'heads: expected a divisor of dModel = 16 leaving an even d_k = dModel / heads (RoPE rotates pairs of columns), got 3');
    expectAttentionError(() => lab.createLanguageModel({ model: { ...SHAPE, tied: 1 } }), 'model.tied', 'model.tied: expected true or false, got 1');
    expectAttentionError(() => lab.createLanguageModel({ model: { ...SHAPE, layers: 1.5 } }), 'model.layers', 'model.layers: expected a whole number from 1 to 1024, got 1.5');
    expectAttentionError(() => lab.createLanguageModel({ model: { dModel: 16 } }), 'model.heads', 'model.heads: expected a whole number from 1 to 1024, got undefined');
    expectAttentionError(() => lab.createLanguageModel({}), 'model', 'model: expected an object with some of dModel, heads, kvHeads, layers, dFF, context, ropeBase, eps, tied, got undefined');
    expectAttentionError(() => lab.createLanguageModel({ model: SHAPE, seed: -1 }), 'seed', 'seed: expected a whole number from 0 to 4294967295, got -1');
    expectAttentionError(() => lab.createLanguageModel({ model: { dModel: 1024, heads: 8, layers: 8, dFF: 1024, context: 64 } }), 'model', 'model: expected a model of at most 16777216 parameters, got 58999808 (vocab 256, dModel 1024, 8 layers, dFF 1024)');
    expectAttentionError(() => lab.createLanguageModel({ model: SHAPE, merges: [[300, 1]] }), 'merges[0][0]', 'merges[0][0]: expected a whole number from 0 to 255, got 300');
  });

  test('requests a model cannot answer', () => {
    expectAttentionError(() => model.generate({ prompt: 'hello', tokens: 22 }), 'count', "count: expected a whole number from 1 to 21 (the model's context of 24 less the prompt's 3 tokens), got 22");
    expectAttentionError(() => model.generate({ prompt: 7, tokens: 2 }), 'prompt', 'prompt: expected a string, got 7');
    expectAttentionError(() => model.generate({ prompt: '', tokens: 2 }), 'prompt', 'prompt: expected a text of 1 to 2048 bytes of UTF-8, got an empty string');
    expectAttentionError(() => model.generate({ prompt: 'hi' }), 'tokens', 'tokens: expected a whole number from 1 to 1024, got undefined');
    expectAttentionError(() => model.generate({ prompt: 'hi', tokens: 2, temperature: -1 }), 'temperature', 'temperature: expected a finite number ≥ 0 (0 is greedy), got -1');
    expectAttentionError(() => model.tokenLosses({ text: 'h' }), 'tokens', "tokens: expected 2 … 24 token ids (the model's context), got 1");
    expectAttentionError(() => model.attention({ words: 'hi' }), 'words', 'words: expected one of the fields of attention (text), got an unknown option');
    expectAttentionError(() => model.headScores({ pattern: 'copying' }), 'pattern', "pattern: expected 'previous-token', 'induction' or 'first-token', got 'copying'");
    expectAttentionError(() => model.headScores({ pattern: 'induction', length: 13 }), 'length', "length: expected 2 … 12 tokens (read twice within the model's context of 24), got 13");
    expectAttentionError(() => model.ablate({ layer: 2, head: 0 }), 'layer', 'layer: expected a layer from 0 to 1, got 2');
    expectAttentionError(() => model.ablate({ layer: 0, head: 4 }), 'head', 'head: expected a head from 0 to 3, got 4');
  });

  test('a disposed model refuses every method, naming it', () => {
    const gone = lab.createLanguageModel({ model: SHAPE });
    gone.dispose();
    expectAttentionError(() => gone.tokenLosses({ text: 'hi' }), 'tokenLosses', 'tokenLosses: expected a language model that is not disposed, got one whose dispose() was called');
    expectAttentionError(() => gone.parameters(), 'parameters', 'parameters: expected a language model that is not disposed, got one whose dispose() was called');
  });
});
