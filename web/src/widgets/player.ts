// Step navigation with play/pause: a small state machine the app wires to buttons and keys.

export class Player {
  private timer: number | undefined;

  constructor(
    private count: number,
    private current: number,
    private readonly onChange: (step: number) => void,
    /** Milliseconds per step while playing. */
    public interval = 2500,
  ) {}

  get step(): number {
    return this.current;
  }

  get total(): number {
    return this.count;
  }

  get playing(): boolean {
    return this.timer !== undefined;
  }

  reset(count: number, current: number): void {
    this.count = count;
    this.current = Math.max(0, Math.min(count - 1, current));
  }

  go(step: number): void {
    const next = Math.max(0, Math.min(this.count - 1, step));
    if (next === this.current) return;
    this.current = next;
    this.onChange(next);
  }

  next(): void {
    this.go(this.current + 1);
  }

  previous(): void {
    this.go(this.current - 1);
  }

  first(): void {
    this.go(0);
  }

  last(): void {
    this.go(this.count - 1);
  }

  /** Plays from the current step (from the first, if at the end) and stops at the last. */
  play(onStop: () => void): void {
    if (this.playing) return;
    if (this.current === this.count - 1) this.go(0);
    this.timer = window.setInterval(() => {
      if (this.current >= this.count - 1) {
        this.pause();
        onStop();
      } else {
        this.next();
      }
    }, this.interval);
  }

  pause(): void {
    window.clearInterval(this.timer);
    this.timer = undefined;
  }
}
