// A matrix as CSV (RFC 4180): a header row of column labels, then one row per matrix row, its
// label first. Values are the engine's exact doubles, not the rounded numbers on screen.
import { gridOf, type GridPanel } from './grid.js';

/**
 * A value as text that reads back as the same double: String(x) is the shortest such text.
 * Spreadsheets and numpy/pandas read "-inf" and "inf"; −∞ appears in masked scores.
 */
function csvNumber(x: number): string {
  if (x === -Infinity) return '-inf';
  if (x === Infinity) return 'inf';
  if (Number.isNaN(x)) return 'nan';
  return String(x);
}

/**
 * A label as one CSV field. Labels are the learner's or an instructor's text (tokens such as
 * "=1+1" or "@cmd"), and a spreadsheet runs a cell that starts with = + - @ (or a tab or carriage
 * return, which some strip first) as a formula: OWASP's "CSV injection". A leading apostrophe makes
 * such a cell plain text, and spreadsheets do not show it. Then RFC 4180: a field holding a comma,
 * a quote or a line break is quoted, with its quotes doubled.
 */
function csvLabel(label: string): string {
  const safe = /^[=+\-@\t\r]/.test(label) ? `'${label}` : label;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The panel's numbers as CSV, lines ending in CRLF as RFC 4180 asks. Blocked cells keep their value (−∞ or the fill). */
export function matrixCsv(panel: GridPanel): string {
  const grid = gridOf(panel);
  const lines = [
    [grid.corner, ...grid.colLabels].map(csvLabel).join(','),
    ...grid.data.map((row, i) => [csvLabel(grid.rowLabels[i]), ...row.map(csvNumber)].join(',')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

/** U+FEFF, written in UTF-8 as EF BB BF. */
export const BYTE_ORDER_MARK = '\uFEFF';

/**
 * The CSV as a file. It starts with a UTF-8 byte-order mark: without one, spreadsheets (Excel,
 * LibreOffice's default import) read the bytes as a legacy code page, and labels such as k₀ or
 * −∞ arrive garbled. Programs that read CSV (pandas, Python's csv with encoding='utf-8-sig') skip it.
 */
export const matrixCsvFile = (panel: GridPanel): Blob => new Blob([BYTE_ORDER_MARK, matrixCsv(panel)], { type: 'text/csv;charset=utf-8' });
