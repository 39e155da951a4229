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

/**
 * Rounded for reading: whole numbers as they are, short decimals as typed (0.5), others to
 * `digits` decimals (0.140); −∞ as "−∞".
 */
export function formatNumber(x: number, digits = 3, locale?: string): string {
  if (x === -Infinity) return '−∞';
  if (x === Infinity) return '∞';
  if (Number.isNaN(x)) return 'NaN';
  if (Number.isInteger(x) && Math.abs(x) < 1e6) return localise(String(x), locale);
  if (x !== 0 && Math.abs(x) < 10 ** -digits) return localise(x.toExponential(1), locale);
  if (Math.abs(x) >= 1e6) return localise(x.toExponential(2), locale);
  let text = x.toFixed(digits);
  // A value the rounding leaves unchanged (0.5, 0.25) is shown without padding zeros.
  if (Number(text) === x) text = text.replace(/\.?0+$/, '');
  return localise(/^-0(\.0*)?$/.test(text) ? text.slice(1) : text, locale);
}

/** Always `digits` decimals, for columns such as row sums that should line up. */
export function formatFixed(x: number, digits = 3, locale?: string): string {
  if (!Number.isFinite(x)) return formatNumber(x);
  return localise(x.toFixed(digits).replace(/^-(0\.0*)$/, '$1'), locale);
}

/** A difference between two results in scientific notation (1.11e−16), where 3 decimals would read 0; exactly 0 as "0". */
export function formatDifference(x: number, locale?: string): string {
  return x === 0 ? '0' : localise(x.toExponential(2), locale);
}

/** A count with its digits grouped: 49,728 (English), 49.728 (Spanish). */
export function formatCount(n: number, locale?: string): string {
  if (!Number.isInteger(n)) return formatNumber(n, 3, locale);
  // Each locale's own grouping (Spanish leaves 4-digit numbers whole); English's is every three digits.
  if (!isEnglish(locale)) return new Intl.NumberFormat(locale ?? pageLocale, { maximumFractionDigits: 0 }).format(n).replace('-', symbolsOf(locale).minus);
  return localise(String(n).replace(/\B(?=(\d{3})+$)/g, ','), locale);
}

/** A fraction as a percentage with `digits` decimals: 0.973 as "97.3 %". */
export function formatPercent(fraction: number, digits = 1, locale?: string): string {
  return `${formatFixed(100 * fraction, digits, locale)} %`;
}

/** The exact double, as JavaScript prints it (its decimal separator the locale's). */
export function exactNumber(x: number, locale?: string): string {
  if (x === -Infinity) return '−∞';
  return isEnglish(locale) ? String(x) : localise(String(x), locale);
}

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
