// The lessons' own words in another language, as data: for each language a JSON file
// (i18n/lessons/es.json) with the lessons' titles, the glossary and, per walkthrough, its title, intro,
// exercises' titles and prompts and the texts of its steps, keyed as the walkthrough keys them.
// A translated step text is one more `stepTexts` entry: shown on the walkthrough's own inputs,
// so it may give its numbers (written with the language's decimal comma); on edited inputs the
// kind's words come back. What a file leaves out stays English (tests/page/lesson-text.test.mjs
// lists it).
import type { LessonId, StepText, Walkthrough } from './types.js';
import type { Lesson } from './walkthroughs.js';
import type { Stage, StageId } from './pipeline.js';
import type { GlossaryEntry, GlossaryText } from './glossary.js';
import type { Language } from '../i18n/languages.js';
import { pseudoTransform } from '../i18n/pseudo.js';

export interface WalkthroughText {
  title?: string;
  intro?: string;
  stepTexts?: Record<string, StepText>;
  /** By exercise id. */
  exercises?: Record<string, { title?: string; prompt?: string }>;
}

export interface LessonText {
  lessons: Partial<Record<LessonId, string>>;
  /** The pipeline map's stage names (model/pipeline.ts), by stage id. */
  stages?: Partial<Record<StageId, string>>;
  /** The glossary's terms, the forms to find in this language's lesson text, and definitions, by entry id. */
  glossary?: GlossaryText;
  walkthroughs: Record<string, WalkthroughText>;
}

/** A walkthrough in another language's words: a copy, its untranslated parts as they were. */
export function translatedWalkthrough(walkthrough: Walkthrough, text: WalkthroughText | undefined): Walkthrough {
  if (!text) return walkthrough;
  const stepTexts: Record<string, StepText> = { ...walkthrough.stepTexts };
  for (const [step, words] of Object.entries(text.stepTexts ?? {})) stepTexts[step] = { ...stepTexts[step], ...words };
  return {
    ...walkthrough,
    ...(text.title ? { title: text.title } : {}),
    ...(text.intro ? { intro: text.intro } : {}),
    ...(Object.keys(stepTexts).length > 0 ? { stepTexts } : {}),
    ...(walkthrough.exercises
      ? { exercises: walkthrough.exercises.map((exercise) => ({ ...exercise, ...text.exercises?.[exercise.id] })) }
      : {}),
  } as Walkthrough;
}

/**
 * Puts the course into another language, in place, before anything is drawn (start-page.ts): the
 * lessons' titles, the pipeline map's stages and each shipped walkthrough, in the lessons and in
 * the registry by id.
 */
export function translateCourse(text: LessonText, lessons: Lesson[], registry: Map<string, Walkthrough>, stages: readonly Stage[] = []): void {
  for (const stage of stages) stage.label = text.stages?.[stage.id] ?? stage.label;
  for (const lesson of lessons) {
    lesson.title = text.lessons[lesson.id] ?? lesson.title;
    lesson.walkthroughs = lesson.walkthroughs.map((walkthrough) => {
      const translated = translatedWalkthrough(walkthrough, text.walkthroughs[walkthrough.id]);
      registry.set(walkthrough.id, translated);
      return translated;
    });
  }
}

/**
 * A pseudo-locale's lesson text, generated from the English: the lessons' and walkthroughs'
 * titles, the pipeline map's stages, the intros (those without a link, whose address must stay as written)
 * and the glossary's terms and definitions (its forms stay English: the steps' texts are).
 */
export function pseudoLessonText(
  language: Language, lessons: readonly Lesson[], stages: readonly Stage[], glossary: readonly GlossaryEntry[] = [],
): LessonText | undefined {
  const transform = pseudoTransform(language);
  if (!transform) return undefined;
  const walkthroughs: LessonText['walkthroughs'] = {};
  for (const walkthrough of lessons.flatMap((lesson) => lesson.walkthroughs)) {
    walkthroughs[walkthrough.id] = {
      title: transform(walkthrough.title),
      ...(walkthrough.intro.includes('](') ? {} : { intro: transform(walkthrough.intro) }),
    };
  }
  return {
    lessons: Object.fromEntries(lessons.map((lesson) => [lesson.id, transform(lesson.title)])),
    stages: Object.fromEntries(stages.map((stage) => [stage.id, transform(stage.label)])),
    walkthroughs,
    glossary: Object.fromEntries(glossary.map((entry) => [entry.id, { term: transform(entry.term), definition: transform(entry.definition) }])),
  };
}
