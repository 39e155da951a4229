// Training in a Web Worker, for the served page (entries/served-page.ts), falling back to
// training on the page's thread where the worker cannot start (worker-port.ts). The page itself
// runs on the lite engine ({ training: false }: no trainer compiled in), so the fallback loads
// the full engine, as the worker does, before it trains.
import type { AttentionLab } from '../../lib/index.js';
import { t } from '../i18n/messages.js';
import { ENGINES } from '../session/engines.js';
import type { TrainingPort, TrainingReply, TrainingRequest } from '../session/training/protocol.js';
import { workerPort } from './worker-port.js';

export const workerTrainingPort = (_pageLab: AttentionLab): TrainingPort => workerPort<TrainingRequest, TrainingReply>({
  start: () => new Worker(new URL('../entries/training-worker.ts', import.meta.url), { type: 'module', name: 'attention-lab-training' }),
  fallback: () => Promise.all([import('../session/training/same-thread.js'), ENGINES.full()])
    .then(([{ sameThreadPort }, lab]) => sameThreadPort(lab)),
  // Nothing can train: every request waiting is refused with the reason, none is lost silently.
  refuse: (message, error) => ({
    type: 'refused',
    request: message.type,
    message: t('training-engine-failed', { reason: error.message }),
    ...(message.type === 'create' ? { id: message.id } : {}),
  }),
});
