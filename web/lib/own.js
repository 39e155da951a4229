/**
 * Reading only what an object holds itself. A key another script set on Object.prototype (or
 * Array.prototype) would otherwise answer for every object that lacks it: an option, a table
 * entry or an array's hole the caller never wrote.
 */

/**
 * `record[key]` when `record` has that own property, else undefined.
 * @param {object} record
 * @param {PropertyKey} key
 * @returns {unknown}
 */
export function own(record, key) {
  return Object.hasOwn(record, key) ? /** @type {Record<PropertyKey, unknown>} */ (record)[key] : undefined;
}
