// English left on a page shown in another language: the visible text nodes that read as English
// (they hold common English words), each with where it sits, for tests/e2e/i18n.test.mjs. Formulas
// (KaTeX, MathML), code and the tokens a walkthrough reads (its own input, e.g. "the cat sat")
// are not the page's words and are skipped.

/** Common English words that Spanish does not use, as whole words. */
export const ENGLISH_WORDS = /(?:^|[\s(“"])(the|of|and|with|weights|each|every|is|are|this|to|from|its|when|which)(?=[\s,.:;)”"]|$)/i;

/**
 * Runs in the page: [{ text, place }] for each visible text node that reads as English. `place`
 * names its nearest landmark: a panel (data-panel), an element with an id, or its tag and class.
 * @param {import('playwright-core').Page} page
 * @param {string[]} tokens words the walkthrough's inputs hold, which a heatmap or table shows as they are
 */
export function englishLeft(page, tokens = []) {
  return page.evaluate(({ source, tokens }) => {
    const english = new RegExp(source, 'i');
    const skip = 'script, style, .katex, math, code, pre, textarea, [hidden], .visually-hidden, .sr-only';
    const found = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent.replace(/\s+/g, ' ').trim();
      if (!parent || !text || parent.closest(skip)) continue;
      // Text in a closed <details> or a hidden element is not seen.
      if (parent.closest('details:not([open]) > :not(summary)') || parent.getClientRects().length === 0) continue;
      // A walkthrough's own tokens ("the cat sat on the mat") are its input, not the page's words.
      const words = text.split(/\s+/);
      if (words.every((w) => tokens.includes(w.replace(/[.,:;]$/, '')))) continue;
      if (!english.test(text)) continue;
      const panel = parent.closest('[data-panel]');
      const withId = parent.closest('[id]');
      const place = panel ? `panel ${panel.dataset.panel} ${parent.tagName.toLowerCase()}` : withId ? `#${withId.id} ${parent.tagName.toLowerCase()}` : `${parent.tagName.toLowerCase()}.${parent.className}`;
      found.push({ text: text.slice(0, 120), place });
    }
    return found;
  }, { source: ENGLISH_WORDS.source, tokens });
}
