// Training in a Web Worker, for the served page (main.ts). Only that entry imports this file, so
// the offline single file and the SCORM package (classic scripts from file://, where a worker
// cannot start and nothing may be fetched) are built without the worker and train on the page's
// thread (session/training/same-thread.ts). If the worker fails to start all the same (a strict
// CSP without worker-src, an old browser), the page falls back to that, re-sending what it asked.
// The page itself runs on the lite engine ({ training: false }: no trainer compiled in), so the
// fallback loads the full engine, as the worker does, before it trains.
import { loadAttentionLab, type AttentionLab } from '../../lib/index.js';
import type { TrainingPort, TrainingReply, TrainingRequest } from '../session/training/protocol.js';

export function workerTrainingPort(_pageLab: AttentionLab): TrainingPort {
  const listeners: ((message: TrainingReply) => void)[] = [];
  const deliver = (message: TrainingReply) => {
    for (const listener of listeners) listener(message);
  };
  /** What was sent before the worker first answered, to send again after a fallback. */
  let unanswered: TrainingRequest[] | undefined = [];
  let fallback: TrainingPort | undefined;
  let worker: Worker | undefined;

  /** Requests wait here while the fallback's code loads (it is the lesson's own chunk). */
  let fallingBack = false;
  const fallBack = () => {
    worker?.terminate();
    worker = undefined;
    fallingBack = true;
    void Promise.all([import('../session/training/same-thread.js'), loadAttentionLab()]).then(
      ([{ sameThreadPort }, lab]) => {
        const port = sameThreadPort(lab);
        port.listen(deliver);
        for (const message of unanswered ?? []) port.post(message);
        unanswered = undefined;
        fallback = port;
      },
      (error: Error) => {
        // Nothing can train: every request waiting is refused with the reason, none is lost silently.
        for (const message of unanswered ?? []) {
          deliver({
            type: 'refused',
            request: message.type,
            message: `The training engine could not be loaded (${error.message}); check the connection and reload.`,
            ...(message.type === 'create' ? { id: message.id } : {}),
          });
        }
        unanswered = [];
        fallingBack = false;
      },
    );
  };

  try {
    worker = new Worker(new URL('../session/training/worker.ts', import.meta.url), { type: 'module', name: 'attention-lab-training' });
    worker.addEventListener('message', (event: MessageEvent<TrainingReply>) => {
      unanswered = undefined;
      deliver(event.data);
    });
    worker.addEventListener('error', (event) => {
      // An error before any reply means the worker never started; after one, it is the engine's.
      if (unanswered) {
        event.preventDefault();
        fallBack();
      }
    });
  } catch {
    fallBack();
  }

  return {
    post(message) {
      if (fallback) fallback.post(message);
      else {
        unanswered?.push(message);
        if (!fallingBack) worker?.postMessage(message);
      }
    },
    listen: (listener) => {
      listeners.push(listener);
    },
    close: () => {
      worker?.terminate();
      fallback?.close();
    },
  };
}
