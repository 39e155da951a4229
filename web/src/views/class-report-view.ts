// The class report's dialog on the page (widgets/class-report-dialog.ts), opened from the Embed
// dialog: its code is fetched when it is first asked for. Exercises are named by the titles of
// the walkthroughs the page knows (shipped, or loaded by the instructor).
import { customWalkthroughs, findWalkthrough, WALKTHROUGHS } from '../model/walkthroughs.js';
import { classReportDialog } from '../widgets/class-report-dialog.js';
import type { ViewContext } from './view-context.js';

export function openClassReport(context: ViewContext): void {
  const dialog = classReportDialog({
    exerciseTitle: (walkthrough, exercise) => findWalkthrough(walkthrough)?.exercises?.find((e) => e.id === exercise)?.title,
    walkthroughOfTitle: (title) => [...WALKTHROUGHS.values(), ...customWalkthroughs()].find((w) => w.title === title)?.id,
    // Back to the Embed button, or (on a phone, where it folds away) to the button that unfolds it.
    onClose: () => {
      const embed = context.root.querySelector<HTMLElement>('.control-embed');
      (embed && embed.offsetParent !== null ? embed : context.root.querySelector<HTMLElement>('.control-more'))?.focus();
    },
  });
  context.byId('main').append(dialog);
  dialog.showModal();
}
