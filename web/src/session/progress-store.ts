// What the learner has done, kept in the browser's localStorage between visits: per walkthrough,
// the furthest step reached, whether every step was seen, and the exercise score. DOM-free: the
// page gives it the session's progress events and reads it back for the lesson menu. Storage
// that is missing or refuses writes (a private window, a sandboxed frame, a full quota) leaves
// the page working without saving; stored data that cannot be read is set aside with a notice.
import type { ProgressEvent } from './events.js';

/** One walkthrough's progress. */
export interface WalkthroughProgress {
  /** The id of the furthest step reached (by its index when it was reached). */
  step: string;
  index: number;
  /** Every step has been seen. */
  done: boolean;
  /** Exercises answered correctly (last answer), of `total`; absent before any answer. */
  correct?: number;
  total?: number;
}

/** A lesson as the menu shows it: done when all its walkthroughs are, with their scores summed. */
export interface LessonProgress {
  done: boolean;
  started: boolean;
  correct: number;
  total: number;
}

/** The part of the Storage API this uses (localStorage, or a stand-in in tests). */
export type ProgressStorage = Pick<Storage, 'getItem' | 'setItem'>;

export const PROGRESS_KEY = 'attention-lab:progress';
const VERSION = 1;

type Stored = Record<string, WalkthroughProgress>;

/** A stored record as this version writes it; anything else is not trusted. */
function valid(value: unknown): value is WalkthroughProgress {
  if (!value || typeof value !== 'object') return false;
  const p = value as Record<string, unknown>;
  const count = (x: unknown) => Number.isInteger(x) && (x as number) >= 0;
  return typeof p.step === 'string' && count(p.index) && typeof p.done === 'boolean' &&
    (p.correct === undefined || count(p.correct)) && (p.total === undefined || count(p.total));
}

export class ProgressStore {
  private data: Stored = {};
  /** Why stored progress could not be used, once (for a notice); undefined when it could. */
  readonly problem: string | undefined;

  private storage: ProgressStorage | undefined;

  constructor(storage: ProgressStorage | undefined) {
    this.storage = storage;
    let text: string | null = null;
    try {
      text = storage?.getItem(PROGRESS_KEY) ?? null;
    } catch {
      this.storage = undefined; // reading is refused outright (e.g. cookies blocked): no saving
    }
    if (text === null) return;
    try {
      const parsed: unknown = JSON.parse(text);
      const { version, walkthroughs } = parsed as { version?: unknown; walkthroughs?: unknown };
      if (version !== VERSION || !walkthroughs || typeof walkthroughs !== 'object') throw new Error('unknown format');
      for (const [id, progress] of Object.entries(walkthroughs as Record<string, unknown>)) {
        if (valid(progress)) this.data[id] = progress;
      }
    } catch {
      this.problem = 'Your saved progress could not be read, so it starts afresh. Nothing else was lost.';
    }
  }

  /** Whether progress is saved across visits (false without storage). */
  get saving(): boolean {
    return this.storage !== undefined;
  }

  get(walkthrough: string): WalkthroughProgress | undefined {
    return this.data[walkthrough];
  }

  /** Takes one progress event into account; returns whether anything changed. */
  record(event: ProgressEvent): boolean {
    const before = JSON.stringify(this.data[event.walkthrough] ?? null);
    const current = this.data[event.walkthrough];
    if (event.type === 'step') {
      if (!current || event.index > current.index) {
        this.data[event.walkthrough] = { ...current, done: current?.done ?? false, step: event.step, index: event.index };
      }
    } else if (event.type === 'completed') {
      this.data[event.walkthrough] = { ...(current ?? { step: 'inputs', index: 0 }), done: true };
    } else if (event.type === 'score') {
      this.data[event.walkthrough] = { ...(current ?? { step: 'inputs', index: 0, done: false }), correct: event.correct, total: event.total };
    } else {
      return false;
    }
    if (JSON.stringify(this.data[event.walkthrough]) === before) return false;
    this.save();
    return true;
  }

  /**
   * A lesson's state from its walkthroughs' (the first is the lesson itself, the others practice
   * and variations): done when the first is, with every walkthrough's exercise score summed.
   */
  lesson(walkthroughs: readonly string[]): LessonProgress {
    const known = walkthroughs.map((id) => this.data[id]).filter((p): p is WalkthroughProgress => p !== undefined);
    return {
      started: known.length > 0,
      done: walkthroughs.length > 0 && this.data[walkthroughs[0]]?.done === true,
      correct: known.reduce((sum, p) => sum + (p.correct ?? 0), 0),
      total: known.reduce((sum, p) => sum + (p.total ?? 0), 0),
    };
  }

  private save(): void {
    try {
      this.storage?.setItem(PROGRESS_KEY, JSON.stringify({ version: VERSION, walkthroughs: this.data }));
    } catch {
      // A full quota or a refused write: keep going with what is in memory.
    }
  }
}
