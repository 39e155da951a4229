// The sliding-window walkthrough's part of the exported Python script: the window's mask from its
// definition (with the sinks), attention on the tokens under it and under the causal mask, and
// the weight every query puts on the first key in each case.
import { assign, type Script } from '../../export/python.js';
import type { SlidingWindowInputs } from './inputs.js';
import type { SlidingWindowTraces } from './steps.js';

export function slidingWindowScript(inputs: SlidingWindowInputs, { tokens }: SlidingWindowTraces): Script {
  const { window, sinks } = inputs;
  return {
    helpers: ['array', 'fillBlocked', 'softmax'],
    functions: (d) => [
      'def window_mask(n, window, sinks):',
      '    """Query i sees keys i - window < j <= i, and the first `sinks` keys (j <= i either way)."""',
      `    i = ${d.xp}.arange(n)[:, None]`,
      `    j = ${d.xp}.arange(n)[None, :]`,
      `    return ((j <= i) & ((i - window < j) | (j < sinks))) * 1.0`,
      '',
      '',
      'def attend(x, mask):',
      '    """One head with identity projections: softmax(x x^T / sqrt(d), masked) x."""',
      '    weights = softmax(fill_blocked(x @ x.T / math.sqrt(x.shape[1]), mask, -math.inf))',
      '    return weights, weights @ x',
    ],
    body: (d) => [
      ...assign('x', tokens, `the tokens: the engine's random normal rows (seed ${inputs.seed}) and the first token's pull column`),
      `n, window, sinks = ${tokens.length}, ${window}, ${sinks}`,
      "show('band', window_mask(n, window, 0))",
      'full, _ = attend(x, window_mask(n, n, 0))  # a window as long as the sequence: causal',
      'alone, _ = attend(x, window_mask(n, window, 0))',
      'kept, _ = attend(x, window_mask(n, window, sinks))',
      "show('band-weights', alone)",
      "show('weights-alone', alone)",
      "show('weights-kept', kept)",
      "show('weight on the first key (full, window, window + sinks)', " +
        `${d.xp === 'torch' ? 'torch.stack' : 'np.stack'}([full[:, 0], alone[:, 0], kept[:, 0]]))`,
    ],
  };
}
