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

/** TeX's thin space, 3 mu. */
const THIN_SPACE = '<mspace width="0.1667em"></mspace>';

/**
 * Operator names (\ln, \log, \max) set as TeX sets them: KaTeX writes <mi>ln</mi><mo>⁡</mo>
 * (U+2061, function application), and MathML Core gives neither a space, so "w \ln w" showed as
 * "w lnw" and "k \log n" as "klogn". A thin space (TeX's 3 mu) after the name, and before it when
 * an ordinary symbol (a letter, a number, a subscripted letter) comes first; none after "=" or "(",
 * whose own spacing or none is right.
 */
function spacedOperatorNames(markup: string): string {
  return markup.replace(/(<\/(?:mi|mn|msub|msup|msubsup)>)?(<mi>[A-Za-z]{2,}<\/mi>)<mo>\u2061<\/mo>/g,
    (_, before: string | undefined, name: string) => `${before ?? ''}${before ? THIN_SPACE : ''}${name}<mo lspace="0" rspace="0.1667em">\u2061</mo>`);
}
/**
 * The formula's parts: where it writes two statements side by side (`A,\qquad B`, `A,\quad B`,
 * outside any braces), each is a part. The page lays the parts out in a row that wraps
 * (styles/step.css), so on a phone "B" (often the step's key result) moves under "A" instead of
 * running off the screen.
 */
export function formulaParts(latex: string): string[] {
  const parts: string[] = [];
  // Inside braces, an environment (\begin…\end) or \left…\right, a space is not a cut.
  let depth = 0;
  let start = 0;
  for (let at = 0; at < latex.length; at += 1) {
    const c = latex[at];
    if (c === '{') depth += 1;
    else if (c === '}') depth -= 1;
    else if (c === '\\') {
      const command = /^\\([A-Za-z]+|.)/.exec(latex.slice(at))?.[0] ?? '\\';
      if (command === '\\begin' || command === '\\left') depth += 1;
      else if (command === '\\end' || command === '\\right') depth -= 1;
      else if ((command === '\\qquad' || command === '\\quad') && depth === 0) {
        const part = latex.slice(start, at).trim().replace(/,$/, '').trim();
        if (part) parts.push(part);
        start = at + command.length;
      }
      at += command.length - 1;
    }
  }
  const last = latex.slice(start).trim();
  if (last) parts.push(last);
  return parts.length > 0 ? parts : [latex];
}

/** One part of a formula as MathML. */
function partMathml(katex: typeof katexModule, latex: string): string {
  const marked = latex.replaceAll('\\htmlClass{focus}{', `\\textcolor{${FOCUS_MARK}}{`);
  const markup = spacedOperatorNames(katex.renderToString(marked, { displayMode: true, throwOnError: false, output: 'mathml', strict: 'ignore' }));
  return markup
    .replaceAll(`mathcolor="${FOCUS_MARK}"`, 'class="focus"')
    // The annotation keeps the formula's LaTeX as its authors wrote it.
    .replaceAll(marked.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;'), latex.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;'));
}

export function formulaMathml(katex: typeof katexModule, latex: string): string {
  return formulaParts(latex).map((part) => partMathml(katex, part)).join('');
}
