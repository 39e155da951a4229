// "Was anyone else using the machine?" for the page benchmark. Chromium is a tree of processes
// that come and go (a renderer per page), so this samples /proc every 200 ms: system-wide busy
// and steal ticks from /proc/stat, and the CPU time of this Node process and all its
// descendants (Chromium included) from /proc/PID/stat. Whatever else was busy is "others".
// A process that exits between two samples loses at most 200 ms of accounting: the figure is a
// rough guide, enough to tell an idle machine from one running someone's test suite.
import fs from 'node:fs';
import os from 'node:os';

import { HZ, processStat, systemTicks } from '../machine.mjs';


/** utime + stime (ticks) of this process and every descendant, by pid. */
function ourProcesses() {
  const parent = new Map();
  const ticks = new Map();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = processStat(name);
      parent.set(Number(name), stat.parent);
      ticks.set(Number(name), stat.ticks);
    } catch { /* gone meanwhile */ }
  }
  const ours = new Map();
  for (const [pid, t] of ticks) {
    for (let p = pid, hops = 0; p > 1 && hops < 64; p = parent.get(p) ?? 0, hops += 1) {
      if (p === process.pid) {
        ours.set(pid, t);
        break;
      }
    }
  }
  return ours;
}

export class CpuMonitor {
  constructor(intervalMs = 200) {
    this.available = fs.existsSync('/proc/stat');
    this.intervalMs = intervalMs;
    this.phases = [];
  }

  start(label) {
    if (!this.available) return;
    this.seen = ourProcesses();
    this.oursTicks = 0;
    this.begin(label);
    this.timer = setInterval(() => this.sample(), this.intervalMs);
    this.timer.unref();
  }

  sample() {
    const now = ourProcesses();
    for (const [pid, t] of now) this.oursTicks += t - (this.seen.get(pid) ?? 0);
    this.seen = now;
  }

  begin(label) {
    this.current = { label, wall: performance.now(), system: systemTicks(), ours: this.oursTicks };
  }

  end() {
    if (!this.available || !this.current) return;
    this.sample();
    const system = systemTicks();
    const seconds = (performance.now() - this.current.wall) / 1000;
    const capacity = seconds * os.cpus().length * HZ;
    const busy = system.busy - this.current.system.busy;
    const ours = this.oursTicks - this.current.ours;
    this.phases.push({
      phase: this.current.label,
      seconds,
      oursShareOfCpu: ours / capacity,
      othersShareOfCpu: Math.max(0, busy - ours) / capacity,
      stealShareOfCpu: (system.steal - this.current.system.steal) / capacity,
    });
    this.current = null;
  }

  /** Ends the current phase and starts the next. */
  phase(label) {
    this.end();
    if (this.available) this.begin(label);
  }

  stop() {
    this.end();
    clearInterval(this.timer);
    return this.phases;
  }
}

/**
 * Waits (up to maxSeconds) for a 5-second window in which the machine was less than `threshold`
 * busy, before anything is measured. Returns the busy share of the last window.
 */
export async function waitForQuiet(maxSeconds, threshold = 0.15, log = () => {}) {
  if (!fs.existsSync('/proc/stat') || maxSeconds <= 0) return null;
  const started = performance.now();
  for (;;) {
    const before = systemTicks();
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const busy = (systemTicks().busy - before.busy) / (5 * os.cpus().length * HZ);
    if (busy < threshold) return busy;
    const waited = (performance.now() - started) / 1000;
    if (waited >= maxSeconds) {
      log(`the machine is still ${(100 * busy).toFixed(0)} % busy after ${waited.toFixed(0)} s; measuring anyway`);
      return busy;
    }
    log(`waiting for a quiet machine: ${(100 * busy).toFixed(0)} % busy (${waited.toFixed(0)} of at most ${maxSeconds} s)`);
  }
}
