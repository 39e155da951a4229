// The inputs of a "encoder" walkthrough, field by field (model/input-fields.ts), from which follow
// their type, their checks for a file and a link, the parameters panels' ranges, the schema and
// the format doc; its entry in KindTable (model/types.ts). The kind's descriptor is kind.ts.
import { string } from '../../model/json-checks.js';
import { choice, inLinks, integer, seed, words, type InputsOf } from '../../model/input-fields.js';
import type { WalkthroughOf } from '../../model/types.js';

export const encoderInputs = {
  tokens: words(),
  dModel: integer(1, 64),
  heads: integer(1, 16),
  dFF: integer(1, 256),
  // A link's activation goes to the engine, which names the ones it has.
  activation: inLinks(choice(['relu', 'gelu']), string),
  /** 'on': zero biases in the attention projections, as nn.TransformerEncoderLayer; 'off': none, as MultiheadAttention(bias=False). */
  attentionBias: choice(['on', 'off']),
  seed: seed(),
};

export type EncoderInputs = InputsOf<typeof encoderInputs>;

export type EncoderWalkthrough = WalkthroughOf<'encoder'>;

declare module '../../model/types.js' {
  interface KindTable {
    encoder: { inputs: EncoderInputs };
  }
}
