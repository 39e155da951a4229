// Position in attention: adding the encoding, how alike positions' encodings are, and the
// permutation test that shows self-attention cannot see order without them.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import { assertMatrix, assertPlainData, assertVector, grid } from '../support/arrays.mjs';

const lab = await loadAttentionLab();

describe('addPositionalEncoding', () => {
  test('output is input + PE cell by cell, and encoding is positionalEncoding of the same shape', () => {
    const input = grid(4, 6);
    const t = lab.addPositionalEncoding({ input });
    assert.deepEqual(t.encoding, lab.positionalEncoding({ length: 4, dModel: 6 }));
    assertMatrix(t.output, 4, 6, 'output');
    t.output.forEach((row, i) => row.forEach((x, j) => assert.equal(x, input[i][j] + t.encoding[i][j])));
  });

  test('after adding PE the two "the" embeddings of the cat sentence differ', () => {
    const { embeddings } = lab.embedTokens({ tokens: 'the cat sat on the mat'.split(' '), dModel: 8 });
    const { output } = lab.addPositionalEncoding({ input: embeddings });
    assert.deepEqual(embeddings[0], embeddings[4]);
    assert.notDeepEqual(output[0], output[4]);
  });
});

describe('positionSimilarity', () => {
  test('similarity is PE·PEᵀ, symmetric, with d/2 on the diagonal for even d', () => {
    const t = lab.positionSimilarity({ length: 6, dModel: 8 });
    assertMatrix(t.similarity, 6, 6, 'similarity');
    assertMatrix(t.cosine, 6, 6, 'cosine');
    assertVector(t.norms, 6, 'norms');
    assert.deepEqual(t.encoding, lab.positionalEncoding({ length: 6, dModel: 8 }));
    for (let i = 0; i < 6; i += 1) {
      assert.ok(Math.abs(t.similarity[i][i] - 4) < 1e-12);
      for (let j = 0; j < 6; j += 1) assert.equal(t.similarity[i][j], t.similarity[j][i]);
    }
    assertPlainData(t);
  });

  test('cosine has exactly 1 on the diagonal, and nearer positions are more alike (S1.13: 1 vs 2 vs 100)', () => {
    const t = lab.positionSimilarity({ length: 101, dModel: 8 });
    t.cosine.forEach((row, i) => assert.equal(row[i], 1));
    assert.ok(t.cosine[1][2] > t.cosine[1][100], `${t.cosine[1][2]} > ${t.cosine[1][100]}`);
    for (const x of t.cosine.flat()) assert.ok(Math.abs(x) <= 1);
  });
});

describe('permutationTest', () => {
  const input = grid(5, 8, 4);
  const permutation = [4, 2, 0, 1, 3];

  test('without positional encoding the realigned output equals the output up to rounding', () => {
    const t = lab.permutationTest({ input, permutation, heads: 2, positionalEncoding: false });
    assert.deepEqual(t.permutation, permutation);
    assert.deepEqual(t.input, input);
    assert.deepEqual(t.permutedInput, permutation.map((p) => input[p]));
    for (const name of /** @type {const} */ (['output', 'permutedOutput', 'realigned'])) assertMatrix(t[name], 5, 8, name);
    permutation.forEach((p, i) => assert.deepEqual(t.realigned[p], t.permutedOutput[i]));
    assert.ok(t.maxDifference < 1e-14, `maxDifference ${t.maxDifference}`);
    assert.deepEqual(t.output, lab.multiHeadAttention({ query: input, key: input, value: input, heads: 2 }).output);
  });

  test('with positional encoding the tokens move but positions stay, and the outputs clearly differ', () => {
    const t = lab.permutationTest({ input, permutation, heads: 2, seed: 3, positionalEncoding: true });
    const pe = lab.positionalEncoding({ length: 5, dModel: 8 });
    assert.deepEqual(t.input, lab.addPositionalEncoding({ input }).output);
    assert.deepEqual(t.permutedInput, lab.addPositionalEncoding({ input: permutation.map((p) => input[p]) }).output);
    assert.deepEqual(t.permutedInput[0], input[4].map((x, j) => x + pe[0][j]));
    assert.ok(t.maxDifference > 1e-3, `maxDifference ${t.maxDifference}`);
  });
});
