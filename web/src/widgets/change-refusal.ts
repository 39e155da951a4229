// Where a refusal of the learner's own change is said: beside the controls they changed (a
// training lesson's options, its text), scrolled into view. The page's notices are at its top,
// out of sight of a learner scrolled down to those controls on a phone; refusals of a link's
// options when the lesson opens stay there, where the page starts.
import { el } from './dom.js';

export class ChangeRefusal {
  readonly element = el('p', { className: 'notice change-refusal', role: 'alert', hidden: true });
  /** How many of the learner's changes are running (a second may start before the first is answered). */
  private running = 0;

  /** Runs the learner's change; a refusal said while it runs is shown here (take). */
  async during<T>(change: () => Promise<T>): Promise<T> {
    this.element.hidden = true;
    this.running += 1;
    try {
      return await change();
    } finally {
      this.running -= 1;
    }
  }

  /** Shows `message` here when a change of the learner's is running; false (not shown) otherwise. */
  take(message: string): boolean {
    if (this.running === 0) return false;
    this.element.textContent = message;
    this.element.hidden = false;
    this.element.scrollIntoView({ block: 'nearest' });
    return true;
  }
}
