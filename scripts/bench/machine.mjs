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

/** USER_HZ: /proc/stat and /proc/PID/stat count CPU time in these ticks (100 on Linux). */
export const HZ = 100;

/** System-wide busy and steal ticks since boot, from the first line of /proc/stat. */
export function systemTicks() {
  const [user, nice, system, , , irq, softirq, steal] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  return { busy: user + nice + system + irq + softirq, steal };
}

/** A process's parent pid and its utime + stime in ticks, from /proc/PID/stat. */
export function processStat(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name, in parentheses, may hold spaces: the fields start after its last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { parent: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
}
