// Which language the page speaks: the link's `?lang=`, else the browser's preferred languages,
// else English. DOM-free (tests/page/i18n.test.mjs): the page passes navigator.languages in.
import { echo } from './echo.js';

/** The languages with a catalogue, each named in itself (the switcher's options). */
export const LANGUAGES = { en: 'English', es: 'Español' } as const;

/**
 * Pseudo-locales, generated from the English catalogue (i18n/pseudo.ts) to test the layout, as
 * PhET and Android do: en-XA accented and about 40 % longer, ar-XB right to left. Only a link
 * (`?lang=en-XA`) opens them; the switcher does not offer them.
 */
export const PSEUDO_LOCALES = { 'en-XA': 'English, accented and longer (test)', 'ar-XB': 'Right to left (test)' } as const;

export type Language = keyof typeof LANGUAGES | keyof typeof PSEUDO_LOCALES;

export const DEFAULT_LANGUAGE: Language = 'en';

/** The link parameter read here. */
export const LANGUAGE_PARAMS = ['lang'] as const;

const ALL: Language[] = [...Object.keys(LANGUAGES), ...Object.keys(PSEUDO_LOCALES)] as Language[];

/** A tag as written in a link or by a browser ("es-MX", "ES", "en-xa") to a language, if offered. */
export function matchLanguage(tag: string): Language | undefined {
  const exact = ALL.find((l) => l.toLowerCase() === tag.toLowerCase());
  if (exact) return exact;
  // A regional variant of a real language (es-MX, en-GB) reads the language's catalogue.
  const primary = tag.split(/[-_]/)[0].toLowerCase();
  return Object.hasOwn(LANGUAGES, primary) ? (primary as Language) : undefined;
}

export interface ResolvedLanguage {
  language: Language;
  /** Whether the link named it (a link the page writes then keeps `lang`). */
  fromLink: boolean;
  /** The `?lang=` value that is not a language offered, to name in a notice. */
  refused?: string;
}

/** `?lang=` when it names a language offered, else the first preferred language offered, else English. */
export function resolveLanguage(param: string | null, preferred: readonly string[]): ResolvedLanguage {
  const linked = param === null ? undefined : matchLanguage(param);
  if (linked) return { language: linked, fromLink: true };
  const browser = preferred.map(matchLanguage).find((l) => l !== undefined && Object.hasOwn(LANGUAGES, l));
  return { language: browser ?? DEFAULT_LANGUAGE, fromLink: false, ...(param === null ? {} : { refused: param }) };
}

/** The arguments of the notice about a refused `?lang=` (message `notice-lang-refused`). */
export function refusedLanguageArgs(value: string): Record<string, string> {
  return { value: echo(value), offered: Object.entries(LANGUAGES).map(([tag, name]) => `${tag} (${name})`).join(', ') };
}

/** A language's name in itself (a pseudo-locale's in English). */
export const languageName = (language: Language): string => ({ ...LANGUAGES, ...PSEUDO_LOCALES })[language];

export const directionOf = (language: Language): 'ltr' | 'rtl' => (language === 'ar-XB' ? 'rtl' : 'ltr');

/** The locale numbers are written in: a pseudo-locale writes English's. */
export const numberLocaleOf = (language: Language): string => (language in PSEUDO_LOCALES ? 'en' : language);
