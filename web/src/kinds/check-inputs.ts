// The inputs of a walkthrough are checked two ways, by the fields and rules of its kind's
// descriptor (kinds/<kind>/kind.ts). Loosely, for the edited inputs a link carries
// (state/url-state.ts): the structure the page needs to run, leaving values to the engine, which
// refuses a bad one with a message. Strictly, for a walkthrough file: every field also within the
// range of the page's controls, no unknown fields, and the rules between fields (shapes that
// agree, heads that divide d_model, the engine's caps), so an authored walkthrough always opens.
import { fieldsProblem } from '../model/input-fields.js';
import { expected, isRecord, onlyFields, type Problem } from '../model/json-checks.js';
import type { Kind } from '../model/types.js';
import { descriptorOf } from './index.js';

/** Whether a link's edited inputs have the structure of `kind`'s inputs, so the page can run them. */
export function inputsFit(kind: Kind, value: unknown): boolean {
  return isRecord(value) && fieldsProblem(descriptorOf(kind).inputs, value, '', false) === undefined;
}

/** The first problem of a walkthrough file's inputs under every rule, or undefined. */
export function inputsProblem(kind: Kind, value: unknown, path: string): Problem {
  if (!isRecord(value)) return expected(path, `the inputs of a walkthrough of kind "${kind}" (an object)`, value);
  const { inputs, together } = descriptorOf(kind);
  return onlyFields(value, Object.keys(inputs), path) ?? fieldsProblem(inputs, value, path, true) ?? together?.(value as never, path);
}
