// The words of "Explain this number" for an attention call's cells (explain.ts), a masked score
// and a long sum (explain-terms.ts): in English, the source of explain-words-es.ts. In the page's
// own chunk, since the worked example explains these cells. The arithmetic (symbols, numbers,
// = signs) stays in the code; these are the words around it, numbers passed in as text written
// by model/format.ts. Fluent syntax, single-line messages (i18n/messages.ts).
import { kindWords } from '../../i18n/messages.js';

export const ENGLISH = `
explain-terms-count = ({ $count } terms)
explain-weight-blocked = every key of this row is blocked, so there is nothing to share out.
explain-weight-note = The exponents are row { $row }'s scaled scores q·k/√d_k, each less the row's largest, { $max }, so that no exponential overflows.
explain-weight-note-masked = The exponents are row { $row }'s scaled scores q·k/√d_k after the mask, each less the row's largest, { $max }, so that no exponential overflows.
explain-masked-kept = A{ $at } = 1, so the score is kept
explain-masked-replaced = A{ $at } = 0, so the score ({ $score }) is replaced by { $fill }
`;

/** A message of "Explain this number" in the page's language. */
export const w = kindWords(ENGLISH, { es: () => import('./explain-words-es.js').then((m) => m.SPANISH) });
