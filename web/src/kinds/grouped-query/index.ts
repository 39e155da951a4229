// Grouped- and multi-query attention: query heads reading shared key/value heads in blocks, the
// layer equal to multi-head attention with a key/value head per query head, one head for all,
// and the key/value cache of published models, every number from the engine.
import type { GroupedQueryWalkthrough } from './inputs.js';
import type { KindModule } from '../kind.js';
import { withParameter } from '../shared/fields.js';
import { explainGroupedQuery } from './explain.js';
import { groupedQuerySteps, type GroupedQueryTraces } from './steps.js';
// "Explain this number" on its panels needs more than an attention call's explainers (their own chunk).
import '../shared/explain-more.js';

const groupedQuery: KindModule<GroupedQueryWalkthrough, GroupedQueryTraces> = {
  build: (lab, _walkthrough, inputs) => groupedQuerySteps(lab, inputs),
  changeInputs: (_lab, inputs, name, value) => withParameter(inputs, name, value),
  loadScript: async () => {
    const { groupedQueryScript } = await import('./script.js');
    return { script: (inputs, { trace }) => groupedQueryScript(inputs, trace) };
  },
  latex: 'step on screen',
  explain: explainGroupedQuery,
};

export default groupedQuery;
