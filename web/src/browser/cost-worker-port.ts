// The cost lab's measurements in a Web Worker, for the served page (entries/served-page.ts),
// falling back to the page's thread where the worker cannot start (worker-port.ts). Cancel
// terminates the worker, even in the middle of a measurement; the next Start starts a new one. Both the worker
// and the fallback time the full engine (compiled for speed), not the page's lite one (compiled
// for size), so a learner's figures are the same wherever they were measured.
import type { CostEngine, CostPort, CostReply, CostRequest } from '../session/cost/protocol.js';
import { t } from '../i18n/messages.js';
import { ENGINES } from '../session/engines.js';
import { workerPort } from './worker-port.js';

export const workerCostPort = (_pageLab: CostEngine): CostPort => workerPort<CostRequest, CostReply>({
  start: () => new Worker(new URL('../entries/cost-worker.ts', import.meta.url), { type: 'module', name: 'attention-lab-cost' }),
  fallback: () => Promise.all([import('../session/cost/same-thread.js'), ENGINES.full()])
    .then(([{ sameThreadCostPort }, lab]) => sameThreadCostPort(lab)),
  refuse: (message, error) => ({ type: 'refused', id: message.id, message: t('cost-engine-failed', { reason: error.message }) }),
});
