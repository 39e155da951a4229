// Flash attention, tile by tile: attention's inputs computed by the engine's flashAttention one
// tile at a time, proven equal to full attention. Its cells are editable as attention's; sizes,
// seed, tile size and order change its inputs.
import type { FlashWalkthrough } from './inputs.js';
import { changeAttentionInputs, editCell } from '../attention/edits.js';
import type { KindModule } from '../kind.js';
import { withParameter } from '../shared/fields.js';
import { explainFlash } from './explain.js';
import { flashSteps } from './steps.js';
import type { FlashTraces } from './tiles.js';
// "Explain this number" on its panels needs more than an attention call's explainers (their own chunk).
import '../shared/explain-more.js';

const TILE_PARAMETERS = ['blockRows', 'blockCols', 'order'];

const flash: KindModule<FlashWalkthrough, FlashTraces> = {
  build: (lab, walkthrough, inputs) => flashSteps(lab, { inputs, queryLabels: walkthrough.queryLabels, keyLabels: walkthrough.keyLabels }),
  changeInputs: (lab, inputs, name, value) => {
    if (TILE_PARAMETERS.includes(name) || typeof value !== 'number') return withParameter(inputs, name, value);
    // A size or seed: attention's new inputs, and tiles that still fit the new n and m.
    const next = { ...inputs, ...changeAttentionInputs(lab, inputs, name, value) };
    return { ...next, blockRows: Math.min(next.blockRows, next.query.length), blockCols: Math.min(next.blockCols, next.key.length) };
  },
  editCell,
  loadScript: async () => {
    const { flashScript } = await import('./script.js');
    return { script: (inputs) => flashScript(inputs) };
  },
  latex: 'step on screen',
  explain: explainFlash,
};

export default flash;
