// Where a walkthrough's trained layer comes from, without a DOM: the training lesson's run at the
// step it stopped at, or a link's run retrained in the trainer host (a Web Worker on the page)
// to the same step, which gives the same weights bit for bit. Either way the numbers are the
// engine's: its parameters() and its attention() on the probe, taken at the same step.
import { trainedLayer, type TrainedLayer, type TrainedSource } from '../../model/trained-layer.js';
import type { TrainingPort } from './protocol.js';
import { TrainingSession } from './training-session.js';
import { trainingT as t } from './words-en.js';

/**
 * Layer `layer` of the training session's model at its current step. Rejects (with a sentence
 * for a notice) while it trains, after it diverged, or for a layer the model does not have.
 */
export async function layerOfSession(session: TrainingSession, layer: number): Promise<TrainedLayer> {
  if (session.running) throw new Error(t('layer-pause-first'));
  if (session.state === 'diverged') throw new Error(t('layer-diverged'));
  const { config } = session;
  const { step, parameters } = await session.parameters();
  // The snapshot is taken when training stops, so it belongs to the same step as the parameters.
  const snapshot = session.snapshot;
  if (!config || !snapshot || snapshot.step !== step) throw new Error(t('layer-not-yet', { step: String(step) }));
  return trainedLayer({ options: session.options, steps: step, layer }, config, snapshot.attention, parameters);
}

/** How far a retraining has come, for a progress bar. */
export interface RetrainProgress {
  step: number;
  target: number;
}

/**
 * Retrains the run `source` names to its step, in a new trainer host on `port`, and gives its
 * layer; the host is closed afterwards. Rejects with the engine's sentence when it refuses the
 * options or the run diverges.
 */
export function retrainLayer(
  port: TrainingPort,
  source: TrainedSource,
  onProgress: (progress: RetrainProgress) => void = () => undefined,
  /** Aborted when the learner goes elsewhere first: the host is closed and the promise rejects. */
  signal?: AbortSignal,
): Promise<TrainedLayer> {
  const session = new TrainingSession(port);
  let refusal = '';
  return new Promise<TrainedLayer>((resolve, reject) => {
    signal?.addEventListener('abort', () => reject(new Error(t('retrain-cancelled'))));
    const finish = () => {
      layerOfSession(session, source.layer).then((layer) => resolve({ ...layer, source }), reject);
    };
    session.subscribe((event) => {
      if (event.type === 'notice') refusal = event.message;
      else if (event.type === 'progress') onProgress({ step: session.step, target: source.steps });
      else if (event.type === 'state') {
        if (session.state === 'diverged') reject(new Error(t('retrain-diverged', { reason: session.divergedMessage })));
        else if (session.state === 'finished' || (session.state === 'ready' && source.steps === 0)) finish();
      }
    });
    void session.configure(source.options, source.steps).then((created) => {
      if (!created) reject(new Error(refusal || t('retrain-refused')));
    });
  }).finally(() => session.dispose());
}
