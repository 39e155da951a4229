// The language model this lesson reads, held once per engine. A stand-in of the shipped model's
// shape (2 layers of 4 query heads over 2 key/value heads, d_model 64), seeded, not trained,
// until the page's source of the shipped model reaches this branch; the steps take any model.
import type { AttentionLab, LanguageModel } from '../../../lib/index.js';

const held = new WeakMap<AttentionLab, LanguageModel>();

export function lessonModel(lab: AttentionLab): LanguageModel {
  let model = held.get(lab);
  if (!model) {
    model = lab.createLanguageModel({ model: { dModel: 64, heads: 4, kvHeads: 2, layers: 2, dFF: 172, context: 128 }, seed: 0 });
    held.set(lab, model);
  }
  return model;
}
