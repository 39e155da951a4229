// The page's words: every label, notice and sentence of the chrome is a message of a Fluent
// catalogue (https://projectfluent.org/), looked up by id with t(). Why Fluent: docs/i18n.md.
//
// English, the source, is built in and needs no library: its catalogue is single-line messages
// whose only placeables are arguments and quoted text (tests/page/i18n.test.mjs keeps it so),
// which formatEnglish fills in. Another language loads its catalogue and @fluent/bundle on
// demand (setLanguage), so the English landing page carries neither; Fluent formats it (plurals
// and other variants, where that language needs them, are written in its catalogue alone). A
// pseudo-locale is the English catalogue through Fluent with a transform (i18n/pseudo.ts).
//
// Arguments are passed as text: numbers are written by model/format.ts (which rounds as the
// engine's numbers are rounded everywhere else), not by Fluent's own number formatting.
import { ENGLISH } from './catalogue-en.js';
import { DEFAULT_LANGUAGE, directionOf, type Language } from './languages.js';
import { pseudoTransform } from './pseudo.js';

export type MessageArgs = Record<string, string>;

/** A catalogue's single-line messages, by id (`id = text`; comments and blank lines skipped). */
export function messageLines(source: string): Map<string, string> {
  return new Map([...source.matchAll(/^([a-z][a-z0-9-]*) = (.*)$/gm)].map((m) => [m[1], m[2]]));
}

const english = messageLines(ENGLISH);

/** An English message with its arguments (`{ $name }`) and quoted text (`{" "}`) filled in. */
function formatEnglish(id: string, args?: MessageArgs): string | undefined {
  return english.get(id)?.replace(/\{\s*(?:\$([a-zA-Z]+)|"([^"]*)")\s*\}/g, (_, name: string | undefined, literal: string | undefined) =>
    literal ?? args?.[name as string] ?? `{$${name}}`);
}

/** The page's language when it is not English: its messages, formatted by Fluent. */
let active: ((id: string, args?: MessageArgs) => string | undefined) | undefined;
let activeLanguage: Language = DEFAULT_LANGUAGE;

/** The catalogue of a real language other than English, as Fluent source (a chunk of its own). */
const CATALOGUES: Partial<Record<Language, () => Promise<string>>> = {
  es: () => import('./catalogue-es.js').then((m) => m.SPANISH),
};

/**
 * Makes `language` the page's. Another language than English fetches its catalogue (a
 * pseudo-locale takes English's) and Fluent. A message missing from a catalogue falls back to
 * English. Isolation marks (FSI … PDI around each argument) only where the text runs right to
 * left: elsewhere they would be invisible characters in every label a screen reader reads.
 */
export async function setLanguage(language: Language): Promise<void> {
  if (language === DEFAULT_LANGUAGE) {
    active = undefined;
  } else {
    const [{ FluentBundle, FluentResource }, source] = await Promise.all([import('@fluent/bundle'), CATALOGUES[language]?.() ?? ENGLISH]);
    const transform = pseudoTransform(language);
    const bundle = new FluentBundle(language, { useIsolating: directionOf(language) === 'rtl', ...(transform ? { transform } : {}) });
    bundle.addResource(new FluentResource(source));
    active = (id, args) => {
      const message = bundle.getMessage(id);
      return message?.value ? bundle.formatPattern(message.value, args) : undefined;
    };
  }
  activeLanguage = language;
}

export const currentLanguage = (): Language => activeLanguage;

/** The message `id` in the page's language (in English if that catalogue lacks it), its arguments filled in. */
export function t(id: string, args?: MessageArgs): string {
  const text = active?.(id, args) ?? formatEnglish(id, args);
  if (text === undefined) throw new Error(`No message ${id} in the English catalogue`);
  return text;
}
