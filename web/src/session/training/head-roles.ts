// Which head plays which role, read from the engine's head scores: for a task whose solution
// divides the work between heads (compare: one head on the previous position, one on the
// first), the head that follows each pattern most, and whether the heads have divided it. The
// lesson's question "which head looks at …?" is graded from these numbers, at the step shown.
import type { TrainerHeadScores } from './trainer-api.js';

/** A head by its place: layer and head, from 0. */
export interface HeadPlace {
  layer: number;
  head: number;
}

/** Past this mean attention on its keys, a head plays a role (most of its attention goes there). */
export const PLAYS_ROLE = 0.5;

export interface RoleHolder {
  /** The pattern's name as the engine gives it ("previous", "first"). */
  role: string;
  /** The head with the highest score for it. */
  best: HeadPlace;
  score: number;
  /** Whether that head plays the role: its score passes PLAYS_ROLE and no other role's best head is it. */
  held: boolean;
}

/** For each of the task's patterns, the head that follows it most and whether it holds that role alone. */
export function roleHolders(scores: TrainerHeadScores): RoleHolder[] {
  const bests = scores.patterns.map((pattern) => {
    let best: HeadPlace = { layer: 0, head: 0 };
    pattern.scores.forEach((row, layer) => row.forEach((score, head) => {
      if (score > (pattern.scores[best.layer]?.[best.head] ?? -1)) best = { layer, head };
    }));
    return { role: pattern.name, best, score: pattern.scores[best.layer]?.[best.head] ?? 0 };
  });
  return bests.map((b) => ({
    ...b,
    held: b.score > PLAYS_ROLE && bests.every((other) => other === b || other.best.layer !== b.best.layer || other.best.head !== b.best.head),
  }));
}

/**
 * The answer to "which head plays `role`?": 'right' when `answer` is the head holding it,
 * 'wrong' when another head holds it, 'undecided' when no head holds it (yet).
 */
export function gradeRole(scores: TrainerHeadScores, role: string, answer: HeadPlace): 'right' | 'wrong' | 'undecided' {
  const holder = roleHolders(scores).find((r) => r.role === role);
  if (!holder?.held) return 'undecided';
  return holder.best.layer === answer.layer && holder.best.head === answer.head ? 'right' : 'wrong';
}
