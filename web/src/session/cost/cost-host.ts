// The engine's side of the cost lab: one measureCost call per request, its result or its refusal
// as the reply. It knows no transport: entries/cost-worker.ts runs it in a Web Worker,
// same-thread.ts on the page's thread.
import type { CostEngine, CostReply, CostRequest } from './protocol.js';

export function measure(lab: CostEngine, { id, ...args }: CostRequest): CostReply {
  try {
    return { type: 'measured', id, result: lab.measureCost(args) };
  } catch (error) {
    return { type: 'refused', id, message: error instanceof Error ? error.message : String(error) };
  }
}
