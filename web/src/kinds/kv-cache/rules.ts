// The inputs of a KV-cache walkthrough, field by field, for the walkthrough validator and a link's
// edited inputs (model/input-rules.ts): the decoded sequence (length, width, heads dividing it,
// seed) and the model, context and bytes per number of the memory step.
import type { KvCacheInputs } from '../../model/types.js';
import { type Check, expected, number, oneOf } from '../../model/json-checks.js';
import { LIMITS } from '../../model/limits.js';
import { headsDivide, type InputsRules, seed, size } from '../shared/rules.js';
import { KV_BYTES, KV_MODELS } from './models.js';

const K = LIMITS['kv-cache'];

const bytes: Check = (value, path) =>
  KV_BYTES.includes(value as number) ? undefined : expected(path, `one of ${KV_BYTES.join(', ')} (bytes per number)`, value);

export const kvCacheRules: InputsRules<KvCacheInputs> = {
  fields: {
    length: size(K.length),
    dModel: size(K.dModel),
    heads: size(K.heads),
    seed,
    model: { loose: oneOf(KV_MODELS.map((m) => m.id)) },
    context: size(K.context),
    bytes: { loose: number, strict: bytes },
  },
  together: (inputs, path) => headsDivide(inputs.heads, inputs.dModel, 'dModel', path),
};
