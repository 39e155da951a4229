// A walkthrough's `perLearner` field: which of its matrix inputs each learner gets drawn numbers
// for, and from which grid. The structure is checked here, with the file (every input named is a
// matrix input of its kind, given in `inputs`; from < to; a step above 0 that fits between them);
// the grid's finer rules (at most 6 decimals, at most a million numbers) are the engine's, which
// draws them (lab.drawNumbers) and names the field when it refuses (session/own-numbers.ts).
import { descriptorOf } from '../kinds/index.js';
import { expected, field, isRecord, onlyFields, type Problem, problem, quoted } from '../model/json-checks.js';
import type { Kind } from '../model/types.js';

/** The inputs of `kind` that can be drawn per learner: its matrices of numbers. */
export function drawableInputs(kind: Kind): string[] {
  return Object.entries(descriptorOf(kind).inputs).filter(([, f]) => f.type === 'matrix').map(([name]) => name);
}

const RANGE_FIELDS = ['from', 'to', 'step'];

/** A grid's end or step: a finite number, as the walkthrough's matrices take them. */
const finite = (value: unknown, path: string): Problem =>
  typeof value === 'number' && Number.isFinite(value) ? undefined : expected(path, 'a finite number', value);

function rangeProblem(range: unknown, path: string): Problem {
  if (!isRecord(range)) return expected(path, 'the grid to draw from: { "from": …, "to": …, "step": … }', range);
  const missing = RANGE_FIELDS.find((name) => range[name] === undefined);
  if (missing) return problem(field(path, missing), 'a number', 'nothing');
  const { from, to, step } = range as { from: number; to: number; step: number };
  return onlyFields(range, RANGE_FIELDS, path)
    ?? finite(from, field(path, 'from'))
    ?? finite(to, field(path, 'to'))
    ?? finite(step, field(path, 'step'))
    ?? (to > from ? undefined : problem(field(path, 'to'), `a number above from = ${from}`, String(to)))
    ?? (step > 0 && step <= to - from ? undefined : problem(field(path, 'step'), `a number above 0 and at most to − from = ${to - from}`, String(step)));
}

/**
 * The first problem of a walkthrough's `perLearner` (absent is fine), checked once its inputs
 * passed: each name a matrix input of the kind that the inputs give, each grid well formed.
 */
export function perLearnerProblem(kind: Kind, json: Record<string, unknown>): Problem {
  const { perLearner } = json;
  if (perLearner === undefined) return undefined;
  const drawable = drawableInputs(kind);
  if (!isRecord(perLearner) || Object.keys(perLearner).length === 0) {
    return expected('perLearner', `the inputs to draw per learner, some of ${quoted(drawable)}, each with its grid`, perLearner);
  }
  const inputs = json.inputs as Record<string, unknown>;
  for (const [name, range] of Object.entries(perLearner)) {
    const path = field('perLearner', name);
    if (!drawable.includes(name)) return problem(path, `a matrix input of kind "${kind}" (${quoted(drawable)})`, 'another name');
    if (inputs[name] === undefined) return problem(path, `an input the walkthrough gives (inputs.${name}), whose shape the drawn numbers take`, 'none');
    const found = rangeProblem(range, path);
    if (found) return found;
  }
  return undefined;
}
