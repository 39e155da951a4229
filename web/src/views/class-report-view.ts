// The class report's dialog on the page (widgets/class-report-dialog.ts), opened from the Embed
// dialog: its code is fetched when it is first asked for. Exercises are named by the titles of
// the walkthroughs the page knows (shipped, or loaded by the instructor); a response a file kept
// without a diagnosis (Moodle's report) is graded again by the engine in a session of its own,
// on the walkthrough's own numbers (not one whose numbers are each learner's).
import type { AttentionLab } from '../../lib/index.js';
import { customWalkthroughs, DEFAULT_WALKTHROUGH, findWalkthrough, WALKTHROUGHS } from '../model/walkthroughs.js';
import type { Diagnose } from '../report/rediagnose.js';
import { Session } from '../session/session.js';
import { classReportDialog } from '../widgets/class-report-dialog.js';
import type { ViewContext } from './view-context.js';

export function openClassReport(context: ViewContext): void {
  const dialog = classReportDialog({
    exerciseTitle: (walkthrough, exercise) => findWalkthrough(walkthrough)?.exercises?.find((e) => e.id === exercise)?.title,
    walkthroughOfTitle: (title) => [...WALKTHROUGHS.values(), ...customWalkthroughs()].find((w) => w.title === title)?.id,
    diagnose: context.session.engine ? grader(context.session.engine) : async () => undefined,
    // Back to the Embed button, or (on a phone, where it folds away) to the button that unfolds it.
    onClose: () => {
      const embed = context.root.querySelector<HTMLElement>('.control-embed');
      (embed && embed.offsetParent !== null ? embed : context.root.querySelector<HTMLElement>('.control-more'))?.focus();
    },
  });
  context.byId('main').append(dialog);
  dialog.showModal();
}

/** Grades a response again as the page would, in a session that shows nothing and keeps nothing. */
function grader(lab: AttentionLab): Diagnose {
  const session = new Session(lab, { find: findWalkthrough, fallback: DEFAULT_WALKTHROUGH });
  let open = '';
  return async (walkthroughId, exerciseId, response) => {
    const walkthrough = findWalkthrough(walkthroughId);
    const exercise = walkthrough?.exercises?.find((e) => e.id === exerciseId);
    if (!walkthrough || !exercise || walkthrough.perLearner) return undefined;
    if (open !== walkthroughId) {
      if (!(await session.open({ walkthrough: walkthroughId, step: 'inputs' }))) return undefined;
      open = walkthroughId;
    }
    const graded = session.answer(exercise, response);
    return 'error' in graded || graded.correct ? undefined : graded.misconception;
  };
}
