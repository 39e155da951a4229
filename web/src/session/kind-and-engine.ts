// What opening a walkthrough waits for before the engine is asked anything: its kind's module
// (fetched on demand), the engine it runs on (the session's own, or the full engine for a kind
// whose descriptor, or an exercise whose type, says engine: 'full', while the page runs on the
// lite one), the lessons' language model for a kind whose descriptor says languageModel (shown
// as loading meanwhile), and the trained layer it shows, if any; or, for a walkthrough drawn by
// a view of its own, that view's code.
import type { AttentionLab, LanguageModel } from '../../lib/index.js';
import { exerciseType } from '../exercises/index.js';
import type { OwnView } from '../kinds/descriptor.js';
import { acceptsTrainedWeights, descriptorOf } from '../kinds/index.js';
import type { AnyKindModule } from '../kinds/kind.js';
import type { TrainedLayer } from '../model/trained-layer.js';
import type { Walkthrough } from '../model/types.js';
import { t } from '../i18n/messages.js';
import { LanguageModelUnavailable } from './language-model-source.js';

export interface WalkthroughCode {
  kind: AnyKindModule;
  lab: AttentionLab;
  trained?: TrainedLayer;
  /** The lessons' language model, for a kind whose descriptor says languageModel. */
  languageModel?: LanguageModel;
}

/** Where the session gets a walkthrough's code, engines and trained layer. */
export interface CodeSources {
  /** The kind's module: the registry's loaders (tests pass one that fails). */
  load: (kind: Walkthrough['kind']) => Promise<AnyKindModule>;
  lab: AttentionLab;
  fullEngine: (() => Promise<AttentionLab>) | undefined;
  /** The code of a view of its own (session-options.ts). */
  loadView: ((view: OwnView) => Promise<unknown>) | undefined;
  /** The lessons' language model on an engine (session/language-model-source.ts; tests pass one that fails). */
  languageModel: (lab: AttentionLab) => Promise<LanguageModel>;
}

/** What opening tells the learner on the way: a notice, and what it is waiting for (undefined once done). */
export interface OpeningReport {
  notify(message: string): void;
  loading(message: string | undefined): void;
}

/** Whether the code of the view of its own that draws a walkthrough is there; false once `notify` said why not. */
export async function loadViewCode(view: OwnView, { loadView }: CodeSources, notify: (message: string) => void): Promise<boolean> {
  try {
    await loadView?.(view);
    return true;
  } catch (error) {
    notify(t('notice-code-unavailable', { reason: (error as Error).message }));
    return false;
  }
}

/** Whether a walkthrough runs on the full engine: its kind builds with it, or an exercise is graded with it. */
export const needsFullEngine = (walkthrough: Walkthrough): boolean =>
  descriptorOf(walkthrough.kind).engine === 'full' || (walkthrough.exercises ?? []).some((e) => exerciseType(e).engine === 'full');

/** Whether a walkthrough's steps read the lessons' language model (its kind's descriptor says so). */
export const needsLanguageModel = (walkthrough: Walkthrough): boolean => descriptorOf(walkthrough.kind).languageModel === true;

/**
 * The kind's module, its engine, the language model it reads (if its kind does) and the trained
 * layer it shows (`trained`, if given), or undefined once `report` said which could not be
 * loaded. A walkthrough that cannot show a trained layer opens with its own weights, with a notice.
 */
export async function loadWalkthroughCode(
  walkthrough: Walkthrough, trained: TrainedLayer | undefined, sources: CodeSources, report: OpeningReport,
): Promise<WalkthroughCode | undefined> {
  let code = await kindAndEngine(walkthrough, sources);
  if (!('notice' in code) && needsLanguageModel(walkthrough)) code = await withLanguageModel(code, sources, report);
  if ('notice' in code) {
    report.notify(code.notice);
    return undefined;
  }
  if (!trained || acceptsTrainedWeights(walkthrough)) return { ...code, ...(trained ? { trained } : {}) };
  report.notify(t('notice-trained-refused', { title: walkthrough.title }));
  return code;
}

/**
 * The code with the lessons' language model on its engine, saying meanwhile that it loads (a
 * fetch of most of a megabyte the first time), or the sentence that says it could not be loaded.
 */
export async function withLanguageModel(code: WalkthroughCode, { languageModel }: CodeSources, report: OpeningReport): Promise<WalkthroughCode | { notice: string }> {
  report.loading(t('loading-language-model'));
  try {
    return { ...code, languageModel: await languageModel(code.lab) };
  } catch (error) {
    // A source that says why in full (an offline file without the model) is shown as it says it.
    const { message } = error as Error;
    return { notice: error instanceof LanguageModelUnavailable ? message : t('notice-language-model-unavailable', { reason: message }) };
  } finally {
    report.loading(undefined);
  }
}

/** The kind's module and its engine, or the sentence that says which could not be loaded. */
async function kindAndEngine(walkthrough: Walkthrough, { load, lab, fullEngine }: CodeSources): Promise<WalkthroughCode | { notice: string }> {
  let kind: AnyKindModule;
  try {
    kind = await load(walkthrough.kind);
  } catch (error) {
    // The lesson's code is fetched on demand: offline or after a new deployment it may fail.
    return { notice: t('notice-code-unavailable', { reason: (error as Error).message }) };
  }
  if (!needsFullEngine(walkthrough) || !fullEngine) return { kind, lab };
  try {
    return { kind, lab: await fullEngine() };
  } catch (error) {
    return { notice: t('notice-engine-unavailable', { reason: (error as Error).message }) };
  }
}
