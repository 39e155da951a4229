// A lesson opened in a DOM-free session, as the page opens it, for the lesson tests in
// tests/page: the session at a step (with the notices it gave), and its steps, panels and
// parameter fields found by name.
import assert from 'node:assert/strict';

import { importCompiled } from './compiled.mjs';

const { Session } = await importCompiled('session/session');

/**
 * Opens `walkthrough` at `step` (with `inputs`, as a link gives them) on `lab`.
 * @returns {Promise<{ s: any, notices: string[] }>}
 */
export async function openLesson(/** @type {any} */ lab, /** @type {any} */ walkthrough, /** @type {string} */ step, /** @type {any} */ inputs = undefined) {
  const s = new Session(lab, { find: (/** @type {string} */ id) => (id === walkthrough.id ? walkthrough : undefined), fallback: walkthrough.id });
  /** @type {string[]} */
  const notices = [];
  s.subscribe((/** @type {any} */ e) => { if (e.type === 'notice') notices.push(e.message); });
  assert.equal(await s.open({ walkthrough: walkthrough.id, step, inputs }), true);
  return { s, notices };
}

export const stepOf = (/** @type {any} */ s, /** @type {string} */ id) => s.steps.find((/** @type {any} */ step) => step.id === id);

export const panelOf = (/** @type {any} */ s, /** @type {string} */ step, /** @type {string} */ name) =>
  stepOf(s, step).panels.find((/** @type {any} */ p) => p.name === name);

/** A parameter field of the step on screen. */
export const fieldOf = (/** @type {any} */ s, /** @type {string} */ name) =>
  s.step.panels.flatMap((/** @type {any} */ p) => p.fields ?? []).find((/** @type {any} */ f) => f.name === name);
