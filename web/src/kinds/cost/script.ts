// The cost walkthrough's part of the exported Python script: the same measurement in the script's
// own array library, for comparison with the page (full and linear attention and the RNN, the
// ones that are plain array operations; the tiled and sparse kernels would be Python loops, which
// time the interpreter rather than the method). It prints the median time of each size.
import type { CostPlan } from '../../model/types.js';
import type { Script } from '../../export/python.js';

export function costScript(plan: CostPlan): Script {
  return {
    helpers: ['softmax'],
    functions: (d) => [
      'import time',
      '',
      '',
      'def full(q, k, v):',
      '    return softmax(q @ k.T / math.sqrt(q.shape[1])) @ v',
      '',
      '',
      'def linear(q, k, v):',
      `    phi = lambda x: ${d.xp}.where(x > 0, x + 1, ${d.xp}.exp(${d.xp}.minimum(x, ${d.xp === 'torch' ? 'torch.zeros_like(x)' : '0'})))`,
      '    fq, fk = phi(q), phi(k)',
      '    return (fq @ (fk.T @ v)) / (fq @ fk.sum(0))[:, None]',
      '',
      '',
      'def rnn(x, w_x, w_h, b):',
      '    h = x[0] * 0',
      '    for x_t in x:',
      `        h = ${d.xp}.tanh(x_t @ w_x + h @ w_h + b)`,
      '    return h',
      '',
      '',
      'def median_seconds(run, repeats):',
      '    times = []',
      '    for _ in range(repeats):',
      '        start = time.perf_counter()',
      '        run()',
      '        times.append(time.perf_counter() - start)',
      '    return sorted(times)[(repeats - 1) // 2]',
    ],
    body: (d) => {
      const random = (shape: string) => (d.xp === 'torch' ? `torch.randn(${shape}, generator=g, dtype=torch.float64)` : `rng.standard_normal((${shape}))`);
      return [
        `d, repeats = ${plan.d}, ${plan.repeats}`,
        d.xp === 'torch' ? `g = torch.Generator().manual_seed(${plan.seed})` : `rng = np.random.default_rng(${plan.seed})`,
        `w_x, w_h, b = ${random('d, d')} / math.sqrt(d), ${random('d, d')} / math.sqrt(d), ${random('d')} * 0`,
        "print('n full linear rnn  (median seconds per call)')",
        `for n in [${plan.sizes.join(', ')}]:`,
        `    q, k, v = (${random('n, d')} for _ in range(3))`,
        '    times = [median_seconds(lambda: full(q, k, v), repeats), median_seconds(lambda: linear(q, k, v), repeats),',
        '             median_seconds(lambda: rnn(q, w_x, w_h, b), repeats)]',
        "    print(n, ' '.join(f'{t:.3e}' for t in times))",
      ];
    },
  };
}
