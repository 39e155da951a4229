// The words of the lesson "Train your own" in English: its controls, status, figures and their
// explanations, chart, samples and announcements; the source of words-es.ts, in the lesson's own
// chunk. Fluent syntax, single-line messages (i18n/messages.ts); numbers come in as text written
// by model/format.ts.
import { kindWords } from '../../i18n/messages.js';

export const ENGLISH = `
text-train-setup-label = Your text and your model
text-train-text-label = The text the model learns from
text-train-text-help = Paste any text: the model reads it one character at a time. Its last tenth is held out to test the model on.
text-train-text-count = The run’s text has { $vocab } different characters: the model’s vocabulary.
text-train-text-in-link = The link to this page keeps this text.
text-train-text-not-in-link = This text is { $bytes } bytes: too long for a link (at most { $most }). The link keeps the options, the seed and the steps; whoever opens it trains on the built-in passage unless they paste your text.
text-train-use-text = Train on this text
text-train-use-passage = Use the built-in passage
text-train-empty = The box was empty, so the model keeps the text it had: paste a text to train on, or press “Use the built-in passage”.
text-train-passage-note = The built-in passage is the opening of Shakespeare’s Coriolanus.
text-train-options-label = The model and its training
text-train-option-seed = Seed
text-train-option-context = Context (characters)
text-train-option-dmodel = Width d_model
text-train-option-heads = Heads
text-train-option-layers = Layers
text-train-option-learningrate = Learning rate
text-train-option-batchsize = Windows a step
text-train-option-default = default { $value }
text-train-target = Train to step
text-train-button-train = Train
text-train-button-step = Take one step
text-train-button-pause = Pause
text-train-button-resume = Resume
text-train-button-reset = Start again
text-train-status = Step { $step } of { $target } — { $state }
text-train-state-starting = starting the engine
text-train-state-ready = untrained
text-train-state-training = training
text-train-state-replaying = retraining to the link’s step
text-train-state-paused = paused
text-train-state-finished = done
text-train-state-diverged = diverged
text-train-diverged-advice = { $why } Lower the learning rate and press Start again.
text-train-figures-label = How surprised the model is
text-train-figure-held-out = Held-out loss at step { $step }
text-train-figure-bigram = Bigram model
text-train-figure-uniform = A guess that knows nothing
text-train-figure-batch = Last step’s batch loss
text-train-explain = Explain
text-train-explain-held-out = The mean of −ln p(next character) over { $scored } predictions in the held-out tenth of the text, which the model never trains on: { $loss } nats (exactly { $exact }). The lower it is, the more probability the model gave the characters that came.
text-train-explain-bigram = A bigram model counts, in the nine tenths the model trains on, which character follows which, and predicts from those counts alone (smoothed so no pair has probability 0). On the same held-out tenth its loss is { $loss } nats. A model that beats it has learned more than which letter follows which.
text-train-explain-uniform = ln { $vocab } = { $loss }: the loss of giving each of the text’s { $vocab } different characters the same probability, 1/{ $vocab }. The untrained model starts near it.
text-train-explain-batch = The mean loss of the { $windows } windows of { $context } characters the model trained on at step { $step }, before that step’s update: { $loss } nats. It wanders because each step draws other windows.
text-train-chart-heading = The loss as it trains
text-train-chart-caption = Loss (nats per character) of each step’s batch and of the held-out tenth, every 25 steps, with the bigram model’s and a blind guess’s for comparison.
text-train-chart-step = step
text-train-chart-loss = loss (nats)
text-train-series-batch = batch loss
text-train-series-held-out = held-out loss
text-train-reference-bigram = bigram model
text-train-reference-uniform = blind guess
text-train-samples-heading = What it writes
text-train-samples-help = Every 25 steps the engine continues “{ $prompt }” to the end of its context, drawing each at temperature 0.8 with the same seed: only the model changes from one sample to the next.
text-train-sample-step = step { $step }
text-train-refused = The engine refused these options: { $reason }
text-train-announce-training = Training to step { $step }.
text-train-announce-paused = Paused at step { $step }; held-out loss { $loss }.
text-train-announce-finished = Reached step { $step }; held-out loss { $loss }.
text-train-announce-retrained = Retrained to step { $step }; held-out loss { $loss }.
text-train-announce-replaying = Retraining to step { $step }.
text-train-announce-diverged = Training diverged at step { $step }.
`;

export const textTrainingT = kindWords(ENGLISH, { es: () => import('./words-es.js').then((m) => m.SPANISH) });
