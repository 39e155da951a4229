// When the lesson "Watch attention learn" draws, as a policy without a DOM (so it is tested in
// Node with a fake clock). Drawing while a model trains must leave the page's thread free for
// the learner's input (input latency p95 < 50 ms, docs/benchmarks-page.md), and every frame that changes
// something costs a paint, however small the change. So:
//   - the status line (step, loss) is drawn in an animation frame at most every statusMs while
//     training, however many messages the worker sends;
//   - the parts (curves, Iris results, heads), each redrawn in place, are drawn in the status's
//     frame at most every redrawMs while training, and only those on or near the screen (the
//     others once they scroll into view, and all of them when training stops);
//   - a part that takes long yields to the page (scheduler.yield and the like) past budgetMs;
//   - what the learner asked for (Train, Pause, a head switched off) is drawn at the next frame.

/** A part of the lesson drawn from the session; `pause()` may be awaited between its pieces. */
export interface RedrawPart {
  draw(pause: () => Promise<void>): Promise<void> | void;
}

/** Time and the browser's ways of running later (fake ones in the tests). */
export interface RedrawClock {
  now(): number;
  frame(callback: () => void): void;
  timer(callback: () => void, ms: number): () => void;
  /** Lets the browser handle an input or a frame before the caller goes on. */
  yieldToPage(): Promise<void>;
}

export const REDRAW_TIMING = {
  /** The engine evaluates every 25 steps, several times this often: a curve gains a point or two per redraw. */
  redrawMs: 300,
  /** The step counter changes ten times a second. */
  statusMs: 100,
  /** A frame is ~16 ms: a redraw holds the page's thread for about half of one before it yields. */
  budgetMs: 8,
};

interface Scheduler {
  yield?: () => Promise<void>;
  postTask?: (task: () => void, options?: { priority?: 'user-blocking' | 'user-visible' | 'background' }) => Promise<void>;
}

/** The browser's: scheduler.yield() (Chromium) resumes ahead of other queued work; postTask and setTimeout elsewhere. */
export const browserClock: RedrawClock = {
  now: () => performance.now(),
  frame: (callback) => void requestAnimationFrame(callback),
  timer: (callback, ms) => {
    const handle = setTimeout(callback, ms);
    return () => clearTimeout(handle);
  },
  yieldToPage: () => {
    const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
    if (scheduler?.yield) return scheduler.yield();
    if (scheduler?.postTask) return scheduler.postTask(() => {}, { priority: 'user-visible' });
    return new Promise((resolve) => setTimeout(resolve, 0));
  },
};

export interface RedrawOptions {
  /** Training (or retraining): the throttles apply. */
  running(): boolean;
  drawStatus(): void;
  parts: readonly RedrawPart[];
  clock?: RedrawClock;
  timing?: typeof REDRAW_TIMING;
}

export class RedrawScheduler {
  private readonly clock: RedrawClock;
  private readonly timing: typeof REDRAW_TIMING;
  private readonly dirty: Set<RedrawPart>;
  private readonly hidden = new Set<RedrawPart>();
  private framePending = false;
  private cancelTimer: (() => void) | undefined;
  private drawing = false;
  private urgent = true;
  private statusAt = -Infinity;
  private drawnAt = -Infinity;
  private disposed = false;

  constructor(private readonly options: RedrawOptions) {
    this.clock = options.clock ?? browserClock;
    this.timing = options.timing ?? REDRAW_TIMING;
    this.dirty = new Set(options.parts);
  }

  /** The status changed (more steps): drawn at the next frame that is due. */
  statusChanged(): void {
    this.schedule();
  }

  /** Every part is out of date (a snapshot, a new run, a state); `urgent`: draw at the next frame. */
  invalidate(urgent: boolean): void {
    for (const part of this.options.parts) this.dirty.add(part);
    if (urgent) {
      this.urgent = true;
      this.cancelTimer?.();
      this.cancelTimer = undefined;
    }
    this.schedule();
  }

  /** Whether `part` is on or near the screen (an off-screen part waits while training). */
  setVisible(part: RedrawPart, visible: boolean): void {
    if (visible) this.hidden.delete(part);
    else this.hidden.add(part);
    this.schedule();
  }

  dispose(): void {
    this.disposed = true;
    this.cancelTimer?.();
  }

  private schedule(): void {
    if (this.disposed || this.framePending || this.cancelTimer) return;
    const wait = this.options.running() && !this.urgent ? this.statusAt + this.timing.statusMs - this.clock.now() : 0;
    if (wait > 0) {
      this.cancelTimer = this.clock.timer(() => {
        this.cancelTimer = undefined;
        this.schedule();
      }, wait);
      return;
    }
    this.framePending = true;
    this.clock.frame(() => {
      this.framePending = false;
      if (this.disposed) return;
      this.statusAt = this.clock.now();
      const urgent = this.urgent;
      this.urgent = false;
      this.options.drawStatus();
      void this.drawParts(urgent);
    });
  }

  private async drawParts(urgent: boolean): Promise<void> {
    if (this.drawing) {
      // Drawn once the pass under way has finished.
      this.urgent ||= urgent;
      return;
    }
    const running = this.options.running();
    const due = (part: RedrawPart) => this.dirty.has(part) && (!running || !this.hidden.has(part));
    if (!this.options.parts.some(due)) return;
    if (running && !urgent && this.clock.now() - this.drawnAt < this.timing.redrawMs) {
      this.schedule();
      return;
    }
    this.drawing = true;
    this.drawnAt = this.clock.now();
    let since = this.clock.now();
    const pause = async () => {
      if (this.clock.now() - since < this.timing.budgetMs) return;
      await this.clock.yieldToPage();
      since = this.clock.now();
    };
    try {
      for (const part of this.options.parts.filter(due)) {
        this.dirty.delete(part);
        await part.draw(pause);
        await pause();
      }
    } finally {
      this.drawing = false;
    }
    // Out of date again meanwhile (a snapshot arrived while drawing): once more, when due.
    if (this.urgent || this.options.parts.some(due)) this.schedule();
  }
}
