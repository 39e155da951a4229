// The ALiBi walkthrough's part of the exported Python script: the paper's slopes (its reference
// code's get_slopes), the worked head's bias −slope·|i − j| added to its scaled scores, the causal
// mask and the softmax, on the head's slices of the engine's seeded projections.
import { assign, maskLines, type Script } from '../../export/python.js';
import type { AlibiInputs } from './inputs.js';
import type { AlibiTraces } from './steps.js';

export function alibiScript(inputs: AlibiInputs, { worked }: AlibiTraces): Script {
  const { heads, headWidth, length: n } = inputs;
  const head = Math.min(inputs.head, heads - 1);
  const { query, key } = worked.heads[head];
  return {
    helpers: ['array', 'fillBlocked', 'softmax'],
    functions: () => [
      'def get_slopes(n):',
      '    """ALiBi\'s head slopes, as the paper\'s reference code (Press et al. 2022)."""',
      '    def get_slopes_power_of_2(n):',
      '        start = 2 ** (-2 ** -(math.log2(n) - 3))',
      '        return [start * start ** i for i in range(n)]',
      '    if math.log2(n).is_integer():',
      '        return get_slopes_power_of_2(n)',
      '    closest = 2 ** math.floor(math.log2(n))',
      '    return get_slopes_power_of_2(closest) + get_slopes(2 * closest)[0::2][: n - closest]',
    ],
    body: (d) => [
      'import math',
      `slopes = get_slopes(${heads})`,
      "show('slopes', array([slopes]))",
      ...assign('q', query, `head ${head}'s queries: its ${headWidth} columns of the engine's projected query`),
      ...assign('k', key, `head ${head}'s keys`),
      `i = ${d.xp}.arange(${n}, dtype=${d.xp}.float64)[:, None]`,
      `j = ${d.xp}.arange(${n}, dtype=${d.xp}.float64)[None, :]`,
      `bias = -slopes[${head}] * abs(i - j)`,
      "show('head-bias', bias)",
      `scaled = (q @ k.T) / math.sqrt(${headWidth})`,
      "show('head-scaled', scaled)",
      'biased = scaled + bias  # the bias after the scaling, not scaled with the scores',
      "show('head-biased', biased)",
      ...maskLines(d, 'causal', n, n),
      "show('head-weights', softmax(fill_blocked(biased, mask, -math.inf)))",
    ],
  };
}
