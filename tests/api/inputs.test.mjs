// Seeded inputs: randomMatrix and embedTokens. The known answers below are asserted bit for bit:
// the WebAssembly module gives the same numbers wherever it runs (the Catch2 suite asserts the
// same values against the native build, to within one unit in the last place).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import { assertMatrix, assertPlainData } from '../support/arrays.mjs';

const lab = await loadAttentionLab();

/** Mean and population variance of every number in a matrix (test-side statistics). */
function moments(/** @type {number[][]} */ m) {
  const all = m.flat();
  const mean = all.reduce((a, b) => a + b, 0) / all.length;
  return { mean, variance: all.reduce((a, x) => a + (x - mean) ** 2, 0) / all.length };
}

describe('randomMatrix', () => {
  test('seed 0 gives the known first normal draws, as plain rows × cols arrays', () => {
    const m = lab.randomMatrix({ rows: 2, cols: 4 });
    assertMatrix(m, 2, 4);
    assertPlainData(m);
    assert.deepEqual(m, [
      [-1.5484805470327818, 0.5430913409360393, 0.2683912630614055, 0.20964487088632447],
      [0.5650034493360651, -1.1318515226908998, 0.19172219229289986, 0.6254317966854571],
    ]);
  });

  test('defaults are normal, scale 1, seed 0', () => {
    assert.deepEqual(lab.randomMatrix({ rows: 3, cols: 3 }), lab.randomMatrix({ rows: 3, cols: 3, seed: 0, distribution: 'normal', scale: 1 }));
  });

  test('the same seed gives the same matrix in a second lab; another seed another matrix', async () => {
    const other = await loadAttentionLab();
    assert.deepEqual(other.randomMatrix({ rows: 4, cols: 5, seed: 77 }), lab.randomMatrix({ rows: 4, cols: 5, seed: 77 }));
    assert.notDeepEqual(lab.randomMatrix({ rows: 4, cols: 5, seed: 78 }), lab.randomMatrix({ rows: 4, cols: 5, seed: 77 }));
  });

  test('draws fill row by row, so a smaller matrix is a prefix of a larger one', () => {
    const wide = lab.randomMatrix({ rows: 1, cols: 12, seed: 5 }).flat();
    assert.deepEqual(lab.randomMatrix({ rows: 3, cols: 3, seed: 5 }).flat(), wide.slice(0, 9));
  });

  test('a normal matrix of 65,536 draws has mean ≈ 0 and variance ≈ scale²', () => {
    const { mean, variance } = moments(lab.randomMatrix({ rows: 256, cols: 256, seed: 2, scale: 3 }));
    assert.ok(Math.abs(mean) < 0.05, `mean ${mean}`);
    assert.ok(Math.abs(variance / 9 - 1) < 0.02, `variance ${variance}`);
  });

  test('uniform draws lie in [−scale, scale) with variance ≈ scale²/3', () => {
    const m = lab.randomMatrix({ rows: 200, cols: 200, distribution: 'uniform', scale: 2 });
    for (const x of m.flat()) assert.ok(x >= -2 && x < 2, `${x}`);
    const { variance } = moments(m);
    assert.ok(Math.abs(variance / (4 / 3) - 1) < 0.02, `variance ${variance}`);
  });
});

describe('embedTokens', () => {
  const sentence = 'the cat sat on the mat'.split(' ');

  test('"the cat sat on the mat": five distinct tokens, and both "the" rows are identical', () => {
    const t = lab.embedTokens({ tokens: sentence, dModel: 8 });
    assert.deepEqual(t.tokens, sentence);
    assert.deepEqual(t.vocabulary, ['the', 'cat', 'sat', 'on', 'mat']);
    assert.deepEqual(t.ids, [0, 1, 2, 3, 0, 4]);
    assertMatrix(t.table, 5, 8, 'table');
    assertMatrix(t.embeddings, 6, 8, 'embeddings');
    assert.deepEqual(t.embeddings[4], t.embeddings[0]);
    t.ids.forEach((id, i) => assert.deepEqual(t.embeddings[i], t.table[id]));
    assertPlainData(t);
  });

  test('seed 0 gives the known row for "the"', () => {
    assert.deepEqual(lab.embedTokens({ tokens: ['the'], dModel: 4 }).table, [[-0.49537565812744716, 1.31992320044661, -0.5706962113045015, 0.8203355887350199]]);
  });

  test('a token\'s row does not depend on the other tokens, only on the seed', () => {
    const alone = lab.embedTokens({ tokens: ['cat'], dModel: 6 }).table[0];
    assert.deepEqual(lab.embedTokens({ tokens: sentence, dModel: 6 }).table[1], alone);
    assert.deepEqual(lab.embedTokens({ tokens: ['dog', 'cat'], dModel: 6 }).table[1], alone);
    assert.notDeepEqual(lab.embedTokens({ tokens: ['cat'], dModel: 6, seed: 1 }).table[0], alone);
  });

  test('tokens are compared and hashed as UTF-8: é, a cat emoji and case all count', () => {
    const t = lab.embedTokens({ tokens: ['café', 'cafe', 'Café', '🐱', 'café'], dModel: 3 });
    assert.deepEqual(t.vocabulary, ['café', 'cafe', 'Café', '🐱']);
    assert.deepEqual(t.ids, [0, 1, 2, 3, 0]);
    assert.equal(new Set(t.table.map((row) => row.join())).size, 4, 'four different rows');
  });
});
