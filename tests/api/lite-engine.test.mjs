// The lite engine, loadAttentionLab({ training: false }): the page's landing engine, compiled for
// size without the trainer. It must be the same engine in every other respect: the same
// operations, and the same numbers, bit for bit, on every golden fixture.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';

import { AttentionError, loadAttentionLab } from 'attention-lab';

import { loadDescriptions } from '../../scripts/engine-descriptions.mjs';
import { loadFixtureFiles, runCase } from '../support/fixtures.mjs';

const LITE_WASM = new URL('wasm/attention-lite.wasm', import.meta.resolve('attention-lab'));
const FULL_WASM = new URL('wasm/attention-core.wasm', import.meta.resolve('attention-lab'));

const full = await loadAttentionLab();
const lite = await loadAttentionLab({ training: false });

// What the first lessons ask for: the operations whose description says `lite = true`
// (cpp/include/attn/describe/), which lite_operations in operations.hpp collects.
const LITE_OPERATIONS = loadDescriptions().filter((op) => op.lite).map((op) => op.name);
const FULL_ONLY = /^(\w+): expected the full engine \(loadAttentionLab\(\) or \{ training: true \}\), got the lite engine \(\{ training: false \}\)/;

test('the lite engine\'s API has every name the full one has', () => {
  assert.deepEqual(Object.keys(lite).sort(), Object.keys(full).sort());
});

test('the lite engine gives the same numbers as the full one, bit for bit, on every golden fixture case of its operations, and refuses the others naming the full engine', () => {
  let cases = 0;
  const absent = new Set();
  for (const { file, cases: fixtureCases } of loadFixtureFiles()) {
    for (const c of fixtureCases) {
      let fromFull;
      let fromLite;
      try {
        fromFull = runCase(full, file, c);
      } catch (error) {
        fromFull = { refused: String(error) };
      }
      try {
        fromLite = runCase(lite, file, c);
      } catch (error) {
        const missing = error instanceof AttentionError && FULL_ONLY.exec(error.message);
        if (missing) {
          assert.equal(error.argument, missing[1]);
          absent.add(missing[1]);
          continue;
        }
        fromLite = { refused: String(error) };
      }
      assert.deepEqual(fromLite, fromFull, `${file}: ${c.name}`);
      cases += 1;
    }
  }
  assert.ok(cases >= 60, `only ${cases} fixture cases compared`);
  for (const name of absent) assert.ok(!LITE_OPERATIONS.includes(name), `${name} is a lite operation, yet the lite engine refused it`);
  assert.ok(absent.has('flashAttention') && absent.has('attentionBackward'), `refused: ${[...absent].join(', ')}`);
});

test('the lite engine binds exactly the first lessons\' operations; every other one throws an AttentionError naming the full engine', () => {
  const operations = Object.keys(full).filter((name) => typeof full[name] === 'function' && !['createTrainer', 'createLanguageModel', 'loadLanguageModel', 'memory'].includes(name));
  const bound = operations.filter((name) => {
    try {
      lite[name]({});
      return true;
    } catch (error) {
      assert.ok(error instanceof AttentionError, `${name}: ${error}`);
      return !FULL_ONLY.test(error.message);
    }
  });
  assert.ok(LITE_OPERATIONS.length > 0 && LITE_OPERATIONS.length < operations.length, `${LITE_OPERATIONS.length} of ${operations.length} described as lite`);
  assert.deepEqual(bound.sort(), [...LITE_OPERATIONS].sort());
});

test('the lite engine is the smaller file (it is what the page loads on landing)', async () => {
  const [liteBytes, fullBytes] = await Promise.all([readFile(LITE_WASM), readFile(FULL_WASM)]);
  assert.ok(liteBytes.length < fullBytes.length, `lite ${liteBytes.length} B, full ${fullBytes.length} B`);
});

test('createTrainer on the lite engine throws an AttentionError that says how to load one with the trainer', () => {
  assert.throws(
    () => lite.createTrainer({ task: 'reverse' }),
    (error) => error instanceof AttentionError && error.argument === 'createTrainer' && /loadAttentionLab\(\)/.test(error.message),
  );
  assert.equal(lite.memory().liveTrainers, 0);
});

test('createLanguageModel on the lite engine throws an AttentionError naming the full engine', () => {
  assert.throws(
    () => lite.createLanguageModel({ model: { dModel: 8, heads: 2, layers: 1, dFF: 8, context: 8 } }),
    (error) => error instanceof AttentionError && error.argument === 'createLanguageModel' && /loadAttentionLab\(\)/.test(error.message),
  );
  assert.equal(lite.memory().liveLanguageModels, 0);
});

test('loadLanguageModel on the lite engine rejects with an AttentionError naming the full engine', async () => {
  await assert.rejects(
    lite.loadLanguageModel(),
    (error) => error instanceof AttentionError && error.argument === 'loadLanguageModel' && /loadAttentionLab\(\)/.test(error.message),
  );
});

test('loadAttentionLab({ training: false, locateFile }) asks for attention-lite.wasm', async () => {
  const asked = [];
  const lab = await loadAttentionLab({
    training: false,
    locateFile: (file) => {
      asked.push(file);
      return LITE_WASM.href;
    },
  });
  assert.deepEqual(asked, ['attention-lite.wasm']);
  assert.equal(lab.attention({ query: [[1, 2]], key: [[1, 0], [0, 1], [1, 1]], value: [[0.5, 0.3], [0.8, 0.2], [0.1, 0.9]] }).output[0].length, 2);
});

test('a training option that is not a boolean rejects naming training', async () => {
  for (const training of ['no', 0]) {
    await assert.rejects(loadAttentionLab({ training }), (error) => error instanceof AttentionError && error.argument === 'training');
  }
});

test('a missing lite wasm is reported with the lite file name', async () => {
  await assert.rejects(
    loadAttentionLab({ training: false, wasmUrl: new URL('missing/attention-lite.wasm', import.meta.url) }),
    (error) => error instanceof AttentionError && error.argument === 'wasmUrl' && error.message.includes("engine's attention-lite.wasm"),
  );
});
