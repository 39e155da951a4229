// The explanations the worked example does not show: the numbers around attention
// (explain-layers.ts), linear attention's state (explain-linear.ts) and the backward pass's
// gradients (explain-backward.ts), with their words. A chunk of its own, imported by every kind's
// module but attention's, so the landing page carries neither their code nor their words.
import { explainGradient } from './explain-backward.js';
import { registerExplainers } from './explain.js';
import { explainLayerCell } from './explain-layers.js';
import { explainLinearState } from './explain-linear.js';

registerExplainers({ layer: explainLayerCell, linearState: explainLinearState, gradient: explainGradient });
