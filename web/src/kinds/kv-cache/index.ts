// The KV cache: a seeded random sequence decoded token by token by the engine's kvCacheDecode,
// checked against recomputing everything, and the cache's memory for a public model.
import type { KvCacheWalkthrough } from './inputs.js';
import type { KindModule } from '../kind.js';
import { withParameter } from '../shared/fields.js';
import { findModel } from './models.js';
import { kvCacheSteps, type KvCacheTraces } from './steps.js';
// "Explain this number" on its panels needs more than an attention call's explainers (their own chunk).
import '../shared/explain-more.js';

const kvCache: KindModule<KvCacheWalkthrough, KvCacheTraces> = {
  build: (lab, _walkthrough, inputs) => kvCacheSteps(lab, inputs),
  changeInputs: (_lab, inputs, name, value) => {
    // bytes is offered as a choice (text); a new model starts at its own training context.
    if (name === 'bytes') return { ...inputs, bytes: Number(value) };
    if (name === 'model') return { ...inputs, model: String(value), context: findModel(String(value))?.context ?? inputs.context };
    return withParameter(inputs, name, value);
  },
  loadScript: async () => {
    const { kvCacheScript } = await import('./script.js');
    return { script: (inputs, { trace }) => kvCacheScript(inputs, trace) };
  },
  latex: 'step on screen',
};

export default kvCache;
