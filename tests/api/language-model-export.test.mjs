// model.exportPyTorch: the script of a language model, run with the system PyTorch (float64),
// prints the logits the engine computes (logitLens's last reading) to 1e-9, for small random
// models (tied and untied, BPE) and for the shipped model; its weights are the model's bit for
// bit; a text longer than the context and a disposed model are refused. The runs are skipped,
// saying why, where /usr/bin/python3 has no torch (Debian's python3-torch).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { after, describe, test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import { pythonRunner } from '../support/python-runner.mjs';

const PYTHON = '/usr/bin/python3';
const HAS_TORCH = spawnSync(PYTHON, ['-c', 'import torch']).status === 0;
const skip = HAS_TORCH ? false : `${PYTHON} cannot import torch (Debian's python3-torch is not installed)`;
const python = pythonRunner(PYTHON, HAS_TORCH ? ['torch'] : []);
after(() => python.close());

const lab = await loadAttentionLab();
const SHAPE = { dModel: 8, heads: 2, kvHeads: 1, layers: 2, dFF: 12, context: 16 };
const models = {
  tied: lab.createLanguageModel({ model: SHAPE, seed: 4, merges: [[104, 101]] }),
  untied: lab.createLanguageModel({ model: { ...SHAPE, heads: 4, kvHeads: 2, dModel: 16, tied: false, ropeBase: 500, eps: 1e-5 }, seed: 9 }),
  shipped: await lab.loadLanguageModel(),
};
after(() => Object.values(models).forEach((m) => m.dispose()));

/** The logits the script prints: one line of numbers per position, under a # line. */
async function scriptLogits(/** @type {string} */ script) {
  const result = await python.run(script);
  assert.equal(result.status, 0, `the script runs:\n${result.stderr}`);
  const lines = result.stdout.split('\n').filter((line) => line && !line.startsWith('#'));
  return lines.map((line) => line.split(' ').map(Number));
}

/** @param {number[][]} a @param {number[][]} b */
const largestDifference = (a, b) => {
  assert.deepEqual([a.length, a[0].length], [b.length, b[0].length]);
  return Math.max(...a.flatMap((row, i) => row.map((x, j) => Math.abs(x - b[i][j]))));
};

describe('the exported script computes the engine\'s logits', () => {
  for (const [name, text] of /** @type {const} */ ([['tied', 'hehe, héllo'], ['untied', 'abcab'], ['shipped', 'ROMEO:\nWhat say you, Juliet?']])) {
    test(`for the ${name} model, to 1e-9`, { skip }, async () => {
      const model = models[name];
      const engine = model.logitLens({ text }).layers.at(-1)?.logits ?? [];
      const difference = largestDifference(await scriptLogits(model.exportPyTorch({ text })), engine);
      assert.ok(difference <= 1e-9, `largest difference ${difference}`);
    });
  }
});

describe('the exported script', () => {
  test('holds the model\'s weights bit for bit and the text\'s tokens', () => {
    const model = models.untied;
    const script = model.exportPyTorch({ text: 'abcab' });
    assert.ok(script.includes(`TOKENS = [${model.tokenize('abcab').tokens.join(', ')}]`));
    const block = script.match(/"layers\[1\]\.wUp": tensor\((\d+), (\d+), \(\n((?: {8}'[^']*'\n)+)/);
    assert.ok(block, 'layers[1].wUp is in the script');
    const bytes = Buffer.from(block[3].replace(/[\s']/g, ''), 'base64');
    const values = Array.from({ length: bytes.length / 8 }, (_, i) => bytes.readDoubleLE(8 * i));
    assert.deepEqual(values, model.parameters()['layers[1].wUp'].flat());
    assert.deepEqual([Number(block[1]), Number(block[2])], [16, 12]);
  });

  test('of a text longer than the context, or of a disposed model, is refused', () => {
    assert.throws(() => models.tied.exportPyTorch({ text: 'x'.repeat(17) }), {
      name: 'AttentionError', message: "text: expected at most 16 tokens (the model's context), got 17 tokens",
    });
    const gone = lab.createLanguageModel({ model: SHAPE });
    gone.dispose();
    assert.throws(() => gone.exportPyTorch({ text: 'a' }), { name: 'AttentionError', message: /^exportPyTorch: expected a language model that is not disposed/ });
  });
});
