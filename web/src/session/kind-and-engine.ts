// What opening a walkthrough waits for before the engine is asked anything: its kind's module
// (fetched on demand) and the engine it runs on (the session's own, or the full engine for a kind
// whose descriptor, or an exercise whose type, says engine: 'full', while the page runs on the lite one).
import type { AttentionLab } from '../../lib/index.js';
import { exerciseType } from '../exercises/index.js';
import { descriptorOf } from '../kinds/index.js';
import type { AnyKindModule } from '../kinds/kind.js';
import type { Walkthrough } from '../model/types.js';
import { t } from '../i18n/messages.js';

export interface WalkthroughCode {
  kind: AnyKindModule;
  lab: AttentionLab;
}

/** Whether a walkthrough runs on the full engine: its kind builds with it, or an exercise is graded with it. */
export const needsFullEngine = (walkthrough: Walkthrough): boolean =>
  descriptorOf(walkthrough.kind).engine === 'full' || (walkthrough.exercises ?? []).some((e) => exerciseType(e).engine === 'full');

/** The kind's module and its engine, or the sentence that says which could not be loaded. */
export async function loadWalkthroughCode(
  walkthrough: Walkthrough,
  load: (kind: Walkthrough['kind']) => Promise<AnyKindModule>,
  lab: AttentionLab,
  fullEngine: (() => Promise<AttentionLab>) | undefined,
): Promise<WalkthroughCode | { notice: string }> {
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
