// Typesets the shipped walkthroughs' formulas when the page is built, as the virtual module
// `virtual:prerendered-formulas` (web/src/widgets/formula.ts): the page then shows every formula
// of every lesson, with its own inputs, without loading KaTeX (~77 KB gzip). The steps are built
// here exactly as the page builds them, by the page's own step builders and the engine (run in
// Node through Vite's module runner), so the LaTeX strings are the ones the page will ask for;
// formula-mathml.ts typesets them, as the page does for a formula an edit produces.
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';
import katex from 'katex';
import { loadAttentionLab } from '../../web/lib/index.js';

const ID = 'virtual:prerendered-formulas';
const RESOLVED = `\0${ID}`;

/** The formulas, by the page's own modules (TypeScript, JSON imports) run with Vite's module runner. */
async function prerendered() {
  const root = fileURLToPath(new URL('../../web/', import.meta.url));
  const entry = fileURLToPath(new URL('shipped-formulas.ts', import.meta.url));
  const [{ module }, lab] = await Promise.all([
    runnerImport(entry, { configFile: false, root, logLevel: 'error' }),
    loadAttentionLab(),
  ]);
  return module.shippedFormulas(lab, katex);
}

/** @returns {import('vite').Plugin} */
export function prerenderFormulas() {
  /** @type {Promise<Record<string, string>> | undefined} */
  let formulas;
  return {
    name: 'attention-lab:prerender-formulas',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    async load(id) {
      if (id !== RESOLVED) return undefined;
      formulas ??= prerendered();
      return `export const PRERENDERED = ${JSON.stringify(await formulas)};`;
    },
  };
}
