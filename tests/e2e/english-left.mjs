// English left on a page shown in another language: the visible text nodes that read as English
// (they hold common English words, or a number written with a decimal point), each with where it
// sits. Formulas (KaTeX, MathML), code, quoted words (“the cat”) and the tokens a walkthrough
// reads (its input, e.g. "the cat sat") are not the page's words and are skipped. Used by
// i18n-english-left.test.mjs and i18n-pages-es.test.mjs.

/** The probe example of the trained layer the sentence and multi-head lessons open on: its tokens. */
export const PROBE = ['0', '1', '2', '3', '4', '5', 'BOS'];

/** Common English words that Spanish does not use, as whole words. */
export const ENGLISH_WORDS = /(?:^|[\s(])(the|of|and|with|weights|each|every|is|are|this|to|from|its|when|which)(?=[\s,.:;)]|$)/i;

/**
 * A number written with a decimal point, as English writes it (the page in Spanish writes 0,85): a
 * run of digits and points not inside a name ("Mistral-7B-v0.1", "arXiv:2307.09288"); Spanish
 * thousands ("16.384", "1.000.000.000") are told apart by their groups of three.
 */
const DECIMAL_POINT = /(?<![\w:.\-])\d+(?:\.\d+)+(?![\w.])/g;
const THOUSANDS = /^[1-9]\d{0,2}(?:\.\d{3})+$/;

/**
 * [{ text, place }] for each visible text node of the page that reads as English: English words,
 * or a number with a decimal point. `place` names
 * its nearest landmark: a panel (`panel <name> <tag>`), else an element with an id (`#id <tag>`).
 * @param {import('playwright-core').Page} page
 * @param {string[]} tokens the words of the walkthrough's inputs, shown as they are
 * @returns {Promise<{ text: string, place: string }[]>}
 */
export function englishLeft(page, tokens = []) {
  return page.evaluate(({ source, decimal, thousands, tokens }) => {
    const english = new RegExp(source, 'i');
    const thousandsRun = new RegExp(thousands);
    const pointed = (/** @type {string} */ text) => (text.match(new RegExp(decimal, 'g')) ?? []).some((n) => !thousandsRun.test(n));
    // A source's title (a paper's) is cited as published.
    const skip = 'script, style, .katex, math, code, pre, textarea, [hidden], .term-source';
    const found = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (!parent || !text || parent.closest(skip) || parent.getClientRects().length === 0) continue;
      // A closed <details> shows its summary only.
      const details = parent.closest('details');
      if (details && !details.open && !parent.closest('summary')) continue;
      const words = text.replace(/“[^”]*”|«[^»]*»|"[^"]*"/g, ' ');
      if (words.split(/\s+/).every((w) => w === '' || tokens.includes(w.replace(/[.,:;]$/, '')))) continue;
      if (!english.test(words) && !pointed(words)) continue;
      const panel = parent.closest('[data-panel]');
      const withId = parent.closest('[id]');
      const tag = parent.tagName.toLowerCase();
      found.push({ text: text.slice(0, 140), place: panel ? `panel ${panel.getAttribute('data-panel')} ${tag}` : `#${withId?.id ?? 'body'} ${tag}` });
    }
    return found;
  }, { source: ENGLISH_WORDS.source, decimal: DECIMAL_POINT.source, thousands: THOUSANDS.source, tokens });
}
