// A copy of a walkthrough under an id of its own: the id to give it, and a walkthrough file's text
// whose id is a shipped walkthrough's, renamed. Small and apart from the editor's draft
// (draft.ts), since the page reads every file an instructor opens with it.
import { TEXT_LIMITS } from './validate-walkthrough.js';

/** An id not taken: `id` itself, else `<id>-copy`, `<id>-copy-2`, … (cut to the 64 characters an id may have). */
export function freshId(id: string, taken: (id: string) => boolean): string {
  if (!taken(id)) return id;
  for (let k = 1; ; k += 1) {
    const suffix = k === 1 ? '-copy' : `-copy-${k}`;
    const candidate = `${id.slice(0, TEXT_LIMITS.id - suffix.length)}${suffix}`;
    if (!taken(candidate)) return candidate;
  }
}

/**
 * A walkthrough file's text whose id is a shipped walkthrough's (a copy of one), under an id of its
 * own, and the two ids; the text as it is otherwise (its checks are the file's).
 */
export function asOwnCopy(text: string, taken: (id: string) => boolean): { text: string; renamed?: { from: string; to: string } } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { text };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return { text };
  const { id } = json as { id?: unknown };
  if (typeof id !== 'string' || !taken(id)) return { text };
  const to = freshId(id, taken);
  return { text: JSON.stringify({ ...json, id: to }), renamed: { from: id, to } };
}
