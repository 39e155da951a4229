// The cost lab's measurements by plan, for the page: every step of the lesson shows the same
// measurements, and going back to a plan measured before shows its numbers again. Only one plan
// measures at a time: asking for another cancels a running one (keeping what it measured).
import type { CostPlan } from '../../model/types.js';
import type { Session } from '../session.js';
import { CostMeasurement } from './measurement.js';
import type { CostEngine, CostPortFactory } from './protocol.js';
import { sameThreadCostPort } from './same-thread.js';

export class CostMeasurements {
  private readonly byPlan = new Map<string, CostMeasurement>();

  /** `portFactory`: where a plan is measured (default: on the page's thread, between frames). */
  constructor(private readonly lab: CostEngine, private readonly portFactory: CostPortFactory = sameThreadCostPort) {}

  /** Ends every run when another walkthrough opens: a measurement runs only while its lesson is open. */
  cancelOnOpening(session: Pick<Session, 'subscribe'>): this {
    session.subscribe((event) => {
      if (event.type === 'opened' && event.fresh) this.cancelAll();
    });
    return this;
  }

  of(plan: CostPlan): CostMeasurement {
    const key = JSON.stringify(plan);
    let measurement = this.byPlan.get(key);
    if (!measurement) {
      measurement = new CostMeasurement(plan, () => this.portFactory(this.lab));
      this.byPlan.set(key, measurement);
    }
    for (const other of this.byPlan.values()) if (other !== measurement) other.cancel();
    return measurement;
  }

  /** Ends any run (the page shows something else, or closes). */
  cancelAll(): void {
    for (const measurement of this.byPlan.values()) measurement.cancel();
  }
}
