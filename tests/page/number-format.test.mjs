// One number formatter: every number a learner reads is written by
// web/src/model/format.ts, in English by default and ready for another locale (Spanish writes a
// decimal comma). The English it writes without Intl (the landing page's first step does not
// pay for the browser's locale data) must be Intl's English; another locale changes the
// symbols, never the digits; and no other file of the page formats numbers its own way.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import fc from 'fast-check';

import { importCompiled } from '../support/compiled.mjs';

const { formatNumber, formatFixed, formatDifference, formatCount, formatPercent, exactNumber } = await importCompiled('model/format');

const SOURCES = new URL('../../web/src/', import.meta.url);

/**
 * Files that turn numbers into text that is data, not display: random inputs rounded to two
 * decimals before the engine sees them, and the SCORM session times and scaled score an LMS parses.
 */
const DATA_PATHS = new Set(['kinds/attention/edits.ts', 'embed/scorm-data.ts']);
const AD_HOC = /\.(toFixed|toPrecision|toLocaleString|toExponential)\(|\bIntl\.NumberFormat\b/;

test('no file of the page formats numbers outside model/format.ts (data paths aside)', () => {
  const found = [];
  for (const file of readdirSync(SOURCES, { recursive: true }).map(String)) {
    if (!/\.ts$/.test(file) || file === 'model/format.ts' || DATA_PATHS.has(file)) continue;
    readFileSync(new URL(file, SOURCES), 'utf8').split('\n').forEach((line, k) => {
      if (AD_HOC.test(line)) found.push(`web/src/${file}:${k + 1}: ${line.trim()}`);
    });
  }
  assert.deepEqual(found, [], 'format these numbers with model/format.ts');
});

test('the allow-listed data paths still exist (a moved file must not hide a formatter)', () => {
  for (const file of DATA_PATHS) assert.match(readFileSync(new URL(file, SOURCES), 'utf8'), AD_HOC, file);
});

test('English, the default: the canonical numbers, minus signs, infinities and tiny values', () => {
  assert.deepEqual([0.7071067811865475, 1.4142135623730951, 2.1213203435596424, 0.1401, 0.5, 3, -0.25].map((x) => formatNumber(x)),
    ['0.707', '1.414', '2.121', '0.140', '0.5', '3', '−0.25']);
  assert.equal(formatNumber(-Infinity), '−∞');
  assert.equal(formatNumber(-0.0001), '−1.0e−4');
  assert.equal(formatNumber(-0.0004, 3), '−4.0e−4');
  assert.equal(formatFixed(-0.0001), '0.000');
  assert.equal(formatFixed(1 / 3, 2), '0.33');
  assert.equal(formatDifference(1.1102230246251565e-16), '1.11e−16');
  assert.equal(formatCount(49728), '49,728');
  assert.equal(formatCount(-1234567), '−1,234,567');
  assert.equal(formatPercent(0.973), '97.3 %');
  assert.equal(exactNumber(-0.14), '-0.14');
});

test('English without Intl is Intl’s English: the same grouping and decimal point', () => {
  fc.assert(fc.property(fc.integer({ min: -1e12, max: 1e12 }), (n) => {
    assert.equal(formatCount(n), new Intl.NumberFormat('en').format(n).replace('-', '−'));
    assert.equal(formatCount(n, 'en-GB'), formatCount(n));
  }));
  fc.assert(fc.property(fc.double({ min: -1e5, max: 1e5, noNaN: true }), fc.integer({ min: 0, max: 6 }), (x, digits) => {
    assert.equal(formatFixed(x, digits, 'en'), formatFixed(x, digits));
  }));
});

test('Spanish: a decimal comma and Spanish grouping, the same digits as English', () => {
  assert.equal(formatNumber(0.1401, 3, 'es'), '0,140');
  assert.equal(formatNumber(-2.1213203435596424, 3, 'es'), '−2,121');
  assert.equal(formatNumber(0.5, 3, 'es'), '0,5');
  assert.equal(formatNumber(-0.0001, 3, 'es'), '−1,0e−4');
  assert.equal(formatFixed(1.005, 2, 'es'), '1,00', 'toFixed’s rounding of the double, as in English (Intl alone writes 1,01)');
  assert.equal(formatCount(49728, 'es'), '49.728');
  assert.equal(formatCount(4728, 'es'), '4728', 'Spanish leaves four digits ungrouped');
  assert.equal(formatPercent(0.973, 1, 'es'), '97,3 %');
  assert.equal(exactNumber(0.14, 'es'), '0,14');
  fc.assert(fc.property(fc.double({ min: -1e7, max: 1e7, noNaN: true }), (x) => {
    const english = formatNumber(x);
    assert.equal(formatNumber(x, 3, 'es'), english.replace(/[.,]/g, (c) => (c === '.' ? ',' : '.')));
  }));
});
