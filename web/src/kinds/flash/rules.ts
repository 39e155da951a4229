// The inputs of a flash-attention walkthrough, field by field, for the walkthrough validator and a
// link's edited inputs (model/input-rules.ts): attention's inputs, plus a tile of at most n × m
// and the order the tiles are shown in.
import type { FlashInputs } from '../../model/types.js';
import { field, oneOf, problem } from '../../model/json-checks.js';
import { LIMITS } from '../../model/limits.js';
import { attentionRules, attentionShapesAgree } from '../attention/rules.js';
import { type InputsRules, size } from '../shared/rules.js';

/** The orders of the tiles: query blocks outside (FlashAttention-2) or key blocks outside (FlashAttention-1). */
export const TILE_ORDERS = ['rows', 'columns'] as const;

const F = LIMITS.flash;

export const flashRules: InputsRules<FlashInputs> = {
  fields: {
    ...attentionRules.fields,
    blockRows: size(F.blockRows),
    blockCols: size(F.blockCols),
    order: { loose: oneOf(TILE_ORDERS) },
  },
  together: (inputs, path) => {
    const n = inputs.query.length;
    const m = inputs.key.length;
    return attentionShapesAgree(inputs, path)
      ?? (inputs.blockRows > n ? problem(field(path, 'blockRows'), `a whole number from 1 to ${n} (the number of queries)`, String(inputs.blockRows)) : undefined)
      ?? (inputs.blockCols > m ? problem(field(path, 'blockCols'), `a whole number from 1 to ${m} (the number of keys)`, String(inputs.blockCols)) : undefined);
  },
};
