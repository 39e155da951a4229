// How the lesson "A language model, step by step" writes tokens in its labels. Formatting only:
// what each token spells comes from the model.
import type { LanguageModel } from '../../../lib/index.js';

/** A token as a label: a space is drawn as ␣ and a newline as ↵, which a label would otherwise lose; a piece of a character as its id. */
export function shownPiece(piece: string | null, token: number): string {
  if (piece === null || piece === '\uFFFD') return `#${token}`;
  return piece.replace(/ /g, '␣').replace(/\n/g, '↵').replace(/\t/g, '⇥');
}

/**
 * What each token of the model spells, token id by token id: the model's tokenizer's vocabulary
 * when it has one (a model file's characters), else its bytes (a model with no merges spells byte
 * b as b's character below 128, and nothing whole above).
 */
export function vocabularyOf(model: LanguageModel): (string | null)[] {
  const own = (model as { tokenizer?: () => { vocabulary: (string | null)[] } }).tokenizer?.().vocabulary;
  if (own) return own;
  return Array.from({ length: model.config().vocab }, (_, b) => (b < 128 ? String.fromCharCode(b) : null));
}
