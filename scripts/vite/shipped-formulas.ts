// Run at build time by prerender-formulas.js (through Vite's module runner, one import for all
// of the page's modules it needs): every formula the shipped walkthroughs show with their own
// inputs, typeset as the page typesets them.
import type katexModule from 'katex';
import type { AttentionLab } from '../../web/lib/index.js';
import { DEFAULT_WALKTHROUGH, WALKTHROUGHS } from '../../web/src/model/walkthroughs.js';
import { descriptorOf, isStepped, KINDS as KIND_NAMES, loadKind } from '../../web/src/kinds/index.js';
import { loadLessonModel } from '../../web/src/session/language-model-source.js';
import { wholeBuild, type AnyKindModule } from '../../web/src/kinds/kind.js';
import { formulaMathml } from '../../web/src/widgets/formula-mathml.js';

// Every kind's module, loaded while this module is imported: the registry loads them on demand,
// and the module runner that imports this file is closed once the import is done. A kind drawn by
// a view of its own has no steps, so no formulas.
const KINDS = new Map<string, AnyKindModule>(
  await Promise.all(KIND_NAMES.filter(isStepped).map(async (kind) => [kind, await loadKind(kind)] as const)),
);

/**
 * MathML by LaTeX: `landing` for the landing walkthrough's formulas (in the page's first chunk),
 * `more` for every other shipped walkthrough's (a chunk the page loads when it first needs one).
 */
export async function shippedFormulas(lab: AttentionLab, katex: typeof katexModule): Promise<{ landing: Record<string, string>, more: Record<string, string> }> {
  const landing: Record<string, string> = {};
  const more: Record<string, string> = {};
  for (const walkthrough of WALKTHROUGHS.values()) {
    const kind = KINDS.get(walkthrough.kind);
    if (!kind) continue;
    const table = walkthrough.id === DEFAULT_WALKTHROUGH ? landing : more;
    // A lesson that reads the language model is handed it, as the session hands it.
    const model = descriptorOf(walkthrough.kind).languageModel ? await loadLessonModel(lab) : undefined;
    for (const step of wholeBuild(kind.build(lab, walkthrough, walkthrough.inputs, undefined, model)).steps) table[step.formula] ??= formulaMathml(katex, step.formula);
  }
  for (const latex of Object.keys(landing)) delete more[latex];
  return { landing, more };
}
