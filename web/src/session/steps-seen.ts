// The steps of the open walkthrough the learner has seen, and what the host hears of them: each
// step shown, and the walkthrough completed once every one of its steps has been.
import type { Step, Walkthrough } from '../model/types.js';
import type { ProgressEvent } from './events.js';

export class StepsSeen {
  private visited = new Set<string>();
  private done = false;

  constructor(private readonly report: (progress: ProgressEvent) => void) {}

  /** Whether every step of the walkthrough has been seen. */
  get completed(): boolean {
    return this.done;
  }

  /** Another walkthrough is open: none of its steps seen yet. */
  forget(): void {
    this.visited = new Set();
    this.done = false;
  }

  /** Step `index` of `steps` is shown. */
  see(walkthrough: Walkthrough, steps: readonly Step[], index: number): void {
    const common = { lesson: walkthrough.lesson, walkthrough: walkthrough.id, total: steps.length };
    this.report({ type: 'step', ...common, step: steps[index].id, index });
    this.visited.add(steps[index].id);
    if (!this.done && steps.every((s) => this.visited.has(s.id))) {
      this.done = true;
      this.report({ type: 'completed', ...common });
    }
  }
}
