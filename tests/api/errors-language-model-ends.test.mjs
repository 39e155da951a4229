// The refusals of embeddingLookup, nextTokenLoss and their backwards through the wasm build: each an AttentionError
// whose message names the argument, asserted on its real text.
import { describe, test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import { expectAttentionError } from '../support/expect-error.mjs';

const lab = await loadAttentionLab();
/** Calls the API with arguments the type declarations would refuse, as plain JS users can. */
const untyped = /** @type {any} */ (lab);

// A vocabulary of 3 tokens, d_model 2.
const embedding = [[1, 0], [0, 1], [0.5, -0.5]];
const lookup = { tokens: [2, 0, 2], embedding };
const loss = { hidden: [[1, 2], [0, -1]], unembedding: embedding, targets: [1, 2] };

describe('embeddingLookup', () => {
  test('a call without an argument object names the operation and what it needs', () => {
    expectAttentionError(() => untyped.embeddingLookup(null), 'embeddingLookup', 'embeddingLookup: expected one object argument with tokens, embedding, got null');
  });

  test('a token id outside the vocabulary names its position and the vocabulary size', () => {
    expectAttentionError(() => lab.embeddingLookup({ ...lookup, tokens: [0, 3] }), 'tokens[1]', 'tokens[1]: expected a token id, a whole number from 0 to 2 (embedding has 3 rows, one per token), got 3');
    expectAttentionError(() => lab.embeddingLookup({ ...lookup, tokens: [-1] }), 'tokens[0]', 'tokens[0]: expected a token id, a whole number from 0 to 2 (embedding has 3 rows, one per token), got -1');
    expectAttentionError(() => lab.embeddingLookup({ ...lookup, tokens: [0.5] }), 'tokens[0]', 'tokens[0]: expected a token id, a whole number from 0 to 2 (embedding has 3 rows, one per token), got 0.5');
  });

  test('no tokens at all, or a table cell that is not finite, names the argument', () => {
    expectAttentionError(() => lab.embeddingLookup({ ...lookup, tokens: [] }), 'tokens', 'tokens: expected an array with at least one number, got an empty array');
    expectAttentionError(() => lab.embeddingLookup({ ...lookup, embedding: [[1, 0], [NaN, 1]] }), 'embedding[1][0]', 'embedding[1][0]: expected a finite number, got NaN');
  });
});

describe('embeddingLookupBackward', () => {
  test('the forward\'s arguments are refused as embeddingLookup refuses them', () => {
    expectAttentionError(() => lab.embeddingLookupBackward({ ...lookup, tokens: [3, 0, 2], gradOutput: [[1, 1], [1, 1], [1, 1]] }), 'tokens[0]', 'tokens[0]: expected a token id, a whole number from 0 to 2 (embedding has 3 rows, one per token), got 3');
  });

  test('a gradOutput of another shape, or rows that overflow when added, names gradOutput', () => {
    expectAttentionError(() => lab.embeddingLookupBackward({ ...lookup, gradOutput: [[1, 1]] }), 'gradOutput', 'gradOutput: expected a matrix of shape 3×2 (n × d_model, one row per token), got 1×2');
    expectAttentionError(() => lab.embeddingLookupBackward({ ...lookup, gradOutput: [[1e308, 0], [0, 0], [1e308, 0]] }), 'gradOutput', 'gradOutput: expected values small enough for gradEmbedding to stay within double range, got gradEmbedding[2][0] = Infinity');
  });
});

describe('nextTokenLoss', () => {
  test('a call without an argument object names the operation and what it needs', () => {
    expectAttentionError(() => untyped.nextTokenLoss(null), 'nextTokenLoss', 'nextTokenLoss: expected one object argument with hidden, unembedding, targets, got null');
  });

  test('a target outside the vocabulary names its row and the vocabulary size', () => {
    expectAttentionError(() => lab.nextTokenLoss({ ...loss, targets: [1, 3] }), 'targets[1]', 'targets[1]: expected a token id, a whole number from 0 to 2 (unembedding has 3 rows, one per token), got 3');
  });

  test('targets not one per row, or an unembedding of another width, name the argument', () => {
    expectAttentionError(() => lab.nextTokenLoss({ ...loss, targets: [1] }), 'targets', 'targets: expected 2 numbers (one target per row of hidden), got 1');
    expectAttentionError(() => lab.nextTokenLoss({ ...loss, unembedding: [[1, 0, 0]] }), 'unembedding', 'unembedding: expected a matrix of shape 1×2 (vocab × d_model, d_model the width of hidden), got 1×3');
  });

  test('logits that overflow name hidden', () => {
    expectAttentionError(() => lab.nextTokenLoss({ hidden: [[1e200]], unembedding: [[1e200]], targets: [0] }), 'hidden', 'hidden: expected values small enough for logits to stay within double range, got logits[0][0] = Infinity');
  });
});

describe('nextTokenLossBackward', () => {
  test('the forward\'s arguments are refused as nextTokenLoss refuses them', () => {
    expectAttentionError(() => untyped.nextTokenLossBackward(null), 'nextTokenLossBackward', 'nextTokenLossBackward: expected one object argument with hidden, unembedding, targets, got null');
    expectAttentionError(() => lab.nextTokenLossBackward({ ...loss, hidden: [[1, Infinity], [0, 0]] }), 'hidden[0][1]', 'hidden[0][1]: expected a finite number, got Infinity');
  });

  test('an unembedding so large that gradHidden overflows names unembedding', () => {
    expectAttentionError(() => lab.nextTokenLossBackward({ hidden: [[-1e-307]], unembedding: [[1e308], [-1e308]], targets: [0] }), 'unembedding', /^unembedding: expected values small enough for gradHidden to stay within double range/);
  });
});
