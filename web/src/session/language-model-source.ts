// Where the lessons that read a language model get it: the one function the session calls for a
// kind whose descriptor says `languageModel: true` (kinds/descriptor.ts), and the only place that
// knows where the model comes from: the model the project ships (lab.loadLanguageModel(): the
// character-level Shakespeare model of docs/language-model.md, fetched beside the engine's wasm,
// 0.73 MB gzip). Loaded once per engine; a load that failed (offline) is tried again when next
// asked for.
import type { AttentionLab, LanguageModel } from '../../lib/index.js';

const loaded = new WeakMap<AttentionLab, Promise<LanguageModel>>();

/**
 * A source's refusal that is a sentence for the learner in full (an offline file made for another
 * lesson has no model to give): the session shows it as it is, not as a failed download.
 */
export class LanguageModelUnavailable extends Error {
  override readonly name = 'LanguageModelUnavailable';
}

/** The lessons' language model on `lab` (the full engine), loaded once. */
export function loadLessonModel(lab: AttentionLab): Promise<LanguageModel> {
  let model = loaded.get(lab);
  if (!model) {
    model = lab.loadLanguageModel();
    model.catch(() => loaded.delete(lab));
    loaded.set(lab, model);
  }
  return model;
}
