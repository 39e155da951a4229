// The views of their own that a kind may name to draw its walkthroughs in place of the steps
// (kinds/descriptor.ts's OwnView), one line each, loaded on demand with their words. What each is
// handed and gives back is views/own-view.ts; views/own-view-host.ts lays the open one out when
// the session hands it a walkthrough.
import type { OwnView } from '../kinds/descriptor.js';
import { loadCatalogues } from '../i18n/messages.js';
import type { DrawOwnView } from './own-view.js';

/** Every view of its own, by the name a descriptor gives it: each its own chunk. */
const VIEWS: { readonly [V in OwnView]: () => Promise<DrawOwnView> } = {
  training: () => import('./train-lesson-view.js').then((m) => m.drawTrainingLesson),
  'text-training': () => import('./text-train-view.js').then((m) => m.drawTextTrainingLesson),
};

const loading = new Map<OwnView, Promise<DrawOwnView>>();
const loaded = new Map<OwnView, DrawOwnView>();

/** The view named `view`, with its words in the page's language, loaded once (a failure is tried again next time). */
export function loadOwnView(view: OwnView): Promise<DrawOwnView> {
  let draw = loading.get(view);
  if (!draw) {
    draw = VIEWS[view]().then(async (d) => {
      await loadCatalogues();
      loaded.set(view, d);
      return d;
    });
    draw.catch(() => loading.delete(view));
    loading.set(view, draw);
  }
  return draw;
}

/** The view named `view` when it has been loaded already. */
export const loadedOwnView = (view: OwnView): DrawOwnView | undefined => loaded.get(view);
