// The training kind in an instructor's words (kinds/descriptor.ts's About).
import type { About } from '../descriptor.js';
import type { trainingInputs } from './inputs.js';

export default {
  summary: 'a small transformer trained in the browser',
  description: 'A run of the engine\'s trainer: the task, the options set (the others are the task\'s defaults) and the step it is trained to when the walkthrough opens.',
  fields: {
    task: 'What the model learns: reverse or sort a sequence, induction (continue a repeated pattern), classify Iris flowers, or compare (is the previous symbol larger than the first?), whose one layer needs two heads with different patterns.',
    seed: 'Decides the initial weights, the data and dropout; the same options and seed give the same run, bit for bit. The task\'s default (0) when left out.',
    dModel: 'Width d_model of every token\'s vector, divisible by `heads` (iris: at least 2). The task\'s default when left out.',
    heads: 'Attention heads per layer. The task\'s default when left out.',
    layers: 'Encoder layers. The task\'s default when left out.',
    dFF: 'Hidden width of each feed-forward block. The task\'s default when left out.',
    learningRate: 'The optimizer\'s step size; too large a rate makes the run diverge, which the page says. The task\'s default when left out.',
    batchSize: 'Examples per step (iris: at most 120). The task\'s default when left out.',
    optimizer: 'Adam, AdamW (decoupled weight decay) or plain SGD. The task\'s default when left out.',
    weightDecay: 'AdamW\'s decoupled decay, or L2 for Adam and SGD. The task\'s default when left out.',
    dropout: 'Probability of zeroing an attention weight while training. The task\'s default when left out.',
    steps: 'The step the model is trained to when the walkthrough opens, retrained in the browser; 0 opens it untrained.',
    speed: 'How fast Train goes: `step` (one step per press), 1, 5, 10, 25 or 100 steps a second, or `max` (as fast as the engine can). Retraining to `steps` always goes as fast as it can.',
  },
} satisfies About<typeof trainingInputs>;
