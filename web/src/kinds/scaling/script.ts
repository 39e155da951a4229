// The scaling walkthrough's part of the exported Python script: the experiment's first draw,
// then its scores, weights and softmax Jacobians with and without √d_k.
import type { Matrix } from '../../../lib/index.js';
import { assign, type Script } from '../../export/python.js';

/** `draw`: the experiment's first random query and keys, as the engine drew them. */
export function scalingScript(seed: number, draw: { query: Matrix; key: Matrix }): Script {
  return {
    helpers: ['array', 'softmax'],
    functions: (d) => ['def jacobian(p):', '    """d p_i / d x_j = p_i (delta_ij - p_j), for one row of weights."""', `    return ${d.xp}.diag(p[0]) - ${d.xp}.outer(p[0], p[0])`],
    body: (d) => [
      ...assign('q', draw.query, `the experiment's first draw (scalingExperiment, seed ${seed}): one query …`),
      ...assign('K', draw.key, '… and its keys'),
      '',
      'scores = q @ K.T',
      'scaled = scores / math.sqrt(q.shape[1])',
      'weights_unscaled = softmax(scores)',
      'weights = softmax(scaled)',
      'J_unscaled = jacobian(weights_unscaled)',
      'J_scaled = jacobian(weights)',
      '',
      "show('scores', scores)",
      "show('scaled', scaled)",
      "show('weights-unscaled', weights_unscaled)",
      "show('weights', weights)",
      "show('jacobian-unscaled', J_unscaled)",
      "show('jacobian-scaled', J_scaled)",
      `show('frobenius-norms', array([[float(${d.xp}.linalg.norm(J_unscaled)), float(${d.xp}.linalg.norm(J_scaled))]]))  # unscaled, scaled`,
    ],
  };
}
