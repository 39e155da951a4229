// The current example as a LaTeX document: the formula and the matrices as bmatrix, with the
// numbers rounded as the page shows them (model/format.ts). An attention walkthrough gives the whole
// computation, Q, K and V to the output; other kinds give the step on screen. Captions, labels and
// texts are escaped, since tokens and walkthroughs are anyone's text.
import type { Panel, Step, Walkthrough } from '../model/types.js';
import { DEFAULT_LOCALE, formatWithDecimals, scientificParts, sharedDecimals, withoutLessonLinks } from '../model/format.js';
import { findGrid, gridOf, type GridPanel, isGridPanel } from './grid.js';

/** Wider or larger matrices run off the page as bmatrix; they are named, and left to the CSV export. */
const MAX_COLUMNS = 16;
const MAX_CELLS = 400;

/** Characters the page's texts use that pdfLaTeX cannot set from UTF-8 by itself. Others need XeLaTeX or LuaLaTeX. */
const UNICODE: Record<string, string> = {
  '−': '\\textminus{}', '×': '\\texttimes{}', '·': '\\textperiodcentered{}', 'ᵀ': '\\textsuperscript{T}',
  'ᵢ': '\\textsubscript{i}', 'ⱼ': '\\textsubscript{j}', 'ₖ': '\\textsubscript{k}', '√': '\\ensuremath{\\surd}', '∞': '\\ensuremath{\\infty}',
  'Σ': '\\ensuremath{\\Sigma}', '≤': '\\ensuremath{\\le}', '≥': '\\ensuremath{\\ge}', '≈': '\\ensuremath{\\approx}',
  '≠': '\\ensuremath{\\neq}', '→': '\\ensuremath{\\to}', '∂': '\\ensuremath{\\partial}', 'α': '\\ensuremath{\\alpha}',
  'β': '\\ensuremath{\\beta}', 'γ': '\\ensuremath{\\gamma}', 'δ': '\\ensuremath{\\delta}', 'η': '\\ensuremath{\\eta}', 'ε': '\\ensuremath{\\varepsilon}',
  'θ': '\\ensuremath{\\theta}', 'λ': '\\ensuremath{\\lambda}', 'μ': '\\ensuremath{\\mu}', 'π': '\\ensuremath{\\pi}',
  'σ': '\\ensuremath{\\sigma}', 'ω': '\\ensuremath{\\omega}', '²': '\\textsuperscript{2}',
};
const SPECIAL: Record<string, string> = {
  '\\': '\\textbackslash{}', '{': '\\{', '}': '\\}', $: '\\$', '&': '\\&', '#': '\\#', '^': '\\textasciicircum{}',
  _: '\\_', '%': '\\%', '~': '\\textasciitilde{}', '<': '\\textless{}', '>': '\\textgreater{}',
};
const SUBSCRIPT_DIGITS = '₀₁₂₃₄₅₆₇₈₉';

/** Text for LaTeX's text mode, one pass so nothing is escaped twice; line breaks become spaces. */
export function latexText(text: string): string {
  return text.replace(/[\\{}$&#^_%~<>]|[₀-₉]|[^\x00-\x7f]|[\r\n\f\v]+/g, (c) => {
    if (c in SPECIAL) return SPECIAL[c];
    const digit = SUBSCRIPT_DIGITS.indexOf(c);
    if (digit >= 0) return `\\textsubscript{${digit}}`;
    if (c in UNICODE) return UNICODE[c];
    return /^[\r\n\f\v]+$/.test(c) ? ' ' : c;
  });
}

/** A number as the page shows it in its matrix (`decimals`: the matrix's), in math mode: 0.140, -\infty, 1.2\times 10^{-5}. */
function latexNumber(x: number, decimals: number): string {
  // LaTeX source in any page language: a decimal comma would be read as punctuation in math mode.
  const shown = formatWithDecimals(x, decimals, 3, DEFAULT_LOCALE).replaceAll('−', '-');
  if (shown.endsWith('∞')) return shown.replace('∞', '\\infty');
  const parts = scientificParts(shown);
  return parts === undefined ? shown : `${parts[0]}\\times 10^{${parts[1]}}`;
}

/** The page's formula for LaTeX: without its KaTeX-only highlight, \htmlClass{focus}{…}, and with ASCII minus signs. */
function plainFormula(formula: string): string {
  const marker = '\\htmlClass{focus}{';
  let out = formula.replaceAll('−', '-');
  for (let at = out.indexOf(marker); at >= 0; at = out.indexOf(marker)) {
    let depth = 1;
    let end = at + marker.length;
    for (; end < out.length && depth > 0; end += 1) {
      if (out[end] === '\\') end += 1;
      else if (out[end] === '{') depth += 1;
      else if (out[end] === '}') depth -= 1;
    }
    out = out.slice(0, at) + out.slice(at + marker.length, end - 1) + out.slice(end);
  }
  return out;
}

const fits = (panel: GridPanel) => (panel.data[0]?.length ?? 0) <= MAX_COLUMNS && panel.data.length * (panel.data[0]?.length ?? 0) <= MAX_CELLS;

/** A panel as a captioned bmatrix (`symbol =` in front when given), or a note when too large to typeset. */
function matrixBlock(panel: GridPanel, symbol?: string): string[] {
  const g = gridOf(panel);
  const heading = `\\paragraph{${latexText(g.caption)}}`;
  const rows = g.data.length;
  const cols = g.data[0]?.length ?? 0;
  if (!fits(panel)) {
    return [heading, `${rows}\\texttimes{}${cols}: too large to typeset here; the CSV export has every number.`, ''];
  }
  const decimals = sharedDecimals(g.data.flat());
  const labels = `Rows: ${g.rowLabels.map(latexText).join(', ')}. Columns: ${g.colLabels.map(latexText).join(', ')}.`;
  return [
    heading,
    ...(g.detail ? [`${latexText(g.detail)}.`] : []),
    labels,
    '\\[',
    `${symbol ? `${symbol} = ` : ''}\\begin{bmatrix}`,
    ...g.data.map((row, i) => `  ${row.map((x) => latexNumber(x, decimals)).join(' & ')}${i < rows - 1 ? ' \\\\' : ''}`),
    '\\end{bmatrix}',
    '\\]',
    '',
  ];
}

function factsBlock(panel: Extract<Panel, { type: 'facts' }>): string[] {
  return [
    `\\paragraph{${latexText(panel.caption)}}`,
    '\\begin{itemize}',
    ...panel.facts.map(([label, value]) => `  \\item ${latexText(label)}: ${latexText(value)}`),
    '\\end{itemize}',
    '',
  ];
}

const display = (formula: string) => ['\\[', plainFormula(formula), '\\]', ''];

/** Q, K, V, the mask, scores, scaled, masked, weights and output, in the engine's order. */
const ATTENTION_MATRICES: [name: string, symbol: string][] = [
  ['query', 'Q'], ['key', 'K'], ['value', 'V'], ['mask', '\\mathrm{mask}'], ['scores', 'QK^{\\top}'],
  ['scaled', '\\frac{QK^{\\top}}{\\sqrt{d_k}}'], ['masked', '\\mathrm{masked}'], ['weights', 'A'], ['output', 'AV'],
];

function attentionBody(steps: Step[]): string[] {
  const formulas = steps.filter((s) => s.id === 'inputs' || s.id === 'mask').map((s) => s.formula);
  const blocks = ATTENTION_MATRICES.flatMap(([name, symbol]) => {
    const panel = findGrid(steps, name);
    return panel ? [matrixBlock(panel, symbol)] : [];
  });
  return [...formulas.flatMap(display), ...blocks.flat()];
}

function stepBody(step: Step): string[] {
  const other = step.panels.filter((p) => !isGridPanel(p) && p.type !== 'facts' && p.type !== 'parameters');
  return [
    `\\subsection*{${latexText(step.title)}}`,
    latexText(step.text),
    '',
    ...display(step.formula),
    ...step.panels.flatMap((p) => (isGridPanel(p) ? matrixBlock(p) : p.type === 'facts' ? factsBlock(p) : [])),
    ...(other.length > 0 ? [`% Not typeset: ${other.map((p) => latexText(p.caption)).join('; ')} (charts and word views are on the page).`, ''] : []),
  ];
}

/**
 * What a kind's LaTeX typesets: every matrix of the example in the engine's order (attention,
 * whose matrices fit a page), or the step on screen (the others, whose steps are too many).
 */
export type LatexScope = 'whole example' | 'step on screen';

/**
 * A standalone document (pdfLaTeX, amsmath): the whole example from the steps' panels, or the
 * step on screen (`current`, by default the first), as the kind's `scope` says.
 */
export function exampleLatex(walkthrough: Walkthrough, steps: Step[], scope: LatexScope, current: Step = steps[0]): string {
  const whole = scope === 'whole example';
  const shown = whole ? steps : [current];
  const widest = Math.max(10, ...shown.flatMap((s) => s.panels.filter(isGridPanel).filter(fits).map((p) => p.data[0]?.length ?? 0)));
  return [
    `% ${latexText(walkthrough.title)}: exported from Attention Lab.`,
    '% The numbers are the engine\'s, rounded to 3 decimals as the page shows them;',
    '% the CSV and Python exports carry every digit.',
    '\\documentclass{article}',
    '\\usepackage[T1]{fontenc}',
    '\\usepackage{amsmath,amssymb}',
    `\\setcounter{MaxMatrixCols}{${widest}}`,
    '\\begin{document}',
    '',
    `\\section*{${latexText(walkthrough.title)}}`,
    latexText(withoutLessonLinks(walkthrough.intro)),
    '',
    ...(whole ? attentionBody(steps) : stepBody(current)),
    '\\end{document}',
    '',
  ].join('\n');
}
