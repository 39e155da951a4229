// Rules between the fields of several kinds' inputs (their descriptors' `together`): heads that
// divide the width they split, and the engine's cap on one multi-head trace.
import { field, problem, type Problem } from '../../model/json-checks.js';
import { MAX_ATTENTION_CELLS } from '../../model/limits.js';

export const headsDivide = (heads: number, width: number, widthName: string, path: string): Problem =>
  width % heads === 0 ? undefined : problem(field(path, 'heads'), `a divisor of ${widthName} = ${width}`, String(heads));

/** Multi-head attention keeps heads × queries × keys within the engine's cap on one trace. */
export function cellsFit(heads: number, queries: number, keys: number, path: string): Problem {
  const cells = heads * queries * keys;
  return cells <= MAX_ATTENTION_CELLS
    ? undefined
    : problem(field(path, 'tokens'), `heads × queries × keys of at most ${MAX_ATTENTION_CELLS} (the engine's cap)`, `${heads} × ${queries} × ${keys} = ${cells}`);
}
