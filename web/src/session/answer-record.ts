// The learner's answers as a record that only grows: every attempt at every exercise, in the
// order given, each with the engine's grade at the time. The first attempt at an exercise is its
// grade; later ones are kept (the learner sees them again, an LMS hears them) but never change
// the score, so coming back to a question and trying it again cannot lose what was earned.
// DOM-free: the session keeps one record per open walkthrough, the progress store
// (localStorage) and the SCORM resume (suspend_data) keep them between visits.

/** One answer as the record keeps it. */
export interface Attempt {
  /** The exercise's id in the walkthrough. */
  exercise: string;
  /** The answer as the engine read it (as an LMS stores it: a number, a key, a cell, passes). */
  response: string;
  /** The engine's grade when it was given. */
  correct: boolean;
  /**
   * What the numbers were made from when it was given, as a short fingerprint (inputsFingerprint)
   * of the learner's edited inputs or other weights; absent for the walkthrough's own.
   */
  inputs?: string;
}

/** A walkthrough's exercise score, from its record. */
export interface Score {
  /** Exercises whose first attempt was right. */
  correct: number;
  /** Exercises with at least one attempt. */
  answered: number;
  /** Exercises in the walkthrough. */
  total: number;
}

/**
 * Where records are kept between visits: the page's progress store, per walkthrough, an exam's
 * apart from practice (practising a walkthrough must neither lock nor grade its exam).
 */
export interface AnswerLog {
  attempts(walkthrough: string, exam: boolean): readonly Attempt[];
  append(walkthrough: string, exam: boolean, attempt: Attempt): void;
}

/** The first attempt at each exercise: the one that is graded. */
export function gradedAttempts(attempts: readonly Attempt[]): Map<string, Attempt> {
  const first = new Map<string, Attempt>();
  for (const attempt of attempts) if (!first.has(attempt.exercise)) first.set(attempt.exercise, attempt);
  return first;
}

/** The score of `exercises` (a walkthrough's exercise ids) from a record; attempts at other ids do not count. */
export function scoreOf(attempts: readonly Attempt[], exercises: readonly string[]): Score {
  const first = gradedAttempts(attempts);
  const graded = exercises.map((id) => first.get(id)).filter((a): a is Attempt => a !== undefined);
  return { correct: graded.filter((a) => a.correct).length, answered: graded.length, total: exercises.length };
}

/** The attempts at one exercise, oldest first. */
export const attemptsAt = (attempts: readonly Attempt[], exercise: string): Attempt[] =>
  attempts.filter((a) => a.exercise === exercise);

/**
 * A short fingerprint (FNV-1a, 32 bits, in hex) of what the numbers on screen were made from
 * beyond the walkthrough itself (edited inputs, other weights, as JSON): enough to tell whether
 * an attempt was given on the numbers on screen, without keeping the numbers in every attempt.
 * Undefined stays undefined (the walkthrough's own).
 */
export function inputsFingerprint(link: string | undefined): string | undefined {
  if (link === undefined) return undefined;
  let hash = 0x811c9dc5;
  for (let i = 0; i < link.length; i += 1) {
    hash ^= link.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** Whether a value read from storage is an attempt as this page writes it. */
export function isAttempt(value: unknown): value is Attempt {
  if (!value || typeof value !== 'object') return false;
  const a = value as Record<string, unknown>;
  return typeof a.exercise === 'string' && typeof a.response === 'string' && typeof a.correct === 'boolean' &&
    (a.inputs === undefined || typeof a.inputs === 'string');
}
