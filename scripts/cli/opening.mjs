/**
 * Whether a walkthrough opens in the page as the export would open it: the page's own session
 * (web/src/session/session.ts) opens it with the engine, building every step and placing every
 * exercise as the page does on opening it, so the command refuses exactly what the page would
 * show broken (inputs the engine refuses, an exercise on a panel or cell its step lacks) and a
 * `--step` the walkthrough does not have.
 */
import { Session } from '../../web/src/session/session.ts';

/**
 * What stops `walkthrough` opening at `step` in the page, as "<argument>: <what was expected>",
 * or undefined when it opens.
 * @param {import('../../web/src/model/types.ts').Walkthrough} walkthrough
 * @param {{ source: string, step?: string, exam: boolean }} opening `source`: how the messages
 *   name the walkthrough (its file, or --walkthrough for a shipped one)
 * @param {import('../../web/lib/index.js').AttentionLab} lab the full engine
 * @param {() => Uint8Array} readModel the lessons' language model file, for a walkthrough that
 *   reads it (the command is one bundled file: the façade's own path to the model is not beside it)
 * @returns {Promise<string | undefined>}
 */
export async function openingProblem(walkthrough, { source, step, exam }, lab, readModel) {
  const catalogue = { find: (/** @type {string} */ id) => (id === walkthrough.id ? walkthrough : undefined), fallback: walkthrough.id };
  const session = new Session(lab, catalogue, undefined, { exam, languageModel: (engine) => engine.loadLanguageModel(readModel()) });
  /** @type {string[]} */
  const notices = [];
  session.subscribe((event) => {
    if (event.type === 'notice') notices.push(event.message);
  });
  if (!(await session.open({ walkthrough: walkthrough.id, step: step ?? 'inputs' }))) {
    return `${source}: ${notices.at(-1) ?? 'the page cannot open it'}`;
  }
  if (step === undefined) return undefined;
  if (session.view) return `--step: expected no step (“${walkthrough.id}” is drawn by a view of its own, which has none), got “${step}”`;
  if (session.steps.some((s) => s.id === step)) return undefined;
  return `--step: expected a step of “${walkthrough.id}” (${session.steps.map((s) => s.id).join(', ')}), got “${step}”`;
}
