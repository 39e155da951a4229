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
/** Adds Fluent source to the active language's messages (undefined in English). */
let addSource: ((source: string) => void) | undefined;
/** The language being set: a kind's words loaded meanwhile wait for it. */
let languageSet: Promise<void> = Promise.resolve();

/** The catalogue of a real language other than English, as Fluent source (a chunk of its own). */
const CATALOGUES: Partial<Record<Language, () => Promise<string>>> = {
  es: () => import('./catalogue-es.js').then((m) => m.SPANISH),
};

/**
 * A kind of walkthrough's own words (kinds/<kind>/words-en.ts): its English catalogue, in the
 * kind's chunk, and each other language's, a chunk of its own fetched only in that language.
 */
export interface Catalogue {
  english: string;
  translations: Partial<Record<Language, () => Promise<string>>>;
}

const catalogues = new Set<Catalogue>();
/** The catalogues already in the active language's messages. */
let added = new Set<Catalogue>();

/** Puts a catalogue's messages in the active language (a pseudo-locale's are the English, transformed). */
async function addCatalogue(catalogue: Catalogue, language: Language, add: (source: string) => void): Promise<void> {
  if (added.has(catalogue)) return;
  added.add(catalogue);
  const source = language in CATALOGUES ? await catalogue.translations[language]?.() : catalogue.english;
  if (source !== undefined && activeLanguage === language) add(source);
}

/**
 * Registers a kind's words and gives the function its code writes them with (t, for those ids):
 * its English at once, so a kind's steps are built in English without waiting for anything.
 */
export function kindWords(englishSource: string, translations: Catalogue['translations']): typeof t {
  for (const [id, text] of messageLines(englishSource)) english.set(id, text);
  catalogues.add({ english: englishSource, translations });
  return t;
}

/**
 * Puts the words of every catalogue registered so far in the page's language: the page calls it
 * after loading a kind's code, before the kind builds a step (kinds/index.ts).
 */
export async function loadCatalogues(): Promise<void> {
  await languageSet;
  await addCatalogues();
}

async function addCatalogues(): Promise<void> {
  const add = addSource;
  if (add) await Promise.all([...catalogues].map((catalogue) => addCatalogue(catalogue, activeLanguage, add)));
}

/**
 * Makes `language` the page's. Another language than English fetches its catalogue (a
 * pseudo-locale takes English's) and Fluent, and the words of the kinds already loaded. A message
 * missing from a catalogue falls back to English. Isolation marks (FSI … PDI around each
 * argument) only where the text runs right to left: elsewhere they would be invisible characters
 * in every label a screen reader reads.
 */
export function setLanguage(language: Language): Promise<void> {
  languageSet = switchLanguage(language);
  return languageSet;
}

async function switchLanguage(language: Language): Promise<void> {
  added = new Set();
  if (language === DEFAULT_LANGUAGE) {
    active = undefined;
    addSource = undefined;
  } else {
    const [{ FluentBundle, FluentResource }, source] = await Promise.all([import('@fluent/bundle'), CATALOGUES[language]?.() ?? ENGLISH]);
    const transform = pseudoTransform(language);
    const bundle = new FluentBundle(language, { useIsolating: directionOf(language) === 'rtl', ...(transform ? { transform } : {}) });
    bundle.addResource(new FluentResource(source));
    active = (id, args) => {
      const message = bundle.getMessage(id);
      return message?.value ? bundle.formatPattern(message.value, args) : undefined;
    };
    const add = (more: string) => {
      bundle.addResource(new FluentResource(more));
    };
    addSource = add;
  }
  activeLanguage = language;
  await addCatalogues();
}

export const currentLanguage = (): Language => activeLanguage;

/** The message `id` in the page's language (in English if that catalogue lacks it), its arguments filled in. */
export function t(id: string, args?: MessageArgs): string {
  const text = active?.(id, args) ?? formatEnglish(id, args);
  if (text === undefined) throw new Error(`No message ${id} in the English catalogue`);
  return text;
}
