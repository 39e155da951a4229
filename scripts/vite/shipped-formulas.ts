// Run at build time by prerender-formulas.js (through Vite's module runner, one import for all
// of the page's modules it needs): every formula the shipped walkthroughs show with their own
// inputs, typeset as the page typesets them.
import type katexModule from 'katex';
import type { AttentionLab } from '../../web/lib/index.js';
import { WALKTHROUGHS } from '../../web/src/model/walkthroughs.js';
import { loadKind } from '../../web/src/kinds/index.js';
import { formulaMathml } from '../../web/src/widgets/formula-mathml.js';

export async function shippedFormulas(lab: AttentionLab, katex: typeof katexModule): Promise<Record<string, string>> {
  const formulas: Record<string, string> = {};
  for (const walkthrough of WALKTHROUGHS.values()) {
    const kind = await loadKind(walkthrough.kind);
    for (const step of kind.build(lab, walkthrough, walkthrough.inputs).steps) formulas[step.formula] ??= formulaMathml(katex, step.formula);
  }
  return formulas;
}
