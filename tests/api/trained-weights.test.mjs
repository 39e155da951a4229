// The trained weights the page ships (web/src/model/trained-reverse.json) are what the engine's
// trainer makes: running scripts/trained-weights.mjs again, on this build, gives the same file,
// byte for byte. A change to what the trainer computes fails here until the file is made again
// (bash scripts/build.sh wasm && node scripts/trained-weights.mjs).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import { OUT, SOURCE, trainedWeightsFile } from '../../scripts/trained-weights.mjs';

test('the shipped trained weights are reproduced, byte for byte, by the script that made them', async () => {
  const shipped = readFileSync(OUT, 'utf8');
  const made = trainedWeightsFile(await loadAttentionLab());
  assert.ok(made === shipped, `${OUT} is not what scripts/trained-weights.mjs makes with this engine: run node scripts/trained-weights.mjs`);
  const file = JSON.parse(shipped);
  assert.deepEqual(file.source, SOURCE);
  assert.equal(file.config.task, 'reverse');
  assert.equal(file.evaluation.accuracy, 1, 'the shipped model has learned its task');
  assert.deepEqual(Object.keys(file.parameters).filter((name) => !name.startsWith('layer0.')), []);
});
