// The walkthroughs the page ships (web/src/walkthroughs/*.json), by id, read as the page's
// registry holds them: the tests that open every one, or one by name, share this reading.
import { readdirSync, readFileSync } from 'node:fs';

const FOLDER = new URL('../../web/src/walkthroughs/', import.meta.url);

/** @type {Map<string, any>} */
export const SHIPPED = new Map(readdirSync(FOLDER).filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(new URL(f, FOLDER), 'utf8'))).map((w) => [w.id, w]));

/**
 * The kinds drawn by a view of their own rather than step by step (their descriptor's `view`,
 * web/src/kinds/<kind>/kind.ts): tests/page/session.test.mjs holds this list to the descriptors.
 */
export const OWN_VIEW_KINDS = new Set(['training']);

/** The shipped walkthroughs shown step by step: the tests that step through every one. */
export const STEPPED = new Map([...SHIPPED].filter(([, w]) => !OWN_VIEW_KINDS.has(w.kind)));

/**
 * Of those, the first of each kind (in file-name order): the tests whose findings are the kind's
 * views and not one walkthrough's words (a pseudo-locale's stretched and mirrored layout).
 */
export const ONE_PER_KIND = new Map([...STEPPED].filter(([, w], i, all) => all.findIndex(([, x]) => x.kind === w.kind) === i));

/**
 * A session (the page's Session class, compiled) on the shipped walkthroughs, and the notices it
 * gives, in order.
 */
export function shippedSession(lab, Session) {
  const s = new Session(lab, { find: (id) => SHIPPED.get(id), fallback: 'worked-example' });
  /** @type {string[]} */
  const notices = [];
  s.subscribe((/** @type {any} */ event) => event.type === 'notice' && notices.push(event.message));
  return { s, notices };
}
