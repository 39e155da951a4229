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

const {
  formatNumber, formatFixed, formatDifference, formatCount, formatPercent, exactNumber, formatAll, sharedDecimals, formatWithDecimals,
  formatDuration, formatMemory, formatFileSize, powerOfTen, scientificParts, tickLabels,
} = await importCompiled('model/format');

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

test('no file of the page writes a time or a size with its unit itself: formatDuration, formatMemory and formatFileSize do', () => {
  const UNIT_AFTER_NUMBER = /\$\{(?:format\w*|String)\([^}]*\)\}\s?(?:s|ms|µs|ns|B|KB|kB|KiB|MB|MiB|GB|GiB)\b/;
  const found = [];
  for (const file of readdirSync(SOURCES, { recursive: true }).map(String)) {
    if (!/\.ts$/.test(file) || file === 'model/format.ts') continue;
    readFileSync(new URL(file, SOURCES), 'utf8').split('\n').forEach((line, k) => {
      if (UNIT_AFTER_NUMBER.test(line)) found.push(`web/src/${file}:${k + 1}: ${line.trim()}`);
    });
  }
  assert.deepEqual(found, [], 'one format for quantities with units (model/format.ts)');
});

test('the allow-listed data paths still exist (a moved file must not hide a formatter)', () => {
  for (const file of DATA_PATHS) assert.match(readFileSync(new URL(file, SOURCES), 'utf8'), AD_HOC, file);
});

test('English, the default: the canonical numbers, minus signs, infinities and tiny values', () => {
  assert.deepEqual([0.7071067811865475, 1.4142135623730951, 2.1213203435596424, 0.1401, 0.5, 3, -0.25].map((x) => formatNumber(x)),
    ['0.707', '1.414', '2.121', '0.140', '0.5', '3', '−0.25']);
  assert.equal(formatNumber(-Infinity), '−∞');
  assert.equal(formatNumber(-0.0001), '−1.0×10⁻⁴');
  assert.equal(formatNumber(-0.0004, 3), '−4.0×10⁻⁴');
  assert.equal(formatNumber(0.00062), '6.2×10⁻⁴');
  assert.equal(formatNumber(-1e9), '−1.00×10⁹');
  assert.equal(formatFixed(-0.0001), '0.000');
  assert.equal(formatFixed(1 / 3, 2), '0.33');
  assert.equal(formatDifference(1.1102230246251565e-16), '1.11×10⁻¹⁶');
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
  assert.equal(formatNumber(-0.0001, 3, 'es'), '−1,0×10⁻⁴');
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

test('scientific notation is written one way, as printed (6.2×10⁻⁴), and read back for LaTeX', () => {
  for (const x of [6.2e-4, -1e-5, 3.5e7, 1.1102230246251565e-16]) {
    const shown = x >= 1e-4 && x < 1e-3 ? formatNumber(x) : formatDifference(x);
    assert.doesNotMatch(shown, /e/, `${shown}: no "e" notation`);
    assert.match(shown, /^−?\d\.\d+×10⁻?[⁰¹²³⁴⁵⁶⁷⁸⁹]+$/);
  }
  assert.deepEqual(scientificParts('−6.2×10⁻⁴'), ['−6.2', -4]);
  assert.deepEqual(scientificParts('1.00×10¹²'), ['1.00', 12]);
  assert.equal(scientificParts('0.140'), undefined);
  assert.deepEqual([-1, 0, 3].map(powerOfTen), ['10⁻¹', '10⁰', '10³']);
});

test('numbers shown together share their decimals: never "0.2 | 0.600 | −0.8"', () => {
  assert.deepEqual(formatAll([0.2, 0.6000000000000001, -0.8]), ['0.200', '0.600', '−0.800']);
  assert.deepEqual(formatAll([0.2, 0.6, -0.8]), ['0.2', '0.6', '−0.8']);
  assert.deepEqual(formatAll([0.5, 1, -0.25]), ['0.50', '1.00', '−0.25']);
  assert.deepEqual(formatAll([3, 2, 5]), ['3', '2', '5']);
  assert.deepEqual(formatAll([1 / 3, 0, 2 / 3]), ['0.333', '0', '0.667'], 'exactly 0 (a blocked weight) stays 0');
  assert.deepEqual(formatAll([0.5, -Infinity, 0.00062]), ['0.5', '−∞', '6.2×10⁻⁴'], 'infinities and tiny values keep their own form');
  assert.deepEqual(formatAll([0.25, 1], 3, 'es'), ['0,25', '1,00']);
  fc.assert(fc.property(fc.array(fc.double({ min: -1e5, max: 1e5, noNaN: true }), { minLength: 1, maxLength: 12 }), (values) => {
    const decimals = sharedDecimals(values);
    const texts = formatAll(values);
    assert.deepEqual(texts, values.map((x) => formatWithDecimals(x, decimals)));
    // Every number written in decimals has the same count of them.
    const counts = new Set(texts.filter((t) => !t.includes('×') && t !== '0').map((t) => t.split('.')[1]?.length ?? 0));
    assert.ok(counts.size <= 1, `${texts.join(' | ')}`);
  }));
});

test('times and sizes: three significant digits, in the unit that reads best, never "349.80 ms" beside "32 ms"', () => {
  assert.deepEqual([0.3498, 0.032, 300e-6, 400e-6, 1.5, 4200, 0.0009997].map((s) => formatDuration(s)),
    ['350 ms', '32.0 ms', '300 µs', '400 µs', '1.50 s', '4,200 s', '1.00 ms']);
  assert.deepEqual([2 * 2 ** 20, 2.0 * 2 ** 20 + 1, 512, 3 * 2 ** 10, 1.5 * 2 ** 30].map((b) => formatMemory(b)),
    ['2.00 MiB', '2.00 MiB', '512 B', '3.00 KiB', '1.50 GiB']);
  assert.deepEqual([2_050_000, 1_600_000, 640_000, 999, 12_345].map((b) => formatFileSize(b)),
    ['2.05 MB', '1.60 MB', '640 kB', '999 B', '12.3 kB']);
  assert.equal(formatDuration(0.0123, 'es'), '12,3 ms');
  fc.assert(fc.property(fc.double({ min: 1e-9, max: 1e4, noNaN: true }), (seconds) => {
    const [number, unit] = formatDuration(seconds).split(' ');
    assert.match(unit, /^(s|ms|µs|ns)$/);
    const digits = number.replace(/[.,]/g, '').replace(/^0+/, '');
    assert.ok(digits.length === 3 || (unit === 's' && number.includes(',')) || (unit === 's' && Number(number.replace(/,/g, '')) >= 1000), `${seconds} s as ${number} ${unit}`);
  }));
});

test('axis ticks: one format on a linear axis, powers of ten on a log one, never d3\'s "1e-1"', () => {
  const label = (ticks, scale, locale) => ticks.map(tickLabels(ticks, scale, locale));
  assert.deepEqual(label([-0.5, 0, 0.5, 1], 'linear'), ['−0.5', '0', '0.5', '1.0']);
  assert.deepEqual(label([0, 200, 400], 'linear'), ['0', '200', '400']);
  assert.deepEqual(label([0.1, 0.2, 0.5, 1, 2, 5, 10], 'log'), ['10⁻¹', '', '', '10⁰', '', '', '10¹']);
  assert.deepEqual(label([0.2, 0.3, 0.4], 'log'), ['0.2', '0.3', '0.4'], 'less than two powers of ten: every tick');
  assert.deepEqual(label([0.25, 0.5], 'linear', 'es'), ['0,25', '0,50']);
});
