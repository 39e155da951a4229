// Where a learner goes after a walkthrough's last step: the lesson's next walkthrough (its
// practice, a variation), else the next lesson's first. The course's last lesson, and walkthroughs
// outside the course (an instructor's own), have no next.
import type { Walkthrough } from './types.js';

export interface CourseLesson {
  id: string;
  number: number;
  title: string;
  walkthroughs: readonly Pick<Walkthrough, 'id' | 'title'>[];
}

export type NextInCourse = { walkthrough: string; title: string; lesson: CourseLesson; sameLesson: boolean } | undefined;

export function nextInCourse(lessons: readonly CourseLesson[], walkthrough: string): NextInCourse {
  const at = lessons.findIndex((lesson) => lesson.walkthroughs.some((w) => w.id === walkthrough));
  if (at < 0) return undefined;
  const lesson = lessons[at];
  const within = lesson.walkthroughs.findIndex((w) => w.id === walkthrough);
  const sibling = lesson.walkthroughs[within + 1];
  if (sibling) return { walkthrough: sibling.id, title: sibling.title, lesson, sameLesson: true };
  const next = lessons[at + 1];
  const first = next?.walkthroughs[0];
  return next && first ? { walkthrough: first.id, title: next.title, lesson: next, sameLesson: false } : undefined;
}
