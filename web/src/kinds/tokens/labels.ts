// How the lesson "From text to tokens" writes tokens in its labels, and what "explain this
// number" needs to know of each of its panels. Formatting only: what a merge spells and which
// bytes it holds come from the engine's trace.
import type { ByteMerge, PairCount, TokenizeStep } from '../../../lib/index.js';

/** A character as a label: a space is drawn as ␣, which a label would otherwise lose. */
export const shownText = (text: string): string => text.replace(/ /g, '␣');

/** Bytes as UTF-8 is usually written, "C3 A9". */
export const hexBytes = (bytes: readonly number[]): string =>
  bytes.map((b) => b.toString(16).toUpperCase().padStart(2, '0')).join(' ');

/**
 * A token as text: a byte below 128 is its ASCII character, another byte its hex digits (a piece
 * of a character), a merge what its bytes spell, or their hex digits when they hold part of a
 * character (the engine's `text` is then null).
 */
export function tokenLabel(token: number, merges: readonly ByteMerge[]): string {
  if (token >= 256) {
    const merge = merges[token - 256];
    return merge.text === null ? `⟨${hexBytes(merge.bytes)}⟩` : shownText(merge.text);
  }
  return token >= 32 && token < 127 ? shownText(String.fromCharCode(token)) : `⟨${hexBytes([token])}⟩`;
}

/** A pair of tokens as a label, "m·m". */
export const pairLabel = (pair: readonly number[], label: (token: number) => string): string => `${label(pair[0])}·${label(pair[1])}`;

/** Which character a byte of the sentence belongs to, and which of its bytes it is. */
export interface ByteOwner {
  character: string;
  index: number;
  count: number;
}

/** How the cells of each trace-explained panel were computed (the kind's explain.ts writes them out). */
export type CellSource =
  | { kind: 'code-point'; characters: string[] }
  | { kind: 'byte'; owners: ByteOwner[] }
  | { kind: 'pair'; pairs: PairCount[] }
  | { kind: 'sequence'; tokens: number[]; merges: ByteMerge[] }
  | { kind: 'merge'; merges: ByteMerge[]; start: number }
  | { kind: 'applied'; steps: TokenizeStep[]; start: number }
  | { kind: 'compare'; merges: number; rows: number[][] }
  | { kind: 'character-id'; characters: string[]; vocabulary: string[] };
