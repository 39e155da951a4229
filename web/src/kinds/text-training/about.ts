// The text-training kind in an instructor's words (kinds/descriptor.ts's About).
import type { About } from '../descriptor.js';
import type { textTrainingInputs } from './inputs.js';

export default {
  summary: 'a language model trained in the browser on a text',
  description: 'A run of the engine\'s language-model trainer (createTrainer with task \'text\'): the text, the options set (the others are the engine\'s defaults) and the step it is trained to when the walkthrough opens.',
  fields: {
    text: 'What the model learns from, one token per character, its last tenth held out; at most 2,000 bytes (what a link holds). Left out: the opening of Shakespeare\'s Coriolanus (5,593 characters). It needs at least ten times `context` characters.',
    seed: 'Decides the initial weights and the batches; the same text, options and seed give the same model, bit for bit. 0 when left out.',
    dModel: 'Width of the residual stream (default 32), divisible by `heads` with an even quotient.',
    heads: 'Attention heads per layer (default 4).',
    layers: 'Decoder layers (default 2).',
    context: 'Characters the model reads at once (default 32); samples are at most this long.',
    learningRate: 'AdamW\'s rate after a warm-up of 20 steps (default 0.01); too large a rate makes the run diverge, which the page says.',
    batchSize: 'Windows of `context` characters per step (default 8).',
    steps: 'The step the model is trained to when the walkthrough opens, retrained in the browser; 0 opens it untrained.',
    speed: 'How fast Train goes: `step` (one step per press), 1, 5, 10, 25 or 100 steps a second, or `max` (default: as fast as the engine can).',
  },
} satisfies About<typeof textTrainingInputs>;
