// A conversation with a Web Worker, for the served page's worker ports (training-worker-port.ts,
// cost-worker-port.ts). Only that page's entry imports them, so the offline single file and the
// SCORM package (classic scripts from file://, where a worker cannot start and nothing may be
// fetched) are built without workers and run their hosts on the page's thread. If the worker
// fails to start all the same (a strict CSP without worker-src, an old browser), or starts but
// cannot load its engine (it says so with ENGINE_FAILED instead of answering), the port falls
// back to that host, re-sending what it was asked; if the host cannot load either, each waiting
// message gets the refusal `refuse` makes of it, in the page's words (a worker does not know the
// page's language), so nothing is lost silently.
import type { Port } from '../session/training/protocol.js';

/** What a worker entry posts, instead of an answer, when its engine cannot load. */
export const ENGINE_FAILED = 'worker-engine-failed';
export type EngineFailed = { type: typeof ENGINE_FAILED; message: string };

export interface WorkerPortOptions<Send, Receive> {
  /** Makes the worker (each port writes `new Worker(new URL(…, import.meta.url))` itself, which is how the bundler finds the worker's code). */
  start: () => Worker;
  /** Loads the same-thread host (its code, and the engine it needs). */
  fallback: () => Promise<Port<Send, Receive>>;
  /** The reply to a message that no host can answer (the fallback failed to load), if it has one. */
  refuse: (message: Send, error: Error) => Receive | undefined;
}

export function workerPort<Send, Receive>({ start, fallback, refuse }: WorkerPortOptions<Send, Receive>): Port<Send, Receive> {
  const listeners: ((message: Receive) => void)[] = [];
  const deliver = (message: Receive) => {
    for (const listener of listeners) listener(message);
  };
  /** What was sent before the worker first answered, to send again after a fallback. */
  let unanswered: Send[] | undefined = [];
  let fallbackPort: Port<Send, Receive> | undefined;
  let worker: Worker | undefined;
  let closed = false;

  /** Messages wait here while the fallback's code loads (it is the lesson's own chunk). */
  let fallingBack = false;
  const fallBack = () => {
    worker?.terminate();
    worker = undefined;
    fallingBack = true;
    fallback().then(
      (port) => {
        if (closed) {
          port.close();
          return;
        }
        port.listen(deliver);
        for (const message of unanswered ?? []) port.post(message);
        unanswered = undefined;
        fallbackPort = port;
      },
      (error: Error) => {
        for (const message of unanswered ?? []) {
          const refusal = refuse(message, error);
          if (refusal !== undefined) deliver(refusal);
        }
        unanswered = [];
        fallingBack = false;
      },
    );
  };

  try {
    worker = start();
    worker.addEventListener('message', (event: MessageEvent<Receive | EngineFailed>) => {
      const data = event.data as Receive | EngineFailed;
      if (isEngineFailed(data)) {
        // Before any answer: the page's thread tries the engine itself; after one, the worker has it.
        if (unanswered && !fallingBack) fallBack();
        return;
      }
      unanswered = undefined;
      deliver(data);
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
      if (fallbackPort) fallbackPort.post(message);
      else {
        unanswered?.push(message);
        if (!fallingBack) worker?.postMessage(message);
      }
    },
    listen: (listener) => {
      listeners.push(listener);
    },
    close: () => {
      closed = true;
      worker?.terminate();
      fallbackPort?.close();
    },
  };
}

const isEngineFailed = (data: unknown): data is EngineFailed =>
  typeof data === 'object' && data !== null && (data as { type?: unknown }).type === ENGINE_FAILED;
