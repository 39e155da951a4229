// The words of "Explain this number" for flash attention's running statistics, partial outputs
// and final division (explain.ts): in English, the source of explain-words-es.ts, in this kind's
// chunk. The arithmetic comes in as text written by explain.ts (numbers by model/format.ts).
// Fluent syntax, single-line messages (i18n/messages.ts).
import { kindWords } from '../../i18n/messages.js';

export const ENGLISH = `
explain-flash-tile-max = tile max{ $q } = max({ $scores }) = { $value }
explain-flash-m-before = m{ $q } before = m after the previous tile of this row = { $value }
explain-flash-m-before-first = m{ $q } before = −∞: this is the row's first tile, no score has been seen yet
explain-flash-m-after = m{ $q } after = max(m before, tile max) = max({ $before }, { $tilemax }) = { $value }
explain-flash-alpha-blocked = α{ $q } = { $value }: every key of this row so far is blocked, m is still −∞ and there is nothing to rescale
explain-flash-alpha = α{ $q } = e^(m before − m after) = { $exponent } = { $value }
explain-flash-sum-before = ℓ{ $q } before = ℓ after the previous tile of this row = { $value }
explain-flash-sum-before-first = ℓ{ $q } before = 0: nothing has been summed yet
explain-flash-sum-after = ℓ{ $q } after = α·ℓ before + Σⱼ e^(sⱼ − m after) = { $terms }
explain-flash-partial = O{ $cell } = α·O before + Σⱼ e^(sⱼ − m after)·vⱼ{ $column } = { $terms }
explain-flash-none-added = + 0 (every key of this tile is blocked)
explain-flash-output-blocked = every key of this row is blocked, so ℓ = 0 and O = 0; the engine gives 0 rather than 0 / 0, as attention does
explain-flash-final-max = m{ $q } = { $value }: the running max after this query's last tile, so the largest score it may see
explain-flash-final-sum = ℓ{ $q } = { $value }: the running sum after this query's last tile, Σⱼ e^(sⱼ − m{ $q }) over every key it may see
`;

/** A message of flash attention's explanations in the page's language. */
export const w = kindWords(ENGLISH, { es: () => import('./explain-words-es.js').then((m) => m.SPANISH) });
