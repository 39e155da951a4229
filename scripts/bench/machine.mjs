// What every benchmark's report says about the machine it ran on.
import fs from 'node:fs';
import os from 'node:os';

/** The CPU's model name (from /proc/cpuinfo on Linux, else what Node reports). */
export function cpuModel() {
  try {
    const line = fs.readFileSync('/proc/cpuinfo', 'utf8').split('\n').find((l) => l.startsWith('model name'));
    if (line) return line.split(':').slice(1).join(':').trim();
  } catch { /* not Linux */ }
  return os.cpus()[0]?.model ?? 'unknown';
}

/** The operating system's name (PRETTY_NAME of /etc/os-release), or its type. */
export function osName() {
  try {
    return /PRETTY_NAME="([^"]+)"/.exec(fs.readFileSync('/etc/os-release', 'utf8'))?.[1] ?? os.type();
  } catch {
    return os.type();
  }
}
