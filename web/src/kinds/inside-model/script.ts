// The lesson "Inside the model"'s part of the exported Python script: attention rollout (Abnar &
// Zuidema 2020) written from its definition, from each layer's head-averaged attention weights as
// the engine computed them for the text, with every digit. The model itself is not written out:
// its weights are the shipped file's (docs/language-model.md).
import type { Script } from '../../export/python.js';
import { assign } from '../../export/python.js';
import type { InsideModelInputs } from './inputs.js';
import type { InsideTraces } from './steps.js';

export function insideScript(inputs: InsideModelInputs, { rollout }: InsideTraces): Script {
  return {
    helpers: ['array'],
    functions: (d) => [
      'def rollout(means, residual):',
      '    """Each layer\'s mean mixed with the identity, rows renormalised, multiplied through the layers."""',
      '    result = None',
      '    for mean in means:',
      `        mixed = residual * ${d.xp}.eye(mean.shape[0], dtype=mean.dtype) + (1 - residual) * mean`,
      '        mixed = mixed / mixed.sum(-1, keepdims=True)'.replace('keepdims', d.xp === 'torch' ? 'keepdim' : 'keepdims'),
      '        result = mixed if result is None else mixed @ result',
      '    return result',
    ],
    body: () => [
      `text = ${JSON.stringify(inputs.text)}`,
      `residual = ${inputs.residual}`,
      ...rollout.mean.flatMap((mean, l) => assign(`mean_${l}`, mean, `layer ${l}'s attention weights on the text, averaged over its heads (from the engine)`)),
      `show('rollout', rollout([${rollout.mean.map((_, l) => `mean_${l}`).join(', ')}], residual))`,
    ],
  };
}
