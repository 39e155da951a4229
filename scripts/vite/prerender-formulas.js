// Typesets the shipped walkthroughs' formulas when the page is built, as two virtual modules
// (web/src/widgets/formula.ts): `virtual:prerendered-formulas`, the landing walkthrough's, in the
// page's first chunk, and `virtual:prerendered-formulas-more`, every other lesson's (about 8 KB
// gzip), which the page loads the first time it shows one. The page then shows every formula of
// every lesson, with its own inputs, without loading KaTeX (~77 KB gzip). The steps are built
// here exactly as the page builds them, by the page's own step builders and the engine (run in
// Node through Vite's module runner), so the LaTeX strings are the ones the page will ask for;
// formula-mathml.ts typesets them, as the page does for a formula an edit produces.
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';
import katex from 'katex';
import { loadAttentionLab } from '../../web/lib/index.js';

/** Each virtual module's id and the part of the tables it exports. */
const MODULES = new Map([['virtual:prerendered-formulas', 'landing'], ['virtual:prerendered-formulas-more', 'more']]);

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
  /** @type {Promise<{ landing: Record<string, string>, more: Record<string, string> }> | undefined} */
  let formulas;
  return {
    name: 'attention-lab:prerender-formulas',
    resolveId: (id) => (MODULES.has(id) ? `\0${id}` : undefined),
    async load(id) {
      const part = id.startsWith('\0') ? MODULES.get(id.slice(1)) : undefined;
      if (part === undefined) return undefined;
      formulas ??= prerendered();
      return `export const PRERENDERED = ${JSON.stringify((await formulas)[part])};`;
    },
  };
}
