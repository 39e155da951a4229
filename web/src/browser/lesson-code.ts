// Fetching a walkthrough's code: its kind's module (kinds/index.ts) and, for kinds whose steps
// chart, the chart widget with it, so their charts are drawn at once. The served page's entry
// starts this for the walkthrough a link opens while the engine loads, before the rest of the page
// (with the full engine and the language model, for a lesson that needs them).
import { descriptorOf, isStepped, loadKind } from '../kinds/index.js';
import type { Kind } from '../model/types.js';
import { DEFAULT_WALKTHROUGH, findWalkthrough, LESSONS } from '../model/walkthroughs.js';
import { TRAINING_WALKTHROUGH } from '../state/training-link.js';
import type { AttentionLab } from '../../lib/index.js';
import { needsFullEngine, needsLanguageModel } from '../session/kind-and-engine.js';
import { loadLessonModel } from '../session/language-model-source.js';
import { loadCharts } from '../widgets/chart-panel.js';

/** A kind's module, with the chart widget when its steps chart, so they are drawn at once. */
export async function loadKindWithWidgets(kind: Kind) {
  const [module] = await Promise.all([loadKind(kind), descriptorOf(kind).charts ? loadCharts() : undefined]);
  return module;
}

/**
 * Starts loading the code of the shipped walkthrough a link opens (`?w=`, `?lesson=`, `?train=`,
 * or the worked example), to be called while the engine loads: the session would otherwise ask
 * for it only once the engine is ready, one more round trip before the first step (and, for a
 * lesson whose code needs the full engine, for that engine too). A link to an instructor's
 * walkthrough (`?src=`) names its kind only in the file it points to; a walkthrough drawn by a
 * view of its own has no kind module (the page fetches its view).
 */
export function prefetchLinkedWalkthrough(search: string, fullEngine?: () => Promise<AttentionLab>): void {
  const params = new URLSearchParams(search);
  if (params.has('src')) return;
  const named = params.get('w');
  const lesson = params.get('lesson');
  const walkthrough = (named === null ? undefined : findWalkthrough(named))
    ?? (lesson === null ? undefined : LESSONS.find((l) => l.id === lesson)?.walkthroughs[0])
    ?? findWalkthrough(params.has('train') ? TRAINING_WALKTHROUGH : DEFAULT_WALKTHROUGH);
  // A failure is reported when the session asks again, with the page up to say it.
  // A lesson that needs the full engine starts loading it at once, beside its code.
  if (!walkthrough || !isStepped(walkthrough.kind)) return;
  loadKindWithWidgets(walkthrough.kind).catch(() => undefined);
  if (!needsFullEngine(walkthrough)) return;
  const engine = fullEngine?.();
  // A lesson that reads the language model starts fetching it too, on that engine.
  if (needsLanguageModel(walkthrough)) engine?.then(loadLessonModel).catch(() => undefined);
  else engine?.catch(() => undefined);
}
