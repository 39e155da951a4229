// What the browser benchmarks (bench:page, bench:single) share for their reports: compressed
// sizes and a description of the machine the figures come from. (Statistics: ../stats.mjs;
// tables: ../tables.mjs.)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

import { cpuModel, osName } from '../machine.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** A body's size raw, gzipped (zlib level 6, the usual server setting) and brotli (quality 11, what a build would precompress). */
export function compressedSizes(bytes) {
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 6 }).length,
    brotli: brotliCompressSync(bytes, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

/** CPU, cores, memory, OS, Node, Chromium and Vite versions, and the date. */
export function machine(chromiumVersion) {
  let viteVersion = 'unknown';
  try {
    viteVersion = JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules/vite/package.json'), 'utf8')).version;
  } catch { /* reported as unknown */ }
  return {
    cpu: cpuModel(),
    cores: os.cpus().length,
    memoryGB: Number((os.totalmem() / 2 ** 30).toFixed(1)),
    os: `${osName()}, Linux ${os.release()} ${os.arch()}`,
    node: process.version,
    chromium: chromiumVersion,
    vite: viteVersion,
    date: new Date().toISOString(),
  };
}
