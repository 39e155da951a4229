// The rotary-positions walkthrough's part of the exported Python script: θ and the angles from
// the paper's definition, both conventions' rotation, the score at (m, n) and (m + shift,
// n + shift), and the permutation from one convention to the other.
import { assign, type Script } from '../../export/python.js';
import type { RopeInputs } from './inputs.js';
import type { RopeTraces } from './steps.js';

export function ropeScript(inputs: RopeInputs, { query, key }: RopeTraces): Script {
  const { width, base, convention, queryPosition: m, keyPosition: n, shift } = inputs;
  return {
    helpers: ['array'],
    functions: (d) => [
      'def rope(x, positions, convention):',
      '    """Turns pair i of each row by position * theta_i (RoFormer, Su et al. 2021)."""',
      '    d = x.shape[1]',
      `    theta = ${base} ** (-2 * ${d.xp}.arange(d // 2, dtype=${d.xp}.float64) / d)`,
      `    angles = ${d.xp}.asarray(positions, dtype=${d.xp}.float64)[:, None] * theta[None, :]`,
      `    cos, sin = ${d.xp}.cos(angles), ${d.xp}.sin(angles)`,
      "    if convention == 'half':  # pairs (i, i + d/2), as GPT-NeoX and rotate_half",
      '        a, b = x[:, : d // 2], x[:, d // 2 :]',
      `        return ${d.xp === 'torch' ? 'torch.cat' : 'np.concatenate'}([a * cos - b * sin, a * sin + b * cos], ${d.xp === 'torch' ? 'dim' : 'axis'}=1)`,
      '    a, b = x[:, 0::2], x[:, 1::2]  # pairs (2i, 2i + 1), as the paper and Llama',
      `    out = ${d.xp}.zeros_like(x)`,
      '    out[:, 0::2], out[:, 1::2] = a * cos - b * sin, a * sin + b * cos',
      '    return out',
    ],
    body: (d) => [
      ...assign('q', [query], `the query: the engine's random normal numbers (seed ${inputs.seed})`),
      ...assign('k', [key], 'the key, the next row of the same draw'),
      `convention = '${convention}'`,
      `m, n, shift = ${m}, ${n}, ${shift}`,
      `rotated_query = rope(${d.xp === 'torch' ? 'torch.cat' : 'np.concatenate'}([q, q]), [m, m + shift], convention)`,
      `rotated_key = rope(${d.xp === 'torch' ? 'torch.cat' : 'np.concatenate'}([k, k]), [n, n + shift], convention)`,
      "show('rotated-query', rotated_query)",
      "show('rotated-key', rotated_key)",
      "show('scores', rotated_query @ rotated_key.T)  # the diagonal: the same score, distance m - n",
      '',
      '# Interleaved = P^-1 . half . P, with P moving column 2i to i and 2i + 1 to i + d/2.',
      `order = ${d.xp}.concatenate([${d.xp}.arange(0, ${width}, 2), ${d.xp}.arange(1, ${width}, 2)])`.replace(`${d.xp}.concatenate`, d.xp === 'torch' ? 'torch.cat' : 'np.concatenate'),
      `back = ${d.xp}.argsort(order)`,
      "show('rotated-interleaved', rope(q, [m], 'interleaved'))",
      "show('put-back', rope(q[:, order], [m], 'half')[:, back])",
    ],
  };
}
