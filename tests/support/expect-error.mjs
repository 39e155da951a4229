import assert from 'node:assert/strict';

import { AttentionError } from 'attention-lab';

/**
 * Calls `fn`, which must throw an AttentionError about `argument`, whose message has the form
 * "<argument>: expected …, got …" and matches every one of `patterns` (a string must appear
 * as it is; a RegExp must match). Returns the error.
 * @param {() => unknown} fn
 * @param {string} argument
 * @param {...(string | RegExp)} patterns
 * @returns {AttentionError}
 */
export function expectAttentionError(fn, argument, ...patterns) {
  let caught;
  try {
    fn();
  } catch (error) {
    caught = error;
  }
  assert.ok(caught !== undefined, `expected an AttentionError about ${argument}, but nothing was thrown`);
  assertAttentionError(caught, argument, ...patterns);
  return /** @type {AttentionError} */ (caught);
}

/**
 * @param {unknown} caught @param {string} argument @param {...(string | RegExp)} patterns
 */
export function assertAttentionError(caught, argument, ...patterns) {
  assert.ok(caught instanceof AttentionError, `expected an AttentionError, got ${caught}`);
  assert.ok(caught instanceof Error, 'an AttentionError is an Error');
  assert.equal(caught.name, 'AttentionError');
  const { message } = caught;
  assert.equal(caught.argument, argument, `argument of "${message}"`);
  assert.ok(message.startsWith(`${argument}: expected `), `"${message}" starts with "${argument}: expected "`);
  assert.ok(message.includes(', got '), `"${message}" says what came ("got …")`);
  for (const pattern of patterns) {
    if (typeof pattern === 'string') assert.ok(message.includes(pattern), `"${message}" includes "${pattern}"`);
    else assert.match(message, pattern);
  }
  assert.ok(!/undefined is not|Cannot read|BindingError|RuntimeError/.test(message), `"${message}" is not a JavaScript/Embind internal error`);
}
