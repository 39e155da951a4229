// Words every kind uses (the seed control of a parameters panel, a matrix's caption), in
// English: the source of words-es.ts. Fluent syntax, single-line messages (i18n/messages.ts).
import { kindWords } from '../../i18n/messages.js';

export const ENGLISH = `
kinds-seed = seed
kinds-seed-none = none
kinds-matrix-caption = { $title } ({ $shape })
`;

/** A shared message in the page's language. */
export const w = kindWords(ENGLISH, { es: () => import('./words-es.js').then((m) => m.SPANISH) });
