// The trained layer the page ships: QUICK_TRAINING's run, trained by the engine's own trainer when
// the data was made (scripts/trained-weights.mjs), not on the page. The file keeps what the
// trainer reported (its options, layer 0's parameters, its attention on the probe) and
// trainedLayer picks the layer from them as it does for a run the learner trains. Loaded on
// demand, as its own chunk: choosing trained weights, or a link naming this run, fetches it; no
// lesson fetches it on opening.
import type { Matrix, TrainerAttention, TrainerConfig, Vector } from '../../lib/index.js';
import { trainedLayer, type TrainedLayer, type TrainedSource } from './trained-layer.js';

/** model/trained-reverse.json, as scripts/trained-weights.mjs writes it. */
export interface ShippedTrainingFile {
  about: string;
  source: TrainedSource;
  config: TrainerConfig;
  evaluation: { loss: number; accuracy: number };
  attention: Pick<TrainerAttention, 'tokens' | 'inputs' | 'weights' | 'causal'>;
  parameters: Record<string, Matrix | Vector>;
}

/** The layer a shipped file holds. */
export function shippedLayer(file: ShippedTrainingFile): TrainedLayer {
  const layer = trainedLayer(file.source, file.config, file.attention as TrainerAttention, file.parameters);
  return { ...layer, evaluation: file.evaluation };
}

let loading: Promise<TrainedLayer> | undefined;

/** The shipped layer, fetched once (and again after a failed fetch). */
export function loadShippedTrained(): Promise<TrainedLayer> {
  if (!loading) {
    const load = import('./trained-reverse.json').then((m) => shippedLayer(m.default as unknown as ShippedTrainingFile));
    load.catch(() => { loading = undefined; });
    loading = load;
  }
  return loading;
}
