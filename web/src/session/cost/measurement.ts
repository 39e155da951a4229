// The cost lab's measurements, without a DOM: one measureCost call per (variant, n) of a plan,
// smallest n first (so a cancelled run has every variant at the sizes it reached), one at a time
// through a port, so progress is reported after each call and Cancel can end the run between
// two. Cancel closes the port (a worker is terminated, even in the middle of a call) and keeps
// what was measured; Start again measures only what is missing. Views subscribe to its events.
import type { CostPlan, CostVariant } from '../../model/types.js';
import { type CostPort, type CostReply, type CostResult, requestOf } from './protocol.js';

/** One (variant, n) of the plan: waiting, measured, or refused by the engine (a row note). */
export interface CostCell {
  variant: CostVariant;
  n: number;
  result?: CostResult;
  refused?: string;
}

export type MeasurementState = 'idle' | 'running' | 'cancelled' | 'finished';

export type MeasurementEvent =
  /** A cell was measured or refused; `cell` is the one now asked for next, if any. */
  | { type: 'progress'; done: number; total: number; cell: CostCell; next?: CostCell }
  | { type: 'state'; state: MeasurementState };

export class CostMeasurement {
  /** Every (variant, n) of the plan, in the order they are measured. */
  readonly cells: CostCell[];
  private port: CostPort | undefined;
  private stateNow: MeasurementState = 'idle';
  /** Counts requests, so that a reply from a cancelled run's port is recognised and dropped. */
  private nextId = 0;
  private asked: { id: number; cell: CostCell } | undefined;
  private readonly listeners = new Set<(event: MeasurementEvent) => void>();

  constructor(readonly plan: CostPlan, private readonly openPort: () => CostPort) {
    this.cells = plan.sizes.flatMap((n) => plan.variants.map((variant) => ({ variant, n })));
  }

  subscribe(listener: (event: MeasurementEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(event: MeasurementEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  get state(): MeasurementState {
    return this.stateNow;
  }

  /** Cells measured or refused. */
  get done(): number {
    return this.cells.filter(isDone).length;
  }

  get total(): number {
    return this.cells.length;
  }

  /**
   * The cell being measured, while running; between a reply and the next request (while the
   * listeners hear of the reply), the cell asked for next.
   */
  get current(): CostCell | undefined {
    if (this.stateNow !== 'running') return undefined;
    return this.asked?.cell ?? this.cells.find((c) => !isDone(c));
  }

  /** The cells of one variant, smallest n first. */
  cellsOf(variant: CostVariant): CostCell[] {
    return this.cells.filter((c) => c.variant === variant);
  }

  /** Measures every cell not measured yet; nothing happens while running or when all are done. */
  start(): void {
    if (this.stateNow === 'running' || this.done === this.total) return;
    const port = this.openPort();
    port.listen((reply) => this.receive(port, reply));
    this.port = port;
    this.setState('running');
    this.askNext();
  }

  /** Ends the run now (the worker is terminated); what was measured stays. */
  cancel(): void {
    if (this.stateNow !== 'running') return;
    this.closePort();
    this.setState('cancelled');
  }

  /** Forgets every measurement (and ends a run), to measure again from the start. */
  clear(): void {
    this.closePort();
    for (const cell of this.cells) {
      delete cell.result;
      delete cell.refused;
    }
    this.setState('idle');
  }

  private closePort(): void {
    this.port?.close();
    this.port = undefined;
    this.asked = undefined;
  }

  private askNext(): void {
    const cell = this.cells.find((c) => !isDone(c));
    if (!cell || !this.port) {
      this.closePort();
      this.setState('finished');
      return;
    }
    this.nextId += 1;
    this.asked = { id: this.nextId, cell };
    this.port.post(requestOf(this.plan, this.nextId, cell.variant, cell.n));
  }

  private receive(port: CostPort, reply: CostReply): void {
    // A reply from a port already closed, or to a request no longer awaited, changes nothing.
    if (port !== this.port || reply.id !== this.asked?.id) return;
    const { cell } = this.asked;
    if (reply.type === 'measured') cell.result = reply.result;
    else cell.refused = reply.message;
    this.asked = undefined;
    this.emit({ type: 'progress', done: this.done, total: this.total, cell, next: this.cells.find((c) => !isDone(c)) });
    // A listener may have cancelled meanwhile.
    if (port === this.port) this.askNext();
  }

  private setState(state: MeasurementState): void {
    this.stateNow = state;
    this.emit({ type: 'state', state });
  }
}

const isDone = (cell: CostCell) => cell.result !== undefined || cell.refused !== undefined;
