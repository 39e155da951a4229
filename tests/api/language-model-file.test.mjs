// lab.loadLanguageModel: the model the project ships (web/lib/models/shakespeare.bin, trained by
// scripts/train-language-model.sh) read from the package, checked against the report the same
// run wrote (docs/language-model-report.json) without recomputing its held-out figures: its
// config and vocabulary, its greedy continuation of "ROMEO:", its losses on a line of the corpus
// and on a repeated random string (the induction figure), and the induction head headScores
// finds; then every way a file can be wrong, each refused with a message naming the part at
// fault. docs/language-model.md says what the file holds.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, describe, test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import { assertAttentionError } from '../support/expect-error.mjs';

const lab = await loadAttentionLab();
const REPORT = JSON.parse(readFileSync(new URL('../../docs/language-model-report.json', import.meta.url), 'utf8'));
const FILE_URL = new URL('../../web/lib/models/shakespeare.bin', import.meta.url);
const FILE = new Uint8Array(readFileSync(FILE_URL));
const model = await lab.loadLanguageModel();
after(() => model.dispose());

const mean = (/** @type {number[]} */ xs) => xs.reduce((a, b) => a + b, 0) / xs.length;

describe('the shipped model', () => {
  test('has the config and the vocabulary of the report', () => {
    assert.deepEqual(model.config(), REPORT.config);
    assert.deepEqual(model.tokenizer(), { kind: 'character', vocabulary: REPORT.corpus.vocabulary });
    assert.deepEqual(model.tokenize('ROMEO:').pieces, [...'ROMEO:']);
  });

  test('continues "ROMEO:" at temperature 0 as the report\'s greedy sample does', () => {
    // The report's sample reads a window of the last 128 characters; the first 122 fit the context.
    const drawn = model.generate({ prompt: 'ROMEO:', tokens: 122, temperature: 0 });
    assert.equal(`ROMEO:${drawn.text}`, REPORT.greedySample.slice(0, 128));
  });

  test('predicts a line of the corpus better than the report\'s bigram model', () => {
    const { losses, loss } = model.tokenLosses({ text: 'First Citizen:\nBefore we proceed any further, hear me speak.' });
    assert.equal(losses.length, 59);
    assert.ok(loss < REPORT.bigram.heldOutLoss - 0.5, `loss ${loss}, bigram ${REPORT.bigram.heldOutLoss}`);
  });

  test('copies a random string it reads a second time, at every length the report measured', () => {
    const vocabulary = REPORT.corpus.vocabulary;
    let state = 12345; // a linear congruential generator: the same strings every run
    const draw = () => {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      return vocabulary[(state >>> 8) % vocabulary.length];
    };
    assert.ok(REPORT.induction.lengths.length >= 3, 'the figure is measured at several lengths');
    for (const { length: L, ratio: reported } of REPORT.induction.lengths) {
      const ratios = [0, 1, 2, 3].map(() => {
        const string = Array.from({ length: L }, draw).join('');
        const { losses } = model.tokenLosses({ text: string + string });
        // Each copy scored on its characters 2 … L (losses[i] is the loss of character i + 1).
        return mean(losses.slice(L, 2 * L - 1)) / mean(losses.slice(0, L - 1));
      });
      const ratio = mean(ratios);
      assert.ok(ratio < 0.5, `length ${L}: ratio ${ratio}`);
      assert.ok(Math.abs(ratio - reported) < 0.15, `length ${L}: ratio ${ratio}, report ${reported}`);
    }
  });

  test('has an induction head in its second layer at every length, and switching it off undoes the copying', () => {
    for (const { length } of REPORT.induction.lengths) {
      const scores = model.headScores({ pattern: 'induction', length });
      const best = Math.max(...scores.scores[1]);
      assert.ok(best > 0.3, `length ${length}: best induction score ${best}`);
      assert.ok(Math.max(...scores.scores[0]) < best);
      const ablated = model.ablate({ layer: 1, head: scores.scores[1].indexOf(best) });
      try {
        const without = ablated.headScores({ pattern: 'induction', length });
        assert.ok(without.secondCopyLoss > 1.5 * scores.secondCopyLoss, `length ${length}: ${without.secondCopyLoss} vs ${scores.secondCopyLoss}`);
      } finally {
        ablated.dispose();
      }
    }
  });

  test('loads the same from a file: URL, an ArrayBuffer and a Uint8Array', async () => {
    const embedding = model.parameters().embedding;
    for (const source of [FILE_URL, String(FILE_URL), FILE.slice().buffer, FILE]) {
      const again = await lab.loadLanguageModel(source);
      assert.deepEqual(again.parameters().embedding, embedding);
      again.dispose();
    }
  });
});

describe('a file that is not a model file is refused naming what is wrong', () => {
  const header = JSON.parse(new TextDecoder().decode(FILE.subarray(0, FILE.indexOf(10))));
  const headerBytes = FILE.indexOf(10) + 1;
  const count = FILE.length - headerBytes;
  /** The file with another header, padded as the format asks. */
  const withHeader = (/** @type {object} */ changed) => {
    let text = JSON.stringify(changed);
    text += ' '.repeat(7 - (text.length % 8));
    return new Uint8Array([...new TextEncoder().encode(`${text}\n`), ...FILE.subarray(headerBytes)]);
  };
  /** @param {unknown} source @param {string} argument @param {string} message */
  const refused = async (source, argument, message) => {
    const live = lab.memory().liveLanguageModels;
    await assert.rejects(lab.loadLanguageModel(/** @type {any} */ (source)), (error) => {
      assertAttentionError(error, argument);
      assert.equal(/** @type {Error} */ (error).message, message);
      return true;
    });
    assert.equal(lab.memory().liveLanguageModels, live, 'a refused file holds no model');
  };

  test('a file cut short', () => refused(FILE.subarray(0, FILE.length - 1000), 'source',
    `source: expected ${count / 8} numbers (${count} bytes) after the header, got ${count - 1000} bytes (a file cut short?)`));
  test('another format', () => refused(withHeader({ ...header, format: 'GGUF' }), 'source.format',
    "source.format: expected 'attention-lab language model' (an Attention Lab language model file), got 'GGUF'"));
  test('another version', () => refused(withHeader({ ...header, version: 2 }), 'source.version',
    'source.version: expected 1 (the version this engine reads), got 2'));
  test('bytes that are not a model file at all', () => refused(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]), 'source',
    'source: expected an Attention Lab language model file (a line of JSON, then the numbers), got a file whose first line is not a JSON object'));
  test('a header field of the wrong type', () => refused(withHeader({ ...header, config: { ...header.config, dModel: '64' } }), 'source.config.dModel',
    'source.config.dModel: expected a number, got string'));
  test('a tensor missing from the list', () => refused(withHeader({ ...header, tensors: header.tensors.slice(1) }), 'source.tensors',
    `source.tensors: expected ${header.tensors.length} tensors (those of a model of the file's config), got ${header.tensors.length - 1}`));
  test('a vocabulary that does not fit the config', () => refused(
    withHeader({ ...header, tokenizer: { kind: 'character', vocabulary: header.tokenizer.vocabulary.slice(1) } }),
    'source.tokenizer.vocabulary', 'source.tokenizer.vocabulary: expected 65 characters (one per token), got 64'));
  test('a number that is not finite', () => {
    const broken = FILE.slice();
    new DataView(broken.buffer).setFloat64(headerBytes + 8 * 5, Infinity, true);
    return refused(broken, 'source.embedding', 'source.embedding: expected finite numbers, got Infinity at cell 5');
  });
  test('a URL with nothing there', () => refused(new URL('./no-such-model.bin', FILE_URL), 'source',
    `source: expected a language model file at ${new URL('./no-such-model.bin', FILE_URL)}, got an error reading it (ENOENT: no such file or directory, open '${new URL('./no-such-model.bin', FILE_URL).pathname}')`));
  test('a source of another kind', () => refused(42, 'source',
    'source: expected a URL (a string or URL object), an ArrayBuffer or a Uint8Array, or nothing for the model the project ships, got 42'));

  test('loading, refusing and disposing leave the heap and the handles as they were', async () => {
    const cycle = async () => {
      (await lab.loadLanguageModel(FILE)).dispose();
      await assert.rejects(lab.loadLanguageModel(FILE.subarray(0, 4000)));
      await assert.rejects(lab.loadLanguageModel(withHeader({ ...header, version: 3 })));
    };
    await cycle(); // the first cycle may grow the heap's free lists
    const { heapBytesInUse, liveHandles, liveLanguageModels } = lab.memory();
    for (let k = 0; k < 3; k++) await cycle();
    assert.deepEqual(
      [lab.memory().heapBytesInUse, lab.memory().liveHandles, lab.memory().liveLanguageModels],
      [heapBytesInUse, liveHandles, liveLanguageModels],
    );
  });

  test('a character outside the vocabulary, in text or in a prompt', () => {
    assert.throws(() => model.tokenize('naïve'), { name: 'AttentionError', message: "text: expected characters of the model's vocabulary (65 characters), got 'ï' at character 2" });
    assert.throws(() => model.generate({ prompt: 'Ω', tokens: 1 }), { name: 'AttentionError', message: "prompt: expected characters of the model's vocabulary (65 characters), got 'Ω' at character 0" });
  });
});
