// How numbers are shown: every number a learner reads goes through this file (a page test,
// tests/page/number-format.test.mjs, refuses toFixed, toPrecision, toLocaleString and
// toExponential elsewhere). Formatting only: the values themselves all come from the engine.
//
// Locales. Each function takes an optional BCP 47 locale ('es' writes 0,140 and 49.728). The
// digits are the same in every locale: they are JavaScript's rounding of the exact double
// (toFixed), and only the symbols (decimal separator, digit grouping, minus sign) are the
// locale's, read from Intl.NumberFormat. (ICU rounds the shortest decimal instead, so Intl
// alone would show 1.005 as 1.01 where toFixed shows 1.00: a learner comparing a Spanish and an
// English page would see two different roundings of one number.) English, the default, needs
// no Intl call at all: setting up the browser's locale data cost 15–100 ms of the landing
// page's first step; the test checks that this English is Intl's.

/** The default locale: English, as the page is written. */
export const DEFAULT_LOCALE = 'en';

/** The characters a locale writes numbers with, in place of English's. */
interface Symbols {
  decimal: string;
  group: string;
  minus: string;
}

/** English, with the typographic minus (U+2212), which does not break a line as a hyphen does. */
const ENGLISH: Symbols = { decimal: '.', group: ',', minus: '−' };
const symbolsByLocale = new Map<string, Symbols>();

/**
 * The page's locale, used where a call names none: the page sets it once, from its language
 * (start-page.ts), before anything is drawn. Exports that other programs read (LaTeX) name English.
 */
let pageLocale: string | undefined;

export function setPageLocale(locale: string | undefined): void {
  pageLocale = locale;
}

const isEnglish = (locale: string | undefined) => {
  const tag = locale ?? pageLocale;
  return tag === undefined || /^en(-|$)/i.test(tag);
};

/** A locale's symbols, from Intl.NumberFormat (once per locale). */
function symbolsOf(locale: string | undefined): Symbols {
  if (isEnglish(locale)) return ENGLISH;
  const tag = (locale ?? pageLocale) as string;
  let symbols = symbolsByLocale.get(tag);
  if (!symbols) {
    const parts = new Intl.NumberFormat(tag, { useGrouping: true }).formatToParts(-1234567.5);
    const part = (type: Intl.NumberFormatPartTypes, fallback: string) => parts.find((p) => p.type === type)?.value ?? fallback;
    symbols = { decimal: part('decimal', '.'), group: part('group', ','), minus: part('minusSign', '−') };
    // Intl writes a hyphen-minus in some locales: the typographic one keeps "−0.5" on one line.
    if (symbols.minus === '-') symbols.minus = '−';
    symbolsByLocale.set(tag, symbols);
  }
  return symbols;
}

/** The decimal separator the page writes ("." in English, "," in Spanish), for reading what a learner types. */
export const decimalSeparator = (): string => symbolsOf(undefined).decimal;

/** English number text (".", ",", "-") in the locale's symbols. */
function localise(english: string, locale: string | undefined): string {
  const { decimal, group, minus } = symbolsOf(locale);
  return english.replace(/[.,-]/g, (c) => (c === '.' ? decimal : c === ',' ? group : minus));
}

/** The exponent's characters as superscripts, so a power of ten reads as it is printed: 10⁻⁴. */
const SUPERSCRIPT: Record<string, string> = {
  '-': '⁻', 0: '⁰', 1: '¹', 2: '²', 3: '³', 4: '⁴', 5: '⁵', 6: '⁶', 7: '⁷', 8: '⁸', 9: '⁹',
};
const superscript = (exponent: number) => [...String(exponent)].map((c) => SUPERSCRIPT[c]).join('');

/**
 * Scientific notation, one way everywhere (cells, facts, differences, a log axis): 6.2×10⁻⁴.
 * Never "6.2e−4": a learner reads e as Euler's number, and the lessons use ln and e.
 */
function scientific(x: number, fractionDigits: number, locale: string | undefined): string {
  const [mantissa, exponent] = x.toExponential(fractionDigits).split('e');
  return `${localise(mantissa, locale)}×10${superscript(Number(exponent))}`;
}

/** The mantissa and exponent of a number written in scientific notation (6.2×10⁻⁴ as ['6.2', −4]); undefined otherwise. */
export function scientificParts(text: string): [mantissa: string, exponent: number] | undefined {
  const match = /^(.*)×10([⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+)$/.exec(text);
  if (!match) return undefined;
  const digits = [...match[2]].map((c) => Object.keys(SUPERSCRIPT).find((k) => SUPERSCRIPT[k] === c)).join('');
  return [match[1], Number(digits)];
}

/** A power of ten as a log axis labels it: 10⁻¹, 10⁰, 10³. */
export const powerOfTen = (exponent: number): string => `10${superscript(exponent)}`;

/** Values shown in scientific notation: non-zero and below the last decimal shown, or a million and over. */
const isScientific = (x: number, digits: number) => Number.isFinite(x) && ((x !== 0 && Math.abs(x) < 10 ** -digits) || Math.abs(x) >= 1e6);

/** The fewest decimals (at most `digits`) that write x exactly; `digits` when none does. */
function decimalsOf(x: number, digits: number): number {
  for (let k = 0; k < digits; k += 1) if (Number(x.toFixed(k)) === x) return k;
  return digits;
}

/** x with exactly `decimals` decimals, or as the exceptions are written (infinities, NaN, scientific). */
function withDecimals(x: number, decimals: number, digits: number, locale: string | undefined): string {
  if (x === -Infinity) return '−∞';
  if (x === Infinity) return '∞';
  if (Number.isNaN(x)) return 'NaN';
  if (isScientific(x, digits)) return scientific(x, Math.abs(x) >= 1e6 ? 2 : 1, locale);
  // Exactly 0 stays "0" among padded numbers: a blocked key's weight is exactly 0, not 0.000 rounded.
  if (x === 0) return '0';
  const text = x.toFixed(decimals);
  return localise(/^-0(\.0*)?$/.test(text) ? text.slice(1) : text, locale);
}

/**
 * A whole number with its thousands apart, 2147483648 as 2 147 483 648: a narrow no-break space
 * (U+202F) between the groups, so a line never breaks inside a number.
 */
export const digitGroups = (x: number): string => String(x).replace(/\B(?=(\d{3})+(?!\d))/g, '\u202F');

/**
 * Rounded for reading: whole numbers as they are, short decimals as typed (0.5), others to
 * `digits` decimals (0.140); −∞ as "−∞"; below 10^−digits and from a million on, 6.2×10⁻⁴.
 * Numbers shown together (a matrix, a row, a column) take one format: formatAll.
 */
export function formatNumber(x: number, digits = 3, locale?: string): string {
  return withDecimals(x, Number.isFinite(x) ? decimalsOf(x, digits) : 0, digits, locale);
}

/**
 * The decimals for numbers shown together (a matrix, a row of gradients), so that they line up
 * and none looks more exact than its neighbours: 0.2, 0.6000000000000001 and −0.8 take 3
 * (0.200, 0.600, −0.800, never "0.2 | 0.600 | −0.8"); 0.5 and 1 take 1 (0.5, 1.0); whole
 * numbers none. Values written in scientific notation do not count, and exactly 0 is "0".
 */
export function sharedDecimals(values: Iterable<number>, digits = 3): number {
  let decimals = 0;
  for (const x of values) if (Number.isFinite(x) && !isScientific(x, digits)) decimals = Math.max(decimals, decimalsOf(x, digits));
  return decimals;
}

/** One number of a set, with the set's decimals (sharedDecimals). */
export const formatWithDecimals = (x: number, decimals: number, digits = 3, locale?: string): string => withDecimals(x, decimals, digits, locale);

/** Numbers shown together, each with the set's decimals (sharedDecimals). */
export function formatAll(values: readonly number[], digits = 3, locale?: string): string[] {
  const decimals = sharedDecimals(values, digits);
  return values.map((x) => withDecimals(x, decimals, digits, locale));
}

/**
 * A chart axis's tick labels, for d3's tickFormat. Linear: one format for all (0.0, 0.5, 1.0).
 * Log: the powers of ten (10⁻¹, 10⁰, 10¹) and nothing between them, or every tick in the
 * linear way where the axis spans fewer than two powers of ten.
 */
export function tickLabels(ticks: readonly number[], scale: 'linear' | 'log', locale?: string): (tick: { valueOf(): number }) => string {
  const power = (v: number) => {
    const exponent = Math.log10(v);
    return Math.abs(exponent - Math.round(exponent)) < 1e-9 ? Math.round(exponent) : undefined;
  };
  if (scale === 'log' && ticks.filter((v) => power(v) !== undefined).length >= 2) {
    return (tick) => {
      const exponent = power(tick.valueOf());
      return exponent === undefined ? '' : powerOfTen(exponent);
    };
  }
  const decimals = sharedDecimals(ticks);
  return (tick) => withDecimals(tick.valueOf(), decimals, 3, locale);
}

/** Always `digits` decimals, for columns such as row sums that should line up. */
export function formatFixed(x: number, digits = 3, locale?: string): string {
  if (!Number.isFinite(x)) return formatNumber(x);
  return localise(x.toFixed(digits).replace(/^-(0\.0*)$/, '$1'), locale);
}

/** A difference between two results in scientific notation (1.11×10⁻¹⁶), where 3 decimals would read 0; exactly 0 as "0". */
export function formatDifference(x: number, locale?: string): string {
  return x === 0 ? '0' : scientific(x, 2, locale);
}

/** Between a number and its unit, as in "350 ms" and "97.3 %". */
const UNIT_SPACE = ' ';

/** Three significant digits: 350, 32.0, 2.00, 0.0123; from 1,000 on, whole and grouped. */
function significant(x: number, locale: string | undefined): string {
  const rounded = Math.abs(Number(x.toPrecision(3)));
  if (rounded >= 1000) return formatCount(Math.round(x), locale);
  if (x === 0) return '0';
  if (rounded < 1e-3) return scientific(x, 2, locale);
  return localise(x.toPrecision(3), locale);
}

/**
 * A quantity in the largest unit in which it reads 1 or more once rounded (999.7 µs is 1.00 ms,
 * never 1,000 µs), to three significant digits; units largest first, the last for smaller ones.
 */
function quantity(x: number, units: readonly (readonly [size: number, symbol: string])[], locale: string | undefined): string {
  if (!Number.isFinite(x)) return formatNumber(x, 3, locale);
  const [size, symbol] = units.find(([size]) => Math.abs(Number((x / size).toPrecision(3))) >= 1) ?? units[units.length - 1];
  return `${significant(x / size, locale)}${UNIT_SPACE}${symbol}`;
}

const SECONDS = [[1, 's'], [1e-3, 'ms'], [1e-6, 'µs'], [1e-9, 'ns']] as const;
const BINARY_BYTES = [[2 ** 30, 'GiB'], [2 ** 20, 'MiB'], [2 ** 10, 'KiB'], [1, 'B']] as const;
const DECIMAL_BYTES = [[1e9, 'GB'], [1e6, 'MB'], [1e3, 'kB'], [1, 'B']] as const;

/** A time, in s, ms, µs or ns, to three significant digits: 350 ms, 32.0 ms, 300 µs. */
export const formatDuration = (seconds: number, locale?: string): string => quantity(seconds, SECONDS, locale);

/** Memory, in powers of 1,024 named as such (KiB, MiB, GiB), to three significant digits: 2.00 MiB. */
export const formatMemory = (bytes: number, locale?: string): string => (Math.abs(bytes) < 1024 ? `${formatCount(bytes, locale)}${UNIT_SPACE}B` : quantity(bytes, BINARY_BYTES, locale));

/** A file's size as file managers give it (kB, MB: powers of 1,000), to three significant digits: 2.05 MB. */
export const formatFileSize = (bytes: number, locale?: string): string => (Math.abs(bytes) < 1000 ? `${formatCount(bytes, locale)}${UNIT_SPACE}B` : quantity(bytes, DECIMAL_BYTES, locale));

/** A count with its digits grouped: 49,728 (English), 49.728 (Spanish). */
export function formatCount(n: number, locale?: string): string {
  if (!Number.isInteger(n)) return formatNumber(n, 3, locale);
  // Each locale's own grouping (Spanish leaves 4-digit numbers whole); English's is every three digits.
  if (!isEnglish(locale)) return new Intl.NumberFormat(locale ?? pageLocale, { maximumFractionDigits: 0 }).format(n).replace('-', symbolsOf(locale).minus);
  return localise(String(n).replace(/\B(?=(\d{3})+$)/g, ','), locale);
}

/** A fraction as a percentage with `digits` decimals: 0.973 as "97.3 %". */
export function formatPercent(fraction: number, digits = 1, locale?: string): string {
  return `${formatFixed(100 * fraction, digits, locale)}${UNIT_SPACE}%`;
}

/**
 * A value a learner sets (an option, a slider, a size) as the page writes numbers: as set, to at
 * most 6 decimals (a learning rate of 0.003, "0,003" in Spanish); words as they are.
 */
export function formatSetting(value: number | string): string {
  return typeof value === 'number' ? formatNumber(value, 6) : value;
}

/** The exact double, as JavaScript prints it (its decimal separator the locale's). */
export function exactNumber(x: number, locale?: string): string {
  if (x === -Infinity) return '−∞';
  return numberText(String(x), locale);
}

/**
 * A number as a program wrote it in English ("0.003", "-1", "1e-2"), kept as written but in the
 * locale's symbols: as it is in English, "0,003" and "−1" in Spanish (an engine's sentence quoting
 * its limits, model/engine-sentences.ts).
 */
export const numberText = (english: string, locale?: string): string => (isEnglish(locale) ? english : localise(english, locale));

/**
 * A link to the lesson "Watch attention learn" in a walkthrough's text: `[words](?train=task)`.
 * The page shows it as a link (widgets/dom.ts), the exports as its words. The words may hold one
 * bracketed part of their own (a pseudo-locale's "[Ŵáátçĥ …]").
 */
export const LESSON_LINK = /\[((?:[^[\]]|\[[^[\]]*\])+)\]\((\?train=[a-z]+)\)/g;

/** The text with each lesson link replaced by its words. */
export const withoutLessonLinks = (text: string): string => text.replace(LESSON_LINK, '$1');

/** Numbers written as a list: ", " between them, or "; " where the comma is the decimal separator (0,5; 1). */
export const numberList = (numbers: readonly string[]): string => numbers.join(decimalSeparator() === ',' ? '; ' : ', ');
