// The page's language put to use: its catalogue loaded, numbers in its locale, and the `lang`
// and `dir` of the element the page is drawn in (the document's <html>, or a component's host).
import { setPageLocale } from '../model/format.js';
import { directionOf, numberLocaleOf, type Language } from './languages.js';
import { setLanguage } from './messages.js';

export async function useLanguage(language: Language, element: HTMLElement): Promise<void> {
  await setLanguage(language);
  setPageLocale(numberLocaleOf(language));
  element.lang = language;
  element.dir = directionOf(language);
}
