// The cost lab's measurements in a Web Worker, for the served page (main.ts), falling back to the
// page's thread where the worker cannot start (entries/worker-port.ts). Cancel terminates the
// worker, even in the middle of a measurement; the next Start starts a new one.
import type { CostEngine, CostPort, CostReply, CostRequest } from '../session/cost/protocol.js';
import { workerPort } from './worker-port.js';

export const workerCostPort = (lab: CostEngine): CostPort => workerPort<CostRequest, CostReply>(
  () => new Worker(new URL('../session/cost/worker.ts', import.meta.url), { type: 'module', name: 'attention-lab-cost' }),
  () => import('../session/cost/same-thread.js').then(({ sameThreadCostPort }) => sameThreadCostPort(lab)),
);
