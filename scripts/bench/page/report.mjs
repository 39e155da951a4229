// What the browser benchmarks (bench:page, bench:single) share: compressed sizes, statistics over
// timed samples, a Markdown table for stdout, and a description of the machine the figures come from.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** A body's size raw, gzipped (zlib level 6, the usual server setting) and brotli (quality 11, what a build would precompress). */
export function compressedSizes(bytes) {
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 6 }).length,
    brotli: brotliCompressSync(bytes, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

const sorted = (xs) => [...xs].sort((a, b) => a - b);
/** Median (mean of the middle two for an even count). */
export function median(xs) {
  const s = sorted(xs);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}
/** Nearest-rank percentile: the smallest sample with at least p % of the samples ≤ it. */
export function percentile(xs, p) {
  const s = sorted(xs);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}
export const summary = (xs) => ({ n: xs.length, median: median(xs), p95: percentile(xs, 95), min: Math.min(...xs), max: Math.max(...xs) });

/** A Markdown table; `align[i] === 'l'` left-aligns column i (default right). */
export function table(headers, rows, align) {
  const widths = headers.map((h, i) => Math.max(String(h).length, ...rows.map((r) => String(r[i]).length)));
  const cell = (text, i) => (align?.[i] === 'l' ? String(text).padEnd(widths[i]) : String(text).padStart(widths[i]));
  const line = (r) => `| ${r.map(cell).join(' | ')} |`;
  return [line(headers), `|${widths.map((w, i) => (align?.[i] === 'l' ? ':' : '-') + '-'.repeat(w) + (align?.[i] === 'l' ? '-' : ':')).join('|')}|`, ...rows.map(line)].join('\n');
}

/** CPU, cores, memory, OS, Node, Chromium and Vite versions, and the date. */
export function machine(chromiumVersion) {
  const cpuModel = (() => {
    try {
      const line = fs.readFileSync('/proc/cpuinfo', 'utf8').split('\n').find((l) => l.startsWith('model name'));
      return line ? line.split(':')[1].trim() : os.cpus()[0]?.model ?? 'unknown';
    } catch {
      return os.cpus()[0]?.model ?? 'unknown';
    }
  })();
  const osName = (() => {
    try {
      return /PRETTY_NAME="([^"]+)"/.exec(fs.readFileSync('/etc/os-release', 'utf8'))?.[1] ?? os.type();
    } catch {
      return os.type();
    }
  })();
  let viteVersion = 'unknown';
  try {
    viteVersion = JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules/vite/package.json'), 'utf8')).version;
  } catch { /* reported as unknown */ }
  return {
    cpu: cpuModel,
    cores: os.cpus().length,
    memoryGB: Number((os.totalmem() / 2 ** 30).toFixed(1)),
    os: `${osName}, Linux ${os.release()} ${os.arch()}`,
    node: process.version,
    chromium: chromiumVersion,
    vite: viteVersion,
    date: new Date().toISOString(),
  };
}
