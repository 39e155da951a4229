// The page's words: every label, notice and sentence of the chrome is a message of a Fluent
// catalogue (https://projectfluent.org/), looked up by id with t(). English is built in and
// ready at once; another language's catalogue is loaded on demand (setLanguage), so the English
// landing page carries only its own words and the 4 KB library. Why Fluent: docs/i18n.md.
//
// Arguments are passed as text: numbers are written by model/format.ts (which rounds as the
// engine's numbers are rounded everywhere else), not by Fluent's own number formatting.
import { FluentBundle, FluentResource } from '@fluent/bundle';
import { ENGLISH } from './catalogue-en.js';
import { DEFAULT_LANGUAGE, directionOf, type Language } from './languages.js';
import { pseudoTransform } from './pseudo.js';

export type MessageArgs = Record<string, string>;

const englishResource = new FluentResource(ENGLISH);

/**
 * A bundle of a language's messages. Isolation marks (FSI … PDI around each argument) only where
 * the text runs right to left: in English and Spanish they would be invisible characters in
 * every label the tests and a screen reader read.
 */
function bundleOf(language: Language, resource: FluentResource): FluentBundle {
  const transform = pseudoTransform(language);
  const bundle = new FluentBundle(language, { useIsolating: directionOf(language) === 'rtl', ...(transform ? { transform } : {}) });
  bundle.addResource(resource);
  return bundle;
}

const english = bundleOf(DEFAULT_LANGUAGE, englishResource);
let active: FluentBundle = english;
let activeLanguage: Language = DEFAULT_LANGUAGE;

/** The catalogue of a real language other than English, as Fluent source (a chunk of its own). */
const CATALOGUES: Partial<Record<Language, () => Promise<string>>> = {
  es: () => import('./catalogue-es.js').then((m) => m.SPANISH),
};

/**
 * Makes `language` the page's. Its catalogue is fetched first if it is not English; a pseudo-locale
 * is English transformed (i18n/pseudo.ts). A message missing from a catalogue falls back to English.
 */
export async function setLanguage(language: Language): Promise<void> {
  const load = CATALOGUES[language];
  active = load ? bundleOf(language, new FluentResource(await load())) : language === DEFAULT_LANGUAGE ? english : bundleOf(language, englishResource);
  activeLanguage = language;
}

export const currentLanguage = (): Language => activeLanguage;

/** The message `id` in the page's language (in English if that catalogue lacks it), its arguments filled in. */
export function t(id: string, args?: MessageArgs): string {
  for (const bundle of active === english ? [english] : [active, english]) {
    const message = bundle.getMessage(id);
    if (message?.value) return bundle.formatPattern(message.value, args);
  }
  throw new Error(`No message ${id} in the English catalogue`);
}

/** The ids of a catalogue's messages (tests compare the catalogues' ids and arguments). */
export function messageIds(source: string): string[] {
  return new FluentResource(source).body.filter((entry) => !entry.id.startsWith('-')).map((entry) => entry.id);
}
