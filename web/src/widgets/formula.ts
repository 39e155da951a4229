// Formulas as MathML (formula-mathml.ts). The shipped walkthroughs' formulas are typeset when
// the page is built (scripts/vite/prerender-formulas.js), so the page shows them without loading
// KaTeX (about 77 KB gzip, a third of the landing page): the landing walkthrough's in this chunk,
// the other lessons' in one the page loads the first time it needs one (about 8 KB gzip, which
// the landing page does not carry). A formula that only an edit produces (another d_k, another
// sentence length) loads KaTeX on demand, once.
import { PRERENDERED } from 'virtual:prerendered-formulas';
import { formulaMathml } from './formula-mathml.js';

/** Formulas typeset in this page so far, on top of the prerendered ones. */
const typeset = new Map<string, string>();
/** The formula each element should show: a late result for an older one is dropped. */
const wanted = new WeakMap<HTMLElement, string>();
/** The other lessons' prerendered formulas, once loaded (then found without waiting). */
let more: Readonly<Record<string, string>> | undefined;
let moreLoading: Promise<Readonly<Record<string, string>>> | undefined;
let katex: Promise<typeof import('katex')> | undefined;

/** MathML for `latex`, typeset with KaTeX unless a prerendered table has it. */
async function typesetLater(latex: string): Promise<string> {
  moreLoading ??= import('virtual:prerendered-formulas-more').then((module) => (more = module.PRERENDERED));
  const prerendered = (await moreLoading)[latex];
  if (prerendered !== undefined) return prerendered;
  katex ??= import('katex');
  const markup = formulaMathml((await katex).default, latex);
  typeset.set(latex, markup);
  return markup;
}

/**
 * Makes formulas ready to show at once: those the two prerendered tables lack typeset with
 * KaTeX, after loading the other lessons' table if one is needed. Printing lays a handout out
 * from the browser's own print command (beforeprint) with no time to wait for either.
 */
export function prepareFormulas(latexes: readonly string[]): Promise<void> {
  const missing = latexes.filter((latex) => latex !== '' && PRERENDERED[latex] === undefined && more?.[latex] === undefined && !typeset.has(latex));
  return Promise.all(missing.map(typesetLater)).then(() => undefined);
}

/** Shows `latex` in `target`; the promise settles once it is on screen (at once unless KaTeX has to load). */
export function renderFormula(target: HTMLElement, latex: string): Promise<void> {
  wanted.set(target, latex);
  // A step without a formula (an exercise) shows none: nothing to typeset, no KaTeX to load,
  // and the element stays :empty, so it takes no room (styles/step.css).
  if (latex === '') {
    target.replaceChildren();
    target.removeAttribute('aria-busy');
    return Promise.resolve();
  }
  const ready = PRERENDERED[latex] ?? more?.[latex] ?? typeset.get(latex);
  if (ready !== undefined) {
    target.innerHTML = ready; // built here or at build time from our own step formulas, never from a link
    target.removeAttribute('aria-busy');
    return Promise.resolve();
  }
  // Empty until the table or KaTeX has loaded (a few milliseconds, or a few tens), rather than an
  // outdated formula.
  target.replaceChildren();
  target.setAttribute('aria-busy', 'true');
  return typesetLater(latex).then((markup) => {
    if (wanted.get(target) !== latex) return;
    target.innerHTML = markup;
    target.removeAttribute('aria-busy');
  });
}

/** The smallest a formula is shrunk to fit its box (of its size in the style sheet); below that it scrolls. */
const SMALLEST = 0.75;

/**
 * Shrinks a formula whose widest part is wider than its box (a phone), down to SMALLEST of its
 * size, so that most formulas fit; one that still does not fit scrolls and shows it (widgets/dom.ts).
 */
export function fitFormula(target: HTMLElement): void {
  const parts = [...target.querySelectorAll<HTMLElement>('math')];
  if (parts.length === 0) return;
  for (const math of parts) math.style.fontSize = '';
  const room = target.clientWidth;
  const width = Math.max(...parts.map((math) => math.getBoundingClientRect().width));
  if (room === 0 || width <= room) return;
  const size = parseFloat(getComputedStyle(parts[0]).fontSize);
  const fitted = `${Math.floor(size * Math.max(SMALLEST, (room - 1) / width) * 100) / 100}px`;
  for (const math of parts) math.style.fontSize = fitted;
}
