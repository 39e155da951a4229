// The positional-encoding walkthrough's part of the exported Python script: the sinusoidal table
// and the cosine similarity of its rows, written from the formula.
import type { PositionalInputs } from './inputs.js';
import type { Script } from '../../export/python.js';

export function positionalScript(inputs: PositionalInputs): Script {
  return {
    helpers: [],
    functions: () => [],
    body: (d) => [
      `length, d_model = ${inputs.length}, ${inputs.dModel}`,
      `position = ${d.xp}.arange(length, dtype=${d.xp}.float64)[:, None]`,
      `even = ${d.xp}.arange(0, d_model, 2, dtype=${d.xp}.float64)  # the columns 2i`,
      'angle = position / 10000 ** (even / d_model)            # pos / 10000^(2i/d)',
      `PE = ${d.xp}.zeros((length, d_model), dtype=${d.xp}.float64)`,
      `PE[:, 0::2] = ${d.xp}.sin(angle)`,
      `PE[:, 1::2] = ${d.xp}.cos(angle[:, : d_model // 2])  # odd d_model: the last column is a sine alone`,
      '',
      'similarity = PE @ PE.T',
      'diagonal = similarity.diagonal()',
      '# One square root of the product, as the engine; an all-zero row (position 0 when d_model = 1) has cosine 0.',
      `cosine = ${d.xp}.nan_to_num(similarity / ${d.xp}.sqrt(diagonal[:, None] * diagonal[None, :]), nan=0.0)`,
      '',
      "show('encoding', PE)",
      "show('cosine', cosine)",
    ],
  };
}
