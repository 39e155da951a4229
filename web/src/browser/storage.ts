// The browser's localStorage, where the page keeps the learner's progress between visits
// (session/progress-store.ts).

/** localStorage, or undefined where touching it throws (a sandboxed frame, blocked storage). */
export function browserStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}
