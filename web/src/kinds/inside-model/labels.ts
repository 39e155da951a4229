// How the lessons that read the language model ("Inside the model", and a sentence read by it)
// write tokens and heads in their labels, count layers and heads from 1, where the learner's name
// sits among the tokens, and what "explain this number" needs to know of each panel. Formatting,
// counting and string search only: every number comes from the engine's traces.
import type { HeadPattern } from '../../../lib/index.js';
import { InputRefusal } from '../../model/refusal.js';

/** A token as a label: a space drawn as ␣ and a newline as ⏎, which a label would otherwise lose; part of a character as ⟨…⟩. */
export const pieceLabel = (piece: string | null): string => (piece === null ? '⟨…⟩' : piece.replace(/ /g, '␣').replace(/\n/g, '⏎'));

/** "V→a": the token read, then the token that follows it. */
export const arrowLabel = (from: string | null, to: string | null): string => `${pieceLabel(from)}→${pieceLabel(to)}`;

/**
 * A layer or head as the page counts it, from 1, from the engine's index, from 0 (the one place
 * the lesson converts; its inputs are counted, steps.ts takes 1 off them for the engine).
 */
export const counted = (index: number): number => index + 1;

/**
 * The head in focus as the engine indexes it (from 0), from the layer and head a learner counts
 * (from 1); a layer or head the model does not have is refused in the learner's count.
 */
export function engineHead(inputs: { layer: number; head: number }, config: { layers: number; heads: number }): { layer: number; head: number } {
  if (inputs.layer > config.layers) throw new InputRefusal(`layer: expected a layer from 1 to ${config.layers}, got ${inputs.layer}`);
  if (inputs.head > config.heads) throw new InputRefusal(`head: expected a head from 1 to ${config.heads}, got ${inputs.head}`);
  return { layer: inputs.layer - 1, head: inputs.head - 1 };
}

/** A head as a short column label, layer then head, both counted: layer 1, head 3 is "L2 H4". */
export const headLabel = (layer: number, head: number): string => `L${counted(layer)} H${counted(head)}`;

/** Every head of the model, layer by layer: the columns of the per-head tables. */
export const everyHead = (layers: number, heads: number): { layer: number; head: number }[] =>
  Array.from({ length: layers * heads }, (_, k) => ({ layer: Math.floor(k / heads), head: k % heads }));

/** Where the name's two copies are among the tokens: each copy's token positions, in order. */
export interface NameCopies {
  first: number[];
  second: number[];
}

/**
 * The token positions of the first two occurrences of `name` in the text the pieces spell, when
 * both start and end on token boundaries (a name cut inside a token has no positions of its own).
 */
export function findNameCopies(pieces: readonly (string | null)[], name: string): NameCopies | undefined {
  if (pieces.some((p) => p === null)) return undefined;
  const starts: number[] = [];
  let offset = 0;
  for (const piece of pieces as string[]) {
    starts.push(offset);
    offset += piece.length;
  }
  const text = (pieces as string[]).join('');
  const positions = (at: number): number[] | undefined => {
    const first = starts.indexOf(at);
    const end = at + name.length;
    const last = end === text.length ? pieces.length : starts.indexOf(end);
    return first < 0 || last < 0 ? undefined : Array.from({ length: last - first }, (_, k) => first + k);
  };
  const a = text.indexOf(name);
  const b = a < 0 ? -1 : text.indexOf(name, a + name.length);
  if (b < 0) return undefined;
  const first = positions(a);
  const second = positions(b);
  return first && second ? { first, second } : undefined;
}

/** How the cells of each trace-explained panel were computed (the kind's explain.ts writes them out). */
export type CellSource =
  | { kind: 'head-weight'; pieces: (string | null)[]; layer: number; head: number }
  | { kind: 'copy-weight'; copies: NameCopies; pieces: (string | null)[]; heads: { layer: number; head: number }[] }
  | { kind: 'score'; pattern: HeadPattern; length: number; cells: number }
  | { kind: 'loss'; pieces: (string | null)[]; head: string }
  | { kind: 'copy-loss'; length: number; rows: string[] }
  | { kind: 'lens-top'; pieces: (string | null)[]; top: (string | null)[][]; layers: string[] }
  | { kind: 'lens-next'; pieces: (string | null)[]; layers: string[] }
  | { kind: 'rollout'; pieces: (string | null)[]; residual: number; layer: number };
