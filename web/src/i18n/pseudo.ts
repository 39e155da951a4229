// Pseudo-locales, generated from the English catalogue rather than written (as PhET and Android
// test their layouts): Fluent applies the transform to the text of every message, never to its
// arguments. en-XA: accented, every vowel doubled and padded to at least 40 % longer, in brackets,
// so clipped or overlapping text shows in a screenshot and a string left out of the catalogue
// stands out as plain English. ar-XB: the text laid out right to left (the page's dir="rtl").
import type { Language } from './languages.js';

const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdeghiklnorstuwyzABCDEGHIKLNORSTUWYZ'].map((c, i) => [c, [...'áƀçđéĝĥíķĺñóŕšţúŵýžÅƁÇĐÉĜĤÍĶĹÑÓŔŠŢÚŴÝŽ'][i]]),
);
const VOWELS = /[aeiouAEIOU]/;

/** en-XA's form of an English text: "Next step" → "[Ñééxţ šţééþ ~~~]"-like, ≥ 40 % longer. */
export function accentedLonger(text: string): string {
  const [, before, words, after] = /^(\s*)([\s\S]*?)(\s*)$/.exec(text) as RegExpExecArray;
  if (words === '') return text;
  let out = '';
  for (const c of words) out += VOWELS.test(c) ? (ACCENTED[c] ?? c).repeat(2) : ACCENTED[c] ?? c;
  const missing = Math.ceil(text.length * 1.4) - text.length + words.length - out.length - 2;
  // Padding as short words of their own, so a line can still break between them.
  if (missing > 0) out += ` ${'~'.repeat(Math.max(1, missing - 1))}`.replace(/~{5}(?=~)/g, '$& ');
  return `${before}[${out}]${after}`;
}

/**
 * ar-XB's form: the letters as English, in a right-to-left override (U+202E … U+202C), so they
 * read as a right-to-left script would and the page's dir="rtl" mirrors the layout around them.
 */
export const rightToLeft = (text: string): string => text.replace(/\S(?:[\s\S]*\S)?/, (words) => `\u202e${words}\u202c`);

export function pseudoTransform(language: Language): ((text: string) => string) | undefined {
  if (language === 'en-XA') return accentedLonger;
  if (language === 'ar-XB') return rightToLeft;
  return undefined;
}
