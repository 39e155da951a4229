// The tables the benchmarks print: plain text for the engine benchmark's terminal report,
// Markdown for the browser benchmarks' reports (pasted into docs/benchmarks*.md as they are).

/** Plain-text columns under a dashed rule; `rightAlign[i]` right-aligns column i. */
export function textTable(/** @type {string[]} */ header, /** @type {string[][]} */ rows, /** @type {boolean[]} */ rightAlign) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const cell = (text, i) => (rightAlign[i] ? text.padStart(widths[i]) : text.padEnd(widths[i]));
  const line = (cells) => cells.map(cell).join('  ').trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)];
}

/** A Markdown table; `align[i] === 'l'` left-aligns column i (default right). */
export function markdownTable(headers, rows, align) {
  const widths = headers.map((h, i) => Math.max(String(h).length, ...rows.map((r) => String(r[i]).length)));
  const cell = (text, i) => (align?.[i] === 'l' ? String(text).padEnd(widths[i]) : String(text).padStart(widths[i]));
  const line = (r) => `| ${r.map(cell).join(' | ')} |`;
  return [line(headers), `|${widths.map((w, i) => (align?.[i] === 'l' ? ':' : '-') + '-'.repeat(w) + (align?.[i] === 'l' ? '-' : ':')).join('|')}|`, ...rows.map(line)].join('\n');
}
