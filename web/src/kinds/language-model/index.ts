// A language model, step by step: the lessons' language model reads the learner's prompt pass by
// pass to the next token's distribution, draws a token through temperature, top-k and top-p, and
// generates more with its KV caches. The model comes from the session (the descriptor's
// languageModel).
import type { LanguageModelWalkthrough } from './inputs.js';
import type { KindModule } from '../kind.js';
import { panelCell } from '../shared/explain-terms.js';
import { withParameter } from '../shared/fields.js';
import { languageModelSteps } from './steps.js';
import type { LanguageModelTraces } from './traces.js';
// "Explain this number" on its panels needs more than an attention call's explainers (their own chunk).
import '../shared/explain-more.js';

const languageModel: KindModule<LanguageModelWalkthrough, LanguageModelTraces> = {
  build: (lab, _walkthrough, inputs, _trained, model) => {
    if (!model) throw new Error('the lesson "A language model, step by step" reads the lessons\' language model, which the session gives it');
    return languageModelSteps(lab, model, inputs);
  },
  changeInputs: (_lab, inputs, name, value) => withParameter(inputs, name, value),
  loadScript: async () => {
    const { languageModelScript } = await import('./script.js');
    return { script: (inputs, { trace }) => languageModelScript(inputs, trace) };
  },
  latex: 'step on screen',
  explain: ({ trace }, panel, row, column) => {
    const words = trace.cells[panel.name];
    if (!words) return undefined;
    const { cell, name, done } = panelCell(panel, row, column);
    const { lines, note } = words(row, column, name, cell);
    return done(lines, note);
  },
};

export default languageModel;
