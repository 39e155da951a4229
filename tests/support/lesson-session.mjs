// One shipped walkthrough opened in the page's session, without a browser, and the lookups the
// lesson tests make in its steps: a step by id, a panel of a step by name, a field on screen.
import assert from 'node:assert/strict';

/**
 * @param {any} lab the engine
 * @param {any} Session the page's Session class, compiled
 * @param {any} walkthrough the walkthrough's JSON
 * @param {string} firstStep the step `opened` opens at unless told
 */
export function lessonSession(lab, Session, walkthrough, firstStep) {
  /** The session opened at `step` (with `inputs`, when given), and the notices it gives. */
  async function opened(step = firstStep, /** @type {any} */ inputs = undefined) {
    const s = new Session(lab, { find: (/** @type {string} */ id) => (id === walkthrough.id ? walkthrough : undefined), fallback: walkthrough.id });
    /** @type {string[]} */
    const notices = [];
    s.subscribe((/** @type {any} */ e) => { if (e.type === 'notice') notices.push(e.message); });
    assert.equal(await s.open({ walkthrough: walkthrough.id, step, inputs }), true);
    return { s, notices };
  }
  const stepOf = (/** @type {any} */ s, /** @type {string} */ id) => s.steps.find((/** @type {any} */ step) => step.id === id);
  const panelOf = (/** @type {any} */ s, /** @type {string} */ step, /** @type {string} */ name) =>
    stepOf(s, step).panels.find((/** @type {any} */ p) => p.name === name);
  const fieldOf = (/** @type {any} */ s, /** @type {string} */ name) =>
    s.step.panels.flatMap((/** @type {any} */ p) => p.fields ?? []).find((/** @type {any} */ f) => f.name === name);
  return { opened, stepOf, panelOf, fieldOf };
}
