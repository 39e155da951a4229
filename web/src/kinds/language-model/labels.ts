// How the lesson "A language model, step by step" writes tokens in its labels. Formatting only:
// what each token spells comes from the model.
import type { LanguageModel } from '../../../lib/index.js';

/** A token as a label: a space is drawn as ␣ and a newline as ↵, which a label would otherwise lose; a piece of a character as its id. */
export function shownPiece(piece: string | null, token: number): string {
  if (piece === null || piece === '\uFFFD') return `#${token}`;
  return piece.replace(/ /g, '␣').replace(/\n/g, '↵').replace(/\t/g, '⇥');
}

/** What each token of the model spells, token id by token id (its tokenizer's vocabulary). */
export function vocabularyOf(model: LanguageModel): (string | null)[] {
  return model.tokenizer().vocabulary;
}
