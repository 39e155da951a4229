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

/**
 * How a wrong value is shown in a message: short, and never the whole of a large input.
 * @param {unknown} value
 * @returns {string}
 */
export function describe(value) {
  if (value === undefined) return 'undefined';
  if (value === null) return 'null';
  if (typeof value === 'string') {
    const shown = value.length > 24 ? `${value.slice(0, 24)}…` : value;
    return `the string ${JSON.stringify(shown)}`;
  }
  if (typeof value === 'number') return Number.isNaN(value) ? 'NaN' : String(value);
  if (typeof value === 'boolean' || typeof value === 'bigint') return `${typeof value} ${String(value)}`;
  if (typeof value === 'function') return 'a function';
  if (Array.isArray(value)) return value.length === 0 ? 'an empty array' : `an array of length ${value.length}`;
  if (ArrayBuffer.isView(value)) return `a ${value.constructor.name}`;
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
