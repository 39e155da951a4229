// One shipped walkthrough opened in a DOM-free session, and its steps, panels and parameter
// fields looked up by id and name: what a lesson's page test reads.
import assert from 'node:assert/strict';

import { importCompiled } from './compiled.mjs';

const { Session } = await importCompiled('session/session');

/**
 * @param {any} lab the engine
 * @param {any} walkthrough the walkthrough's JSON
 * @param {string} [firstStep] the step `opened` opens at unless told
 */
export function lessonSession(lab, walkthrough, firstStep = walkthrough.steps?.[0]?.id) {
  /** Opens it at `step` (with `inputs`, as a link gives them); the notices it raises are kept. */
  async function opened(/** @type {string} */ step = firstStep, /** @type {any} */ inputs = undefined) {
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
  /** A parameter field of the step on screen. */
  const fieldOf = (/** @type {any} */ s, /** @type {string} */ name) =>
    s.step.panels.flatMap((/** @type {any} */ p) => p.fields ?? []).find((/** @type {any} */ f) => f.name === name);
  return { opened, stepOf, panelOf, fieldOf };
}
