// The inputs of each kind of walkthrough are checked two ways, by the rules each kind declares
// (kinds/<kind>/rules.ts, listed in kinds/index.ts). Loosely, for the edited inputs a link carries
// (state/url-state.ts): the structure the page needs to run, leaving values to the engine, which
// refuses a bad one with a message. Strictly, for a walkthrough file (validate-walkthrough.ts):
// every field also within the range of the page's controls (limits.ts), no unknown fields, and
// the rules between fields (shapes that agree, heads that divide d_model, the engine's caps), so
// an authored walkthrough always opens.
import { KIND_RULES } from '../kinds/index.js';
import type { FieldRule, Kind } from '../kinds/shared/rules.js';
import { expected, field, firstProblem, isRecord, onlyFields, type Problem } from './json-checks.js';

export type { Kind } from '../kinds/shared/rules.js';

/** The kinds of walkthrough, in the order of the table. */
export const KINDS = Object.keys(KIND_RULES) as Kind[];

/** The table entry of `kind`, seen without its kind's types, to check a value not yet known to fit. */
function rulesOf(kind: Kind): { fields: Record<string, FieldRule>; together?: (inputs: unknown, path: string) => Problem } {
  return KIND_RULES[kind] as { fields: Record<string, FieldRule>; together?: (inputs: unknown, path: string) => Problem };
}

function fieldsProblem(kind: Kind, value: Record<string, unknown>, path: string, strict: boolean): Problem {
  return firstProblem(Object.entries(rulesOf(kind).fields), ([name, rule]) => {
    const given = value[name];
    if (given === undefined && rule.optional) return undefined;
    return ((strict && rule.strict) || rule.loose)(given, field(path, name));
  });
}

/** Whether a link's edited inputs have the structure of `kind`'s inputs, so the page can run them. */
export function inputsFit(kind: Kind, value: unknown): boolean {
  return isRecord(value) && fieldsProblem(kind, value, '', false) === undefined;
}

/** The first problem of a walkthrough file's inputs under every rule, or undefined. */
export function inputsProblem(kind: Kind, value: unknown, path: string): Problem {
  if (!isRecord(value)) return expected(path, `the inputs of a walkthrough of kind "${kind}" (an object)`, value);
  const rules = rulesOf(kind);
  return onlyFields(value, Object.keys(rules.fields), path) ?? fieldsProblem(kind, value, path, true) ?? rules.together?.(value, path);
}

