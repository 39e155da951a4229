// lab.measureCost through the wasm build: the fields and shapes of a measurement, the
// multiply-add and peak-memory formulas of each variant, and the refusals. Never a timing
// threshold: the times are only checked to be times.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import { expectAttentionError } from '../support/expect-error.mjs';

const lab = await loadAttentionLab();

describe('measureCost', () => {
  test('a measurement has the variant, n, d, one time per repeat, peakCells and multiplyAdds', () => {
    const m = lab.measureCost({ variant: 'full', n: 40, d: 8, repeats: 4 });
    assert.deepEqual(Object.keys(m).sort(), ['d', 'multiplyAdds', 'n', 'peakCells', 'seconds', 'variant']);
    assert.equal(m.variant, 'full');
    assert.equal(m.n, 40);
    assert.equal(m.d, 8);
    assert.equal(m.seconds.length, 4);
    for (const s of m.seconds) assert.ok(Number.isFinite(s) && s >= 0, `seconds: ${s}`);
  });

  test('d and repeats default to 64 and 3', () => {
    const m = lab.measureCost({ variant: 'full', n: 16 });
    assert.equal(m.d, 64);
    assert.equal(m.seconds.length, 3);
  });

  test("full attention keeps n² cells and does 2·n²·d multiply-adds", () => {
    for (const n of [1, 17, 256]) {
      const m = lab.measureCost({ variant: 'full', n, d: 16, repeats: 1 });
      assert.equal(m.peakCells, n * n);
      assert.equal(m.multiplyAdds, 2 * n * n * 16);
    }
  });

  test('every variant is measured, each with its own peak cells and multiply-adds', () => {
    const n = 96;
    const d = 16;
    const measured = Object.fromEntries(['full', 'flash', 'chunked', 'linear', 'sparse', 'rnn']
      .map((variant) => [variant, lab.measureCost({ variant, n, d, repeats: 1, block: 16, window: 4 })]));
    for (const [variant, m] of Object.entries(measured)) {
      assert.equal(m.variant, variant);
      assert.equal(m.seconds.length, 1);
    }
    assert.equal(measured.full.peakCells, n * n);
    for (const variant of ['flash', 'chunked', 'linear', 'sparse', 'rnn']) {
      assert.ok(measured[variant].peakCells < n * n, `${variant}: ${measured[variant].peakCells}`);
    }
    assert.equal(measured.flash.multiplyAdds, 2 * n * n * d + n * (n / 16) * d);
    assert.equal(measured.linear.multiplyAdds, 2 * n * d * d + 2 * n * d);
    assert.equal(measured.rnn.multiplyAdds, 2 * n * d * d);
    assert.equal(measured.rnn.peakCells, n * d);
    // A window of ±4 over 96 tokens: 9 keys per row but fewer in the first and last 4 rows.
    assert.equal(measured.sparse.multiplyAdds, 2 * (96 * 9 - 2 * (4 + 3 + 2 + 1)) * d);
  });

  test('the tiled variants measure n = 4096, where full attention is refused for its n² matrix', () => {
    const flash = lab.measureCost({ variant: 'flash', n: 4096, d: 4, repeats: 1, block: 64 });
    assert.ok(flash.peakCells < 4096 * 64 * 2, String(flash.peakCells));
    const full = lab.measureCost({ variant: 'full', n: 4096, d: 4, repeats: 1 });
    assert.equal(full.peakCells, 4096 * 4096);
  });

  test('costGrowth divides the exact counts at 2n by those at n: 4 for full attention, 2 for the RNN’s work', () => {
    const full = lab.costGrowth({ variant: 'full', n: 32, d: 8 });
    assert.equal(full.atN.n, 32);
    assert.equal(full.atDoubleN.n, 64);
    assert.equal(full.multiplyAddsFactor, full.atDoubleN.multiplyAdds / full.atN.multiplyAdds);
    assert.equal(full.multiplyAddsFactor, 4);
    assert.equal(full.peakCellsFactor, 4);
    assert.equal(lab.costGrowth({ variant: 'rnn', n: 32, d: 8 }).multiplyAddsFactor, 2);
    expectAttentionError(() => lab.costGrowth({ variant: 'full', n: 2049 }), 'n');
  });

  test('bad arguments are refused naming the argument', () => {
    expectAttentionError(() => lab.measureCost(/** @type {any} */ ({ variant: 'fastest', n: 8 })), 'variant', "got 'fastest'");
    expectAttentionError(() => lab.measureCost({ variant: 'full', n: 0 }), 'n');
    expectAttentionError(() => lab.measureCost({ variant: 'full', n: 4097 }), 'n');
    expectAttentionError(() => lab.measureCost({ variant: 'full', n: 8, d: 1025 }), 'd');
    expectAttentionError(() => lab.measureCost({ variant: 'full', n: 8, repeats: 51 }), 'repeats');
    expectAttentionError(() => lab.measureCost({ variant: 'full', n: 8, repeats: 1.5 }), 'repeats');
    expectAttentionError(() => lab.measureCost({ variant: 'full', n: 8, block: 0 }), 'block');
    expectAttentionError(() => lab.measureCost({ variant: 'full', n: 8, window: -1 }), 'window');
  });
});
