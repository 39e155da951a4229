/**
 * Writes the reference tables of docs/engine.md (every operation's arguments and result fields)
 * from the engine's own descriptions, between the markers below; `--check` only says whether
 * the file is up to date (tests/api/engine-docs.test.mjs runs that check).
 *
 *   node scripts/engine-docs.mjs          rewrite the tables
 *   node scripts/engine-docs.mjs --check  exit 1 if they are out of date
 */
import { fileURLToPath } from 'node:url';

import { isOneOf, loadDescriptions, writeGenerated } from './engine-descriptions.mjs';

export const DOC = fileURLToPath(new URL('../docs/engine.md', import.meta.url));
const BEGIN = '<!-- reference:begin (written by scripts/engine-docs.mjs from the engine\'s descriptions; do not edit by hand) -->';
const END = '<!-- reference:end -->';

/** @param {string} text */
const cell = (text) => text.replaceAll('|', '\\|');

/**
 * A matrix's caps where they are not the usual 1024 × 1024 (the scale operations' sequences).
 * @param {import('./engine-descriptions.mjs').ArgumentDescription} a
 */
function capsOf(a) {
  if (a.rows === undefined || (a.rows === 1024 && a.cols === 1024)) return '';
  return `up to ${a.rows} rows × ${a.cols} columns`;
}

/** @param {import('./engine-descriptions.mjs').ArgumentDescription} a */
function argumentRow(a) {
  const range = a.kind === 'integer' ? `${a.low} … ${a.high}` : a.choices ? a.choices.split('|').map((c) => `\`'${c}'\``).join(', ') : capsOf(a);
  const kind = a.kind === 'choice' ? 'string' : a.kind;
  const when = a.optional ? (a.default ? `optional, default ${a.default}` : 'optional') : 'required';
  return `| \`${a.name}\` | ${kind} | ${cell(a.shape)} | ${cell(when)} | ${cell(range)} | ${cell(a.doc)} |`;
}

/**
 * One row per field, nested fields with their path (`softmax.rowMax`, `heads[].query`). A
 * nested object that is another operation's whole result names it instead of repeating it. The
 * fields of a one_of's alternatives are optional, each doc led by the choices that select its
 * alternative where a choice does (`score, output: …`).
 * @param {import('./engine-descriptions.mjs').FieldEntry[]} fields
 * @param {Map<string, string>} results operation name by its result's fields (as JSON)
 * @param {string} prefix
 * @param {import('./engine-descriptions.mjs').Selection} [selectedBy] of the object these are the fields of
 * @returns {string[]}
 */
function fieldRows(fields, results, prefix = '', selectedBy = undefined) {
  return fields.flatMap((f) => {
    if (isOneOf(f)) {
      return f.oneOf.flatMap((alternative, index) => {
        const values = selectedBy?.cases.filter((c) => c.alternative === index).map((c) => c.value) ?? [];
        const lead = values.length ? `${values.join(', ')}: ` : '';
        const inAlternative = (alternative.fields ?? []).map((g) => (isOneOf(g) ? g : { ...g, optional: true, doc: `${lead}${g.doc}` }));
        return fieldRows(inAlternative, results, prefix);
      });
    }
    const path = `${prefix}${f.name}`;
    const same = f.fields && results.get(JSON.stringify(f.fields));
    const doc = same ? `${f.doc}: the result of \`${same}\`` : f.doc;
    const row = `| \`${path}\` | ${f.type}${f.optional ? ' (optional)' : ''} | ${cell(doc)} |`;
    const inner = f.fields && !same ? fieldRows(f.fields, results, `${path}${f.type === 'object[]' ? '[]' : ''}.`, f.selectedBy) : [];
    return [row, ...inner];
  });
}

/** @param {import('./engine-descriptions.mjs').OperationDescription[]} operations */
export function renderReference(operations) {
  const results = new Map(operations.filter((op) => op.result.fields).map((op) => [JSON.stringify(op.result.fields), op.name]));
  const parts = [
    '## Reference: every operation\'s arguments and result',
    '',
    'Generated from the operations\' descriptions in `cpp/include/attn/describe/`, which the bindings, the',
    'JavaScript façade, the golden tests and the declarations of `web/lib/operations.d.ts` (generated too) all follow.',
  ];
  for (const op of operations) {
    parts.push('', `### \`${op.name}\` — ${op.title}`, '', '| argument | kind | shape | given | range / choices | meaning |', '|---|---|---|---|---|---|');
    parts.push(...op.arguments.map(argumentRow));
    if (op.budget) {
      const { text, estimate, measured } = op.budget;
      parts.push('', `**Work budget:** ${text} multiply-adds, counted from the arguments before any work as ${estimate}. Past it the call is refused at once, naming the argument that sets its size. ${measured}`);
    }
    if (op.result.fields) {
      parts.push('', '| result field | type | meaning |', '|---|---|---|', ...fieldRows(op.result.fields, results, '', op.result.selectedBy));
    } else {
      parts.push('', `Returns a ${op.result.type}.`);
    }
  }
  return parts.join('\n');
}

/**
 * The doc with its reference section replaced by `reference`.
 * @param {string} doc
 * @param {string} reference
 */
export function withReference(doc, reference) {
  const begin = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  if (begin < 0 || end < begin) throw new Error(`docs/engine.md has no ${BEGIN} … ${END} section`);
  return `${doc.slice(0, begin + BEGIN.length)}\n${reference}\n${doc.slice(end)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeGenerated(DOC, (doc) => withReference(doc, renderReference(loadDescriptions())), 'node scripts/engine-docs.mjs');
}
