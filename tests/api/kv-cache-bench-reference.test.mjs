// The decoding part of `npm run bench` compares the engine with a PyTorch decoder
// (scripts/bench/engine/torch_decode.py) only after checking that both decode the same rows and
// hold the same cache. These tests run that check on small sizes, for every layer it times and
// past the wrap of the window's ring, so a change on either side that breaks the comparison
// fails here and not halfway into a benchmark run. No timing is asserted.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { loadLib } from '../../scripts/bench/engine/contenders.mjs';
import { checkDecodeSizes, DECODE_AGREEMENT, DECODE_CONFIGS, startDecode } from '../../scripts/bench/engine/decode.mjs';

const LIB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/lib');
const TORCH = spawnSync('/usr/bin/python3', ['-c', 'import torch'], { encoding: 'utf8' }).status === 0;

test('the benchmark\'s PyTorch decoder decodes what kvCacheDecode decodes, and holds the cache kvCacheMemory counts', { timeout: 120_000, skip: TORCH ? false : '/usr/bin/python3 has no torch (apt install python3-torch)' }, async () => {
  const lib = await loadLib(LIB);
  // d_model 16, 8 heads: d_k 2; 80 rows pass the window's 4 sinks + 64 slots, so the ring wraps.
  const options = { decodeContexts: [3, 80], decodeDModel: 16, nativeBin: '', explicitContenders: true };
  const run = await startDecode(options, ['wasmKernel', 'torch'], lib, () => {});
  try {
    assert.deepEqual(run.active.map((c) => c.id), ['wasmKernel', 'torch']);
    assert.equal(Object.keys(run.checks).length, DECODE_CONFIGS.length * 2);
    for (const [key, check] of Object.entries(run.checks)) {
      assert.ok(check.torchVsWasmMaxAbsDiff <= DECODE_AGREEMENT, `${key}: ${check.torchVsWasmMaxAbsDiff}`);
    }
    // 2 · held rows · kvHeads · d_k · 8 bytes: all 80 rows, or the 4 sinks and 64 recent ones.
    assert.equal(run.checks['mha:80'].cacheBytes, 2 * 80 * 8 * 2 * 8);
    assert.equal(run.checks['gqa:80'].cacheBytes, 2 * 80 * 2 * 2 * 8);
    assert.equal(run.checks['mqa:80'].cacheBytes, 2 * 80 * 1 * 2 * 8);
    assert.equal(run.checks['window:80'].cacheBytes, 2 * 68 * 8 * 2 * 8);
    assert.equal(run.checks['window:3'].cacheBytes, run.checks['mha:3'].cacheBytes);
  } finally {
    run.stop();
  }
});

test('the decoding part refuses a context kvCacheDecode would refuse, before starting anything', () => {
  assert.doesNotThrow(() => checkDecodeSizes([45, 90, 180], 64));
  assert.throws(() => checkDecodeSizes([45, 181], 64), {
    message: '--decode-contexts: kvCacheDecode holds at most 2097152 cached numbers over a decode (n·(n+1)·d_model), so n ≤ 180 at d_model 64; got 181',
  });
  assert.throws(() => checkDecodeSizes([10], 60), { message: '--decode-d-model: expected a multiple of 8 (the heads), got 60' });
});
