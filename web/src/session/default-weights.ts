// Which weights a walkthrough that can show a trained layer opens on, and what its link keeps of
// that choice. The lessons in TRAINED_BY_DEFAULT open on the shipped trained layer; a link says
// `weights=random` for their random weights, and names any other trained run (which the page
// retrains). Every other walkthrough opens on its random weights unless a link or the learner
// asks for trained ones.
import { acceptsTrainedWeights } from '../kinds/index.js';
import { QUICK_TRAINING, sameSource, TRAINED_BY_DEFAULT, type TrainedLayer } from '../model/trained-layer.js';
import type { Walkthrough } from '../model/types.js';
import type { PageState } from '../state/url-state.js';
import { t } from '../i18n/messages.js';

/** Whether `walkthrough` opens on the shipped trained layer when nothing says otherwise. */
export function opensTrained(walkthrough: Walkthrough): boolean {
  return TRAINED_BY_DEFAULT.has(walkthrough.id) && acceptsTrainedWeights(walkthrough);
}

/**
 * The trained layer `state` opens `walkthrough` on when it names none: the shipped one for the
 * walkthroughs that open trained, unless the state asks for random weights or carries edited
 * inputs (edits are made to the random weights' sentence). A layer that cannot be fetched gives
 * a notice and random weights.
 */
export async function defaultWeights(
  walkthrough: Walkthrough,
  state: PageState,
  load: () => Promise<TrainedLayer>,
  notify: (message: string) => void,
): Promise<TrainedLayer | undefined> {
  if (state.randomWeights || state.inputs !== undefined || !opensTrained(walkthrough)) return undefined;
  try {
    return await load();
  } catch (error) {
    notify(t('notice-trained-unavailable', { reason: (error as Error).message }));
    return undefined;
  }
}

/** What a link keeps of the weights on screen: nothing for a walkthrough's default. */
export function linkWeights(walkthrough: Walkthrough, trained: TrainedLayer | undefined): Pick<PageState, 'weights' | 'randomWeights'> {
  if (!opensTrained(walkthrough)) return trained ? { weights: trained.source } : {};
  if (!trained) return { randomWeights: true };
  return sameSource(trained.source, QUICK_TRAINING) ? {} : { weights: trained.source };
}
