// The linear-and-sparse walkthrough's part of the exported Python script: the engine's random
// Q, K, V and its three sparse masks (the random keys are the engine's seeded draw), then full
// attention, attention under each mask, and linear attention with φ = elu + 1.
import { assign, type Dialect, type Script } from '../../export/python.js';
import type { EfficientTraces } from './steps.js';

const PATTERNS = ['window', 'global', 'random'] as const;

const elu1 = (d: Dialect) => (d.xp === 'torch'
  ? ['def phi(x):', '    """elu(x) + 1: x + 1 above 0, e^x below, always positive."""', '    return torch.nn.functional.elu(x) + 1']
  : ['def phi(x):', '    """elu(x) + 1: x + 1 above 0, e^x below, always positive."""', '    return np.where(x > 0, x + 1, np.exp(np.minimum(x, 0)))']);

export function efficientScript(seed: number, t: EfficientTraces): Script {
  return {
    helpers: ['array', 'fillBlocked', 'softmax'],
    functions: (d) => [
      'def attention(q, k, v, mask=None):',
      '    """Scaled dot-product attention; blocked keys (mask 0) get -inf, so weight 0."""',
      '    scaled = (q @ k.T) / math.sqrt(q.shape[1])',
      '    if mask is not None:',
      '        scaled = fill_blocked(scaled, mask, -math.inf)',
      '    weights = softmax(scaled)',
      '    return weights, weights @ v',
      '',
      '',
      ...elu1(d),
    ],
    body: () => [
      ...assign('Q', t.query, `the engine's random sequence (randomMatrix, seed ${seed}): its first n rows are Q …`),
      ...assign('K', t.key, '… the next n rows K …'),
      ...assign('V', t.value, '… and the last n rows V'),
      '',
      'full_weights, full_output = attention(Q, K, V)',
      "show('full-weights', full_weights)",
      "show('full-output', full_output)",
      ...PATTERNS.flatMap((name) => [
        '',
        ...assign(`mask_${name}`, t[name].mask, `the ${name} pattern's mask as sparseAttention built it (1 = attend)`),
        `${name}_weights, ${name}_output = attention(Q, K, V, mask_${name})`,
        `show('${name}-weights', ${name}_weights)`,
        `show('${name}-output', ${name}_output)`,
      ]),
      '',
      '# Linear attention (Katharopoulos et al., 2020): no n x n matrix, a d x d state instead.',
      'feature_query, feature_key = phi(Q), phi(K)',
      'state = feature_key.T @ V               # S = phi(K)^T V',
      'normalizer = feature_key.sum(0)         # z = phi(K)^T 1',
      'linear_output = (feature_query @ state) / (feature_query @ normalizer)[:, None]',
      "show('feature-query', feature_query)",
      "show('feature-key', feature_key)",
      "show('state', state)",
      "show('normalizer', normalizer[None, :])",
      "show('linear-output', linear_output)",
    ],
  };
}
