// Lays out a walkthrough drawn by a view of its own (its kind's descriptor names the view,
// views/own-views.ts has it) in the page's main area when the session opens one, and stops it
// when the session opens anything else. The view reports what a link should keep to the session.
import type { DrawnWalkthrough, DrawOwnView, OwnViewServices } from './own-view.js';
import { loadedOwnView, loadOwnView } from './own-views.js';
import type { ViewContext } from './view-context.js';
import { markCurrentLesson, walkthroughHeading } from './walkthrough-view.js';

export class OwnViewHost {
  private drawn: DrawnWalkthrough | undefined;

  constructor(private readonly context: ViewContext, private readonly services: OwnViewServices) {
    const { session } = context;
    session.subscribe((event) => {
      if (event.type !== 'opened' && event.type !== 'closed') return;
      this.drawn?.dispose();
      this.drawn = undefined;
      const { view } = session;
      if (!view) return;
      // The session fetched the view's code before it opened (SessionOptions.loadView).
      const draw = loadedOwnView(view);
      if (draw) this.draw(draw);
      else void loadOwnView(view).then((d) => this.draw(d), (error: Error) => services.notify(error.message));
    });
  }

  private draw(draw: DrawOwnView): void {
    const { session } = this.context;
    const walkthrough = session.walkthrough;
    const inputs = session.inputs;
    // Opened while its code came: the session has moved on.
    if (!walkthrough || !inputs || !session.view || this.drawn) return;
    const { label, title, intro } = walkthroughHeading(walkthrough, undefined);
    this.drawn = draw({ walkthrough, inputs, heading: { label, title, intro }, keep: (next) => session.keepInputs(next), services: this.services });
    this.context.byId('main').replaceChildren(this.drawn.element);
    markCurrentLesson(this.context.root, walkthrough);
  }
}
