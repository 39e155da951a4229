/** Typographic minus signs (U+2212), which do not break a line as a hyphen does. */
const minus = (text: string) => text.replaceAll('-', '−');

// How numbers are shown. Formatting only: the values themselves all come from the engine.

/**
 * Rounded for reading: whole numbers as they are, short decimals as typed (0.5), others to
 * `digits` decimals (0.140); −∞ as "−∞".
 */
export function formatNumber(x: number, digits = 3): string {
  if (x === -Infinity) return '−∞';
  if (x === Infinity) return '∞';
  if (Number.isNaN(x)) return 'NaN';
  if (Number.isInteger(x) && Math.abs(x) < 1e6) return minus(String(x));
  if (x !== 0 && Math.abs(x) < 10 ** -digits) return minus(x.toExponential(1));
  if (Math.abs(x) >= 1e6) return minus(x.toExponential(2));
  let text = x.toFixed(digits);
  // A value the rounding leaves unchanged (0.5, 0.25) is shown without padding zeros.
  if (Number(text) === x) text = text.replace(/\.?0+$/, '');
  return minus(/^-0(\.0*)?$/.test(text) ? text.slice(1) : text);
}

/** Always `digits` decimals, for columns such as row sums that should line up. */
export function formatFixed(x: number, digits = 3): string {
  if (!Number.isFinite(x)) return formatNumber(x);
  return minus(x.toFixed(digits).replace(/^-(0\.0*)$/, '$1'));
}

/** A difference between two results in scientific notation (1.11e−16), where 3 decimals would read 0; exactly 0 as "0". */
export function formatDifference(x: number): string {
  return x === 0 ? '0' : minus(x.toExponential(2));
}

/** The exact double, as JavaScript prints it. */
export function exactNumber(x: number): string {
  if (x === -Infinity) return '−∞';
  return String(x);
}

/**
 * A link to the lesson "Watch attention learn" in a walkthrough's text: `[words](?train=task)`.
 * The page shows it as a link (widgets/dom.ts), the exports as its words.
 */
export const LESSON_LINK = /\[([^\]]+)\]\((\?train=[a-z]+)\)/g;

/** The text with each lesson link replaced by its words. */
export const withoutLessonLinks = (text: string): string => text.replace(LESSON_LINK, '$1');
