// Reading what a learner typed, before anything reaches the engine: a number in a matrix cell,
// or the value of a parameters control. A bad entry becomes a sentence, never an exception.
import type { ParameterField } from './types.js';
import { t } from '../i18n/messages.js';
import { decimalSeparator } from './format.js';

/** Parses what a learner typed into a number; returns an error sentence instead when it is not one. */
export function parseCell(text: string): number | string {
  const cleaned = readDecimalComma(text.trim().replace(/^[−–]/, '-'));
  if (cleaned === '') return t('cell-empty');
  const value = Number(cleaned);
  if (!Number.isFinite(value)) return t('cell-not-number', { text: text.trim().slice(0, 20) });
  return value;
}

/**
 * Where the page writes a decimal comma (Spanish), a number typed with one ("0,5") is read as
 * written; a point is read too, as it is everywhere.
 */
function readDecimalComma(text: string): string {
  return decimalSeparator() === ',' && /^-?\d*,\d+$/.test(text) ? text.replace(',', '.') : text;
}

/** A value read from a control, or an error sentence. */
export type ParsedField = { value: number | string[] | string } | { error: string };

/** A control's text as the value of its field, within the field's limits. */
export function readField(field: ParameterField, text: string): ParsedField {
  if (field.kind === 'tokens') {
    const tokens = text.trim().split(/\s+/).filter(Boolean);
    return tokens.length > 0 ? { value: tokens } : { error: t('input-no-words', { label: field.label }) };
  }
  if (field.kind === 'text') return text === '' ? { error: t('input-no-text', { label: field.label }) } : { value: text };
  if (field.kind === 'choice') return { value: text };
  const value = Number(text.trim().replace(/^[−–]/, '-'));
  if (text.trim() === '' || !Number.isFinite(value)) return { error: t('input-not-number', { label: field.label, text: text.slice(0, 20) }) };
  if (field.kind === 'integer' && !Number.isInteger(value)) return { error: t('input-not-whole', { label: field.label, value: String(value) }) };
  if (field.min !== undefined && value < field.min) return { error: t('input-too-small', { label: field.label, min: String(field.min), value: String(value) }) };
  if (field.max !== undefined && value > field.max) return { error: t('input-too-large', { label: field.label, max: String(field.max), value: String(value) }) };
  return { value };
}
