// A step's formula as MathML, from KaTeX. Shared by the page (formula.ts, KaTeX loaded on
// demand) and the build (scripts/vite/prerender-formulas.js, which typesets the shipped
// walkthroughs' formulas ahead of time), so both give the same markup for the same LaTeX.
//
// MathML rather than KaTeX's HTML: browsers lay it out themselves (MathML Core, in Chromium,
// Firefox and WebKit), so no KaTeX style sheet and no font files are needed, and screen readers
// read it as they read KaTeX's hidden MathML before.
import type katexModule from 'katex';

/**
 * The part a step computes is written \htmlClass{focus}{…} in the formulas. KaTeX's MathML drops
 * \htmlClass, so it is typeset as this colour, whose attribute then becomes class="focus" (the
 * page styles it, in each colour scheme).
 */
const FOCUS_MARK = '#0f0c05';

export function formulaMathml(katex: typeof katexModule, latex: string): string {
  const marked = latex.replaceAll('\\htmlClass{focus}{', `\\textcolor{${FOCUS_MARK}}{`);
  const markup = katex.renderToString(marked, { displayMode: true, throwOnError: false, output: 'mathml', strict: 'ignore' });
  return markup
    .replaceAll(`mathcolor="${FOCUS_MARK}"`, 'class="focus"')
    // The annotation keeps the formula's LaTeX as its authors wrote it.
    .replaceAll(marked.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;'), latex.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;'));
}
