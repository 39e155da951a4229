// Training in a Web Worker, for the served page (main.ts), falling back to training on the page's
// thread where the worker cannot start (entries/worker-port.ts).
import type { AttentionLab } from '../../lib/index.js';
import type { TrainingPort, TrainingReply, TrainingRequest } from '../session/training/protocol.js';
import { workerPort } from './worker-port.js';

export const workerTrainingPort = (lab: AttentionLab): TrainingPort => workerPort<TrainingRequest, TrainingReply>(
  () => new Worker(new URL('../session/training/worker.ts', import.meta.url), { type: 'module', name: 'attention-lab-training' }),
  () => import('../session/training/same-thread.js').then(({ sameThreadPort }) => sameThreadPort(lab)),
);
