// The inputs of a backward walkthrough: attention's own (attention/rules.ts), and ∂L/∂output,
// a number per output cell, so n rows (one per query) of d_v numbers (the width of V).
import type { AttentionBackwardInputs } from '../../model/types.js';
import { count, field, matrix, problem, type Problem, sizedMatrix } from '../../model/json-checks.js';
import { LIMITS } from '../../model/limits.js';
import { attentionRules } from '../attention/rules.js';
import type { InputsRules } from '../shared/rules.js';

const A = LIMITS.attention;

function gradientFitsOutput(inputs: AttentionBackwardInputs, path: string): Problem {
  const n = inputs.query.length;
  const dV = inputs.value[0].length;
  const g = inputs.gradOutput;
  if (g.length !== n) return problem(field(path, 'gradOutput'), `${count(n, 'row')} (one per query, as the output)`, String(g.length));
  if (g[0].length !== dV) return problem(field(path, 'gradOutput'), `rows of ${count(dV, 'number')} (d_v, the width of value)`, `rows of ${g[0].length}`);
  return undefined;
}

export const attentionBackwardRules: InputsRules<AttentionBackwardInputs> = {
  fields: {
    ...attentionRules.fields,
    gradOutput: { loose: matrix, strict: sizedMatrix(A.queries, 'queries', A.dV, 'd_v') },
  },
  together: (inputs, path) => attentionRules.together?.(inputs, path) ?? gradientFitsOutput(inputs, path),
};
