// The machine the engine benchmark ran on, for its report: CPU, tools and their versions, the
// flags each build used, the wasm's size, and how busy the machine was meanwhile.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

import { cpuModel, HZ, processStat, systemTicks } from '../machine.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The first line a tool prints (its version), or why it could not be run. */
function firstLine(command, args) {
  try {
    return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).split('\n')[0].trim();
  } catch (error) {
    return `unavailable (${command}: ${/** @type {Error} */ (error).message.split('\n')[0]})`;
  }
}

/** CXX_FLAGS of a CMake target, and its link line's flags, from a build directory. */
function cmakeFlags(buildDir, target) {
  const read = (file) => {
    try { return readFileSync(path.join(buildDir, 'CMakeFiles', `${target}.dir`, file), 'utf8'); } catch { return null; }
  };
  const flags = read('flags.make');
  const compile = flags?.match(/^CXX_FLAGS = (.*)$/m)?.[1]?.trim() ?? null;
  const link = read('link.txt');
  const linkFlags = link
    ? link.split(/\s+/).filter((w) => /^-(O|s[A-Z]|f|m|l)/.test(w)).join(' ')
    : null;
  return { compile, link: linkFlags };
}

function fileSizes(file) {
  try {
    const bytes = readFileSync(file);
    return { file: path.relative(ROOT, file), bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length };
  } catch {
    return { file: path.relative(ROOT, file), bytes: null, gzipBytes: null };
  }
}

/**
 * CPU accounting for the "was anyone else using the machine?" line: system-wide busy and steal
 * ticks from /proc/stat, and this process's (all threads) plus the native child's CPU time.
 */
export function cpuSnapshot(childPids) {
  try {
    const system = systemTicks();
    let child = 0;
    for (const pid of childPids) child += processStat(pid).ticks / HZ;
    const own = process.cpuUsage();
    return {
      wall: performance.now() / 1000,
      busy: system.busy / HZ,
      steal: system.steal / HZ,
      ours: (own.user + own.system) / 1e6 + child,
    };
  } catch {
    return null;
  }
}

export function otherLoad(before, after) {
  if (!before || !after) return null;
  const capacity = (after.wall - before.wall) * os.cpus().length;
  const others = Math.max(0, after.busy - before.busy - (after.ours - before.ours));
  return { othersShareOfCpu: others / capacity, stealShareOfCpu: (after.steal - before.steal) / capacity };
}

export function machine(options) {
  const native = cmakeFlags(path.join(ROOT, 'build/native'), 'attn_core');
  const wasmCore = cmakeFlags(path.join(ROOT, 'build/wasm'), 'attn_core');
  const wasmLink = cmakeFlags(path.join(ROOT, 'build/wasm'), 'attention_core');
  return {
    date: new Date().toISOString(),
    cpu: cpuModel(),
    cores: os.cpus().length,
    node: process.version,
    gxx: firstLine('g++', ['--version']),
    emxx: firstLine('em++', ['--version']),
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    loadAverageAtStart: os.loadavg(),
    wasm: fileSizes(path.join(options.lib, 'wasm/attention-core.wasm')),
    glue: fileSizes(path.join(options.lib, 'wasm/attention-core.mjs')),
    flags: {
      native: native.compile,
      wasmCompile: wasmCore.compile,
      wasmLink: wasmLink.link,
      note: options.lib === path.join(ROOT, 'web/lib') ? undefined : `wasm from ${options.lib}; flags above are build/wasm's`,
    },
    // --before-lib: that checkout's wasm (its build/wasm sits two levels above web/lib).
    before: options.beforeLib
      ? {
          wasm: fileSizes(path.join(options.beforeLib, 'wasm/attention-core.wasm')),
          glue: fileSizes(path.join(options.beforeLib, 'wasm/attention-core.mjs')),
          wasmCompile: cmakeFlags(path.join(options.beforeLib, '../../build/wasm'), 'attn_core').compile,
        }
      : undefined,
  };
}

