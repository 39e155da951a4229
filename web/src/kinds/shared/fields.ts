// Pieces every step builder uses: the controls of parameters panels, shape labels, matrices'
// captions and row labels.
import type { MatrixPanel, ParameterField } from '../../model/types.js';
import type { ParameterValue } from '../kind.js';
import { SEED, type Range } from '../../model/limits.js';
import { w } from './words-en.js';

/** A whole-number control within the range the kind's descriptor gives its input (an integer field is one). */
export function integerField(name: string, label: string, value: number | string, range: Range): ParameterField {
  return { name, label, kind: 'integer', value, min: range.min, max: range.max };
}

/**
 * The seed control of a parameters panel. Inputs typed by hand (the tutorial's) were drawn with
 * no seed: the control then starts empty, saying so, rather than at a made-up 0.
 */
export function seedField(value: number | undefined, label = w('kinds-seed')): ParameterField {
  const field = integerField('seed', label, value ?? '', SEED);
  return value === undefined ? { ...field, placeholder: w('kinds-seed-none') } : field;
}

/** "rows×cols", as every caption and ledger writes a shape. */
export const shape = (rows: number, cols: number): string => `${rows}×${cols}`;

/**
 * A matrix's title, what the page calls it when it says which matrix was edited or explained,
 * and its caption: the title with the matrix's shape, e.g. "Q — queries (4×2)", or as the message
 * `caption` writes the two (the mask's says what its 1s and 0s mean); without a shape, the title
 * alone.
 */
export const titled = (title: string, matrixShape?: string, caption = 'kinds-matrix-caption'): Pick<MatrixPanel, 'title' | 'caption'> =>
  ({ title, caption: matrixShape === undefined ? title : w(caption, { title, shape: matrixShape }) });

/** Generated labels by prefix and count: a 64-wide walkthrough asks for d₀ … d₆₃ for ten panels on every edit. */
const generated = new Map<string, string[]>();

/** Labels for rows: the walkthrough's own when they fit, else q₀, q₁, … (one frozen list per prefix and count, shared). */
export function labels(given: string[] | undefined, count: number, prefix: string): string[] {
  if (given && given.length === count) return given;
  const key = `${prefix}\u0000${count}`;
  let list = generated.get(key);
  if (!list) {
    const digits = '₀₁₂₃₄₅₆₇₈₉';
    list = Object.freeze(Array.from({ length: count }, (_, i) => prefix + String(i).replace(/\d/g, (d) => digits[Number(d)]))) as string[];
    generated.set(key, list);
  }
  return list;
}

/** Most parameters are copied into the inputs as they are; the mask choice "none" means no mask. */
export function withParameter<I extends object>(inputs: I, name: string, value: ParameterValue): I {
  if (name === 'mask') return { ...inputs, mask: value === 'none' ? null : value };
  return { ...inputs, [name]: value };
}
