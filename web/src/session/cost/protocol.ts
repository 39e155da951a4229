// The messages between the cost lab's measurement (measurement.ts) and the cost host
// (cost-host.ts), which runs the engine's measureCost in a Web Worker or, where a worker cannot
// start (the offline single file, a CSP without worker-src), on the page's thread. One request
// is one measureCost call; every number in a reply is the engine's.
import type { CostPlan, CostVariant } from '../../model/types.js';
import type { Port } from '../training/protocol.js';

/** What measureCost returns (its contract): the time of each repeat, the largest intermediate, the multiply-adds. */
export interface CostResult {
  variant: string;
  n: number;
  d: number;
  /** One per repeat, timed around the kernel only. */
  seconds: number[];
  /** Cells of the largest single intermediate the call allocated. */
  peakCells: number;
  multiplyAdds: number;
}

/** The part of the engine the cost host calls. */
export interface CostEngine {
  measureCost(args: Omit<CostRequest, 'id'>): CostResult;
}

/** One measureCost call. `id` is echoed in the reply, so a late reply to an older run is recognised. */
export interface CostRequest {
  id: number;
  variant: CostVariant;
  n: number;
  d: number;
  repeats: number;
  block: number;
  window: number;
  seed: number;
}

export type CostReply =
  | { type: 'measured'; id: number; result: CostResult }
  /** The engine refused this size (e.g. past its memory cap): `message` is its AttentionError's. */
  | { type: 'refused'; id: number; message: string };

export type CostPort = Port<CostRequest, CostReply>;

/** Starts a cost host for the page (in a worker, or on the page's thread). */
export type CostPortFactory = (lab: CostEngine) => CostPort;

/** The measureCost arguments of one (variant, n) of a plan. */
export const requestOf = (plan: CostPlan, id: number, variant: CostVariant, n: number): CostRequest =>
  ({ id, variant, n, d: plan.d, repeats: plan.repeats, block: plan.block, window: plan.window, seed: plan.seed });
