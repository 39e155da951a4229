// How a notice quotes back what a link or a learner gave it. A link can carry anything (tens of
// kilobytes of inputs, a pasted paragraph), and a notice that repeats all of it buries the
// sentence that says what went wrong.

/** At most this many characters of a bad value are shown. */
export const ECHO_LIMIT = 80;

/**
 * The value cut to `ECHO_LIMIT` characters (whole code points, so an emoji is never split), with
 * an ellipsis when it was longer. Control characters are shown as their code, so an invisible
 * character still shows up as the thing that is wrong.
 */
export function clip(value: string, limit = ECHO_LIMIT): string {
  const characters = Array.from(value);
  const shown = characters.slice(0, limit).join('')
    .replace(/[\u0000-\u001f\u007f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `${shown}${characters.length > limit ? '…' : ''}`;
}

/** The clipped value in quotation marks, as notices quote a bad value. */
export const echo = (value: string, limit = ECHO_LIMIT): string => `“${clip(value, limit)}”`;
