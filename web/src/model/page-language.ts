// The page's language put to use: its catalogue loaded, the lessons' words in it, numbers in its
// locale, and the `lang` and `dir` of the element the page is drawn in (the document's <html>,
// or a component's host).
import { setPageLocale } from './format.js';
import type { Walkthrough } from './types.js';
import { LESSONS, WALKTHROUGHS } from './walkthroughs.js';
import { STAGES } from './pipeline.js';
import { GLOSSARY, translateGlossary } from './glossary.js';
import { pseudoLessonText, translateCourse, type LessonText } from './lesson-text.js';
import { DEFAULT_LANGUAGE, directionOf, numberLocaleOf, type Language } from '../i18n/languages.js';
import { setLanguage } from '../i18n/messages.js';

/** The lessons' words of a real language other than English (a chunk of its own). */
const LESSON_TEXTS: Partial<Record<Language, () => Promise<LessonText>>> = {
  es: () => import('../i18n/lessons/es.json').then((m) => m.default as LessonText),
};

let applied = false;

/**
 * Puts `language` to use; if its files cannot be fetched (offline, a stale deploy), the page
 * goes on in English rather than not start.
 */
export async function useLanguage(language: Language, element: Pick<HTMLElement, 'lang' | 'dir'>): Promise<void> {
  let text: LessonText | undefined;
  try {
    const lessons = LESSON_TEXTS[language]?.() ?? pseudoLessonText(language, LESSONS, STAGES, GLOSSARY);
    [, text] = await Promise.all([setLanguage(language), lessons]);
  } catch {
    language = DEFAULT_LANGUAGE;
    await setLanguage(language);
  }
  // Once per page: a change of language reloads it (views/language-switcher.ts).
  if (text && !applied) {
    translateCourse(text, LESSONS, WALKTHROUGHS as Map<string, Walkthrough>, STAGES);
    if (text.glossary) translateGlossary(text.glossary);
    applied = true;
  }
  setPageLocale(numberLocaleOf(language));
  element.lang = language;
  element.dir = directionOf(language);
}
