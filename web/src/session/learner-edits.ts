// What a learner's edit asks of the walkthrough, before anything is recomputed: a number typed
// into a cell, a mask cell flipped, a parameters control changed, each read into the kind's new
// inputs with the sentence announced once they are shown, or the refusal to show instead.
// DOM-free; the session applies the inputs (session.ts).
import type { AttentionLab } from '../../lib/index.js';
import type { AnyKindModule } from '../kinds/kind.js';
import { t } from '../i18n/messages.js';
import { refusalInPageWords } from '../model/engine-sentences.js';
import { isRefusal } from '../model/refusal.js';
import type { MatrixPanel, ParameterField, Walkthrough } from '../model/types.js';
import { parseCell, readField } from '../model/read-input.js';

type Inputs = Walkthrough['inputs'];

/** New inputs and what to announce once shown; a refusal; or nothing to do. */
export type EditReading = { inputs: Inputs; said: string } | { refused: string } | undefined;

/** A number typed into cell (row, column) of an editable matrix. */
export function typedCell(kind: AnyKindModule, inputs: Inputs, panel: MatrixPanel, row: number, column: number, text: string): EditReading {
  const parsed = parseCell(text);
  if (typeof parsed === 'string') return { refused: parsed };
  if (!kind.editCell || !panel.editable) return undefined;
  const edited = kind.editCell(inputs, panel.editable, row, column, parsed);
  if (!edited) return undefined;
  const said = t('edit-cell-said', { matrix: panel.title, row: String(row + 1), column: String(column + 1), value: String(parsed) });
  return { inputs: edited, said };
}

/** A cell of an editable mask flipped. */
export function flippedMaskCell(kind: AnyKindModule, inputs: Inputs, panel: MatrixPanel, row: number, column: number): EditReading {
  const edited = panel.editable ? kind.editCell?.(inputs, panel.editable, row, column) : undefined;
  if (!edited) return undefined;
  const value = (edited as unknown as { mask: number[][] }).mask[row][column];
  return { inputs: edited, said: t('edit-mask-said', { row: String(row + 1), column: String(column + 1), value: String(value) }) };
}

/** A parameters control changed to `text` (a size, a seed, words, a choice). */
export function changedParameter(kind: AnyKindModule, lab: AttentionLab, inputs: Inputs, field: ParameterField, text: string): EditReading {
  const parsed = readField(field, text);
  if ('error' in parsed) return { refused: parsed.error };
  try {
    const edited = kind.changeInputs(lab, structuredClone(inputs), field.name, parsed.value);
    const value = Array.isArray(parsed.value) ? parsed.value.join(' ') : String(parsed.value);
    return { inputs: edited, said: t('edit-parameter-said', { label: field.label, value }) };
  } catch (error) {
    if (!isRefusal(error)) throw error;
    return { refused: t('notice-refused-value', { reason: refusalInPageWords(error.message) }) };
  }
}
