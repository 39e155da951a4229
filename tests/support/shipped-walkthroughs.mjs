// The walkthroughs the page ships (web/src/walkthroughs/*.json), by id, read as the page's
// registry holds them: the tests that open every one, or one by name, share this reading.
import { readdirSync, readFileSync } from 'node:fs';

const FOLDER = new URL('../../web/src/walkthroughs/', import.meta.url);

/** @type {Map<string, any>} */
export const SHIPPED = new Map(readdirSync(FOLDER).filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(new URL(f, FOLDER), 'utf8'))).map((w) => [w.id, w]));
