// The cost host on the page's own thread, for where a Web Worker cannot start (the offline single
// file opened from file://, a CSP without worker-src) and for tests in Node. Each request is
// answered in a later task, as a worker's is, so the page can draw its progress between two
// measurements; during one, the page waits (a measurement at n = 4096 may take seconds).
import { measure } from './cost-host.js';
import type { CostEngine, CostPort, CostReply } from './protocol.js';

export function sameThreadCostPort(lab: CostEngine): CostPort {
  const listeners: ((message: CostReply) => void)[] = [];
  let open = true;
  return {
    post: (request) => {
      setTimeout(() => {
        if (!open) return;
        const reply = measure(lab, request);
        if (open) for (const listener of listeners) listener(reply);
      }, 0);
    },
    listen: (listener) => {
      listeners.push(listener);
    },
    close: () => {
      open = false;
    },
  };
}
