// The trainer host on the page's own thread, for where a Web Worker cannot start (the offline
// single file opened from file://, whose origin may not start workers) and for tests in Node.
// Messages are delivered in later tasks, as a worker's are, and the host yields between chunks,
// so pause and progress behave the same; only the page's frames share the thread with training.
import type { AttentionLab } from '../../../lib/index.js';
import type { Port, TrainingReply, TrainingRequest } from './protocol.js';
import { TrainerHost } from './trainer-host.js';

export function sameThreadPort(lab: AttentionLab): Port<TrainingRequest, TrainingReply> {
  const listeners: ((message: TrainingReply) => void)[] = [];
  let open = true;
  const host = new TrainerHost(lab, (message) => {
    setTimeout(() => {
      // A text run's replies go to the text lesson's session, which reads them as such (protocol.ts, TrainingPort).
      if (open) for (const listener of listeners) listener(message as TrainingReply);
    }, 0);
  });
  return {
    post: (message) => {
      if (open) setTimeout(() => host.handle(message), 0);
    },
    listen: (listener) => {
      listeners.push(listener);
    },
    close: () => {
      host.handle({ type: 'dispose' });
      open = false;
    },
  };
}
