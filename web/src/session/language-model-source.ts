// Where the lessons that read a language model get it: the one function the session calls for a
// kind whose descriptor says `languageModel: true` (kinds/descriptor.ts), and the only place that
// knows where the model comes from. Loaded once per engine; a load that failed (offline) is tried
// again when next asked for.
//
// Stand-in until the engine's lab.loadLanguageModel() (the shipped Shakespeare model, fetched)
// is on main: a model of the shipped shape (docs/language-model.md) with the engine's seeded
// initial weights and its byte tokenizer. Every number still comes from the engine; only the
// weights are untrained.
import type { AttentionLab, LanguageModel } from '../../lib/index.js';

/** The shipped model's shape (docs/language-model.md, "The shipped options"). */
const SHIPPED_SHAPE = { dModel: 64, heads: 4, kvHeads: 2, layers: 2, dFF: 172, context: 128 };

const loaded = new WeakMap<AttentionLab, Promise<LanguageModel>>();

/** The lessons' language model on `lab` (the full engine), loaded once. */
export function loadLessonModel(lab: AttentionLab): Promise<LanguageModel> {
  let model = loaded.get(lab);
  if (!model) {
    model = (async () => lab.createLanguageModel({ model: SHIPPED_SHAPE, seed: 0 }))();
    model.catch(() => loaded.delete(lab));
    loaded.set(lab, model);
  }
  return model;
}
