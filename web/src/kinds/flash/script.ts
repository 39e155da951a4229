// The flash-attention walkthrough's part of the exported Python script: Q, K, V (and the mask) as
// the learner has them, full attention, then the tiled online softmax loop of the engine's
// flashAttention, printing each tile's running numbers and partial output under its panel's name.
import type { FlashInputs } from './inputs.js';
import type { Dialect, Script } from '../../export/python.js';
import { attentionInputLines } from '../attention/script.js';

/** A row max in either dialect: NumPy's max(axis=1) or torch's amax(dim=1). */
const rowMax = (d: Dialect, x: string) => (d.xp === 'torch' ? `${x}.amax(dim=1)` : `${x}.max(axis=1)`);
const columns = (d: Dialect, parts: string) => (d.xp === 'torch' ? `torch.stack([${parts}], dim=1)` : `np.stack([${parts}], axis=1)`);

export function flashScript(inputs: FlashInputs): Script {
  const masked = inputs.mask != null;
  // The tiles are printed in the order the page shows them; the numbers do not depend on it.
  const columnsFirst = inputs.order === 'columns';
  return {
    helpers: masked ? ['array', 'fillBlocked', 'softmax'] : ['array', 'softmax'],
    functions: () => [],
    body: (d) => [
      ...attentionInputLines(d, inputs),
      `block_rows, block_cols = ${inputs.blockRows}, ${inputs.blockCols}`,
      '',
      'scaled = (Q @ K.T) / math.sqrt(Q.shape[1])',
      masked ? 's = fill_blocked(scaled, mask, fill)  # the scores the softmax sees' : 's = scaled',
      'full_output = softmax(s) @ V  # full attention, for the proof',
      '',
      'n, m = s.shape',
      `output = ${d.xp}.zeros((n, V.shape[1]), dtype=${d.xp}.float64)`,
      `row_max = ${d.xp}.zeros(n, dtype=${d.xp}.float64)`,
      `row_sum = ${d.xp}.zeros(n, dtype=${d.xp}.float64)`,
      'printed = {}',
      'for r, r0 in enumerate(range(0, n, block_rows)):',
      '    rows = slice(r0, min(r0 + block_rows, n))',
      '    b = rows.stop - rows.start',
      `    m_run = ${d.xp}.full((b,), -math.inf, dtype=${d.xp}.float64)  # running max`,
      `    l_run = ${d.xp}.zeros(b, dtype=${d.xp}.float64)  # running sum`,
      `    O = ${d.xp}.zeros((b, V.shape[1]), dtype=${d.xp}.float64)  # unnormalised output`,
      '    for c, c0 in enumerate(range(0, m, block_cols)):',
      '        keys = slice(c0, min(c0 + block_cols, m))',
      '        tile = s[rows, keys]',
      `        tile_max = ${rowMax(d, 'tile')}`,
      `        m_new = ${d.xp}.maximum(m_run, tile_max)`,
      '        # A row with every key so far blocked keeps m = -inf; e^(x - 0) then gives e^-inf = 0, not NaN.',
      `        shift = ${d.xp}.where(${d.xp}.isneginf(m_new), ${d.xp}.zeros_like(m_new), m_new)`,
      `        alpha = ${d.xp}.exp(m_run - shift)`,
      `        p = ${d.xp}.exp(tile - shift[:, None])`,
      '        l_before = l_run',
      '        l_run = alpha * l_run + p.sum(1)',
      '        O = alpha[:, None] * O + p @ V[keys]',
      `        printed[(c, r) if ${columnsFirst ? 'True' : 'False'} else (r, c)] = [`,
      `            (f'tile-{r}-{c}-running', ${columns(d, 'tile_max, m_run, m_new, alpha, l_before, l_run')}),`,
      "            (f'tile-{r}-{c}-partial', O),",
      '        ]',
      '        m_run = m_new',
      `    output[rows] = ${d.xp}.where(l_run[:, None] > 0, O / ${d.xp}.where(l_run > 0, l_run, ${d.xp}.ones_like(l_run))[:, None], ${d.xp}.zeros_like(O))`,
      '    row_max[rows], row_sum[rows] = m_run, l_run',
      '',
      'for key in sorted(printed):',
      '    for name, x in printed[key]:',
      '        show(name, x)',
      `show('final-statistics', ${columns(d, 'row_max, row_sum')})`,
      "show('output', output)",
      "show('full-output', full_output)",
      "show('flash-output', output)",
      "show('difference', output - full_output)",
    ],
  };
}
