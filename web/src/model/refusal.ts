// What the page treats as a refused input: the engine's AttentionError, or a check the page makes
// itself before asking the engine (e.g. the columns a positional walkthrough plots). Recognised
// by name, not by class, so that DOM-free modules need the engine's types only, never its code.

/** A refusal the page raises itself, worded as the engine's: "<argument>: expected …, got …". */
export class InputRefusal extends Error {
  override readonly name = 'InputRefusal';
}

/** Whether `error` refuses an input (then its message is for the learner), rather than a bug. */
export const isRefusal = (error: unknown): error is Error =>
  error instanceof Error && (error.name === 'AttentionError' || error.name === 'InputRefusal');
