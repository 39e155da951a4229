// What the learner has done, kept in the browser's localStorage between visits: per walkthrough,
// the furthest step reached, whether every step was seen, and every answer to its exercises (a
// record that only grows, answer-record.ts; an exam's apart from practice). The score the lesson
// menu shows comes from those answers. DOM-free: the session appends answers and reads them back
// when a walkthrough opens; the page gives it the session's progress events and reads it back for
// the lesson menu. Storage that is missing or refuses writes (a private window, a sandboxed frame,
// a full quota) leaves the page working without saving. Stored data that cannot be read is never
// erased: it is copied aside under a key of its own, with a notice, and what can be read is used.
import { gradedAttempts, isAttempt, type AnswerLog, type Attempt } from './answer-record.js';
import type { ProgressEvent } from './events.js';
import { t } from '../i18n/messages.js';

/** One walkthrough's progress. */
export interface WalkthroughProgress {
  /** The id of the furthest step reached (by its index when it was reached). */
  step: string;
  index: number;
  /** Every step has been seen. */
  done: boolean;
  /** How many exercises the walkthrough has; absent before any answer. */
  total?: number;
  /**
   * Exercises right as the previous format counted them (it kept the count, not the answers): the
   * score shown is never below it.
   */
  correct?: number;
  /** Every answer in practice, oldest first. */
  attempts?: Attempt[];
  /** Every answer in exam mode, oldest first. */
  exam?: Attempt[];
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
/** Where stored progress that cannot be read is copied, followed by the time it was found (ms since 1970). */
export const SET_ASIDE_PREFIX = `${PROGRESS_KEY}:unreadable:`;
const VERSION = 2;

type Stored = Record<string, WalkthroughProgress>;

const count = (x: unknown) => Number.isInteger(x) && (x as number) >= 0;
const attemptList = (x: unknown) => x === undefined || (Array.isArray(x) && x.every(isAttempt));

/** A stored record as this version (or, without answers, the previous one) writes it; anything else is not trusted. */
function valid(value: unknown): value is WalkthroughProgress {
  if (!value || typeof value !== 'object') return false;
  const p = value as Record<string, unknown>;
  return typeof p.step === 'string' && count(p.index) && typeof p.done === 'boolean' &&
    (p.correct === undefined || count(p.correct)) && (p.total === undefined || count(p.total)) &&
    attemptList(p.attempts) && attemptList(p.exam);
}

export class ProgressStore implements AnswerLog {
  private data: Stored = {};
  /** Why stored progress could not all be used, once (for a notice); undefined when it could. */
  readonly problem: string | undefined;

  private storage: ProgressStorage | undefined;

  constructor(storage: ProgressStorage | undefined, now: () => number = () => Date.now()) {
    this.storage = storage;
    let text: string | null = null;
    try {
      text = storage?.getItem(PROGRESS_KEY) ?? null;
    } catch {
      this.storage = undefined; // reading is refused outright (e.g. cookies blocked): no saving
    }
    if (text === null) return;
    const read = readStored(text);
    this.data = read.data;
    if (read.complete) return;
    // Kept as it was under a key of its own before anything is written over it.
    const aside = `${SET_ASIDE_PREFIX}${now()}`;
    let kept = true;
    try {
      this.storage?.setItem(aside, text);
    } catch {
      kept = false;
    }
    const some = Object.keys(read.data).length > 0;
    this.problem = t(some ? 'progress-partly-unreadable' : 'progress-unreadable', { key: kept ? aside : PROGRESS_KEY });
    // Without room for the copy, the original stays where it is: nothing is saved over it this visit.
    if (!kept) this.storage = undefined;
  }

  /** Whether progress is saved across visits (false without storage). */
  get saving(): boolean {
    return this.storage !== undefined;
  }

  get(walkthrough: string): WalkthroughProgress | undefined {
    return this.data[walkthrough];
  }

  /** Takes a step, completion or score event into account (answers come through append); returns whether anything changed. */
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
      // The score itself comes from the answers kept here; the event says how many exercises there are.
      this.data[event.walkthrough] = { ...this.entry(event.walkthrough), total: event.total };
    } else {
      return false;
    }
    if (JSON.stringify(this.data[event.walkthrough]) === before) return false;
    this.save();
    return true;
  }

  /** Every answer kept for the walkthrough, in practice or in exam mode. */
  attempts(walkthrough: string, exam: boolean): readonly Attempt[] {
    return this.data[walkthrough]?.[exam ? 'exam' : 'attempts'] ?? [];
  }

  append(walkthrough: string, exam: boolean, attempt: Attempt): void {
    const entry = this.entry(walkthrough);
    const field = exam ? 'exam' : 'attempts';
    this.data[walkthrough] = { ...entry, [field]: [...(entry[field] ?? []), attempt] };
    this.save();
  }

  /**
   * The walkthrough's answers as an LMS keeps them for this attempt of its course (a SCORM
   * resume): the LMS's record is the learner's in that course, so it stands for this browser's.
   */
  replace(walkthrough: string, exam: boolean, attempts: readonly Attempt[]): void {
    this.data[walkthrough] = { ...this.entry(walkthrough), [exam ? 'exam' : 'attempts']: [...attempts] };
    this.save();
  }

  /** Exercises right in the walkthrough: those whose first answer was, never fewer than the previous format counted. */
  correct(walkthrough: string, exam = false): number {
    const graded = [...gradedAttempts(this.attempts(walkthrough, exam)).values()].filter((a) => a.correct).length;
    return exam ? graded : Math.max(graded, this.data[walkthrough]?.correct ?? 0);
  }

  /**
   * A lesson's state from its walkthroughs' (the first is the lesson itself, the others practice
   * and variations): done when the first is, with every walkthrough's exercise score summed (in
   * an exam, the exam's answers).
   */
  lesson(walkthroughs: readonly string[], exam = false): LessonProgress {
    const known = walkthroughs.filter((id) => this.data[id] !== undefined);
    return {
      started: known.length > 0,
      done: walkthroughs.length > 0 && this.data[walkthroughs[0]]?.done === true,
      correct: known.reduce((sum, id) => sum + this.correct(id, exam), 0),
      total: known.reduce((sum, id) => sum + (this.data[id].total ?? 0), 0),
    };
  }

  private entry(walkthrough: string): WalkthroughProgress {
    return this.data[walkthrough] ?? { step: 'inputs', index: 0, done: false };
  }

  private save(): void {
    try {
      this.storage?.setItem(PROGRESS_KEY, JSON.stringify({ version: VERSION, walkthroughs: this.data }));
    } catch {
      // A full quota or a refused write: keep going with what is in memory.
    }
  }
}

/**
 * The records of a stored text that can be used: this version's, and the previous one's (version
 * 1: the same fields, a score count and no answers); `complete` when nothing had to be left out.
 */
function readStored(text: string): { data: Stored; complete: boolean } {
  const data: Stored = {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { data, complete: false };
  }
  const { version, walkthroughs } = (parsed ?? {}) as { version?: unknown; walkthroughs?: unknown };
  if ((version !== 1 && version !== VERSION) || !walkthroughs || typeof walkthroughs !== 'object' || Array.isArray(walkthroughs)) {
    return { data, complete: false };
  }
  let complete = true;
  for (const [id, progress] of Object.entries(walkthroughs as Record<string, unknown>)) {
    if (valid(progress) && (version === VERSION || (progress.attempts === undefined && progress.exam === undefined))) data[id] = progress;
    else complete = false;
  }
  return { data, complete };
}
