/**
 * The one error type of Attention Lab. Every invalid argument, whether caught here while
 * reading nested arrays or by the C++ engine while checking shapes and values, arrives as an
 * AttentionError whose message starts with the argument's name.
 */
export class AttentionError extends Error {
  /**
   * @param {string} message "<argument>: expected …, got …"
   */
  constructor(message) {
    super(message);
    this.name = 'AttentionError';
    const colon = message.indexOf(': ');
    /** The argument the message is about, e.g. "key" or "query[0][1]". */
    this.argument = colon > 0 ? message.slice(0, colon) : '';
  }
}

/** How many characters of a caller's string a message echoes. */
const SHOWN_CHARACTERS = 24;

/**
 * A caller's string as a message shows it: quoted, control characters and lone surrogates
 * escaped (JSON.stringify does both, so a NUL cannot cut the message short), at most `limit`
 * code points.
 * @param {string} text
 * @param {number} [limit]
 */
export function quote(text, limit = SHOWN_CHARACTERS) {
  const points = Array.from(text.length > 4 * limit ? text.slice(0, 4 * limit) : text);
  return JSON.stringify(points.length > limit ? `${points.slice(0, limit).join('')}…` : text);
}

/**
 * A property name as a message names it: as it is when it reads like an identifier (so
 * AttentionError.argument is the name itself), quoted otherwise.
 * @param {string | symbol} key
 */
export function showKey(key) {
  const text = String(key);
  if (/^(?:[A-Za-z_$][\w$]{0,40}|Symbol\([\w$]{0,40}\))$/.test(text)) return text;
  // A colon would end AttentionError.argument early.
  return quote(text).replaceAll(':', '\\u003a');
}

/**
 * How a wrong value is shown in a message: short, and never the whole of a large input.
 * Never throws: a Proxy or a revoked Proxy is shown as an object.
 * @param {unknown} value
 * @returns {string}
 */
export function describe(value) {
  if (value === undefined) return 'undefined';
  if (value === null) return 'null';
  if (typeof value === 'string') return `the string ${quote(value)}`;
  if (typeof value === 'number') return Number.isNaN(value) ? 'NaN' : String(value);
  if (typeof value === 'boolean' || typeof value === 'bigint') return `${typeof value} ${String(value)}`;
  if (typeof value === 'symbol') return 'a symbol';
  if (typeof value === 'function') return 'a function';
  try {
    if (Array.isArray(value)) return value.length === 0 ? 'an empty array' : `an array of length ${value.length}`;
    if (ArrayBuffer.isView(value)) return `a ${Object.prototype.toString.call(value).slice(8, -1)}`;
  } catch {
    // A Proxy whose traps throw: it is still an object.
  }
  return 'an object';
}

/**
 * Throws AttentionError("<argument>: expected <expected>, got <what came>").
 * @param {string} argument
 * @param {string} expected
 * @param {unknown} got
 * @returns {never}
 */
export function fail(argument, expected, got) {
  throw new AttentionError(`${argument}: expected ${expected}, got ${describe(got)}`);
}

/**
 * What reading a caller's value threw (a getter, a Proxy trap), as an AttentionError about
 * `argument`; an AttentionError thrown by our own checks passes through unchanged.
 * @param {string} argument
 * @param {unknown} error
 * @returns {AttentionError}
 */
export function unreadable(argument, error) {
  if (error instanceof AttentionError) return error;
  let what = 'an unprintable value';
  try {
    what = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  } catch {
    // The thrown value's own name, message or toString threw: keep the placeholder.
  }
  return new AttentionError(`${argument}: expected a value that can be read, got an error reading it (${quote(what, 80).slice(1, -1)})`);
}
