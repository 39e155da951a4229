// Entry of the training Web Worker: loads its own engine and runs the trainer host, replying to
// the page (browser/training-worker-port.ts starts it). Requests that arrive while the engine loads wait for it.
// If the engine cannot load here, each request is answered ENGINE_FAILED: the page tries on its
// own thread, and says why in its own words if it cannot either (browser/worker-port.ts).
import { ENGINE_FAILED, type EngineFailed } from '../browser/worker-port.js';
import { ENGINES } from '../session/engines.js';
import type { HostReply, TrainingRequest } from '../session/training/protocol.js';
import { TrainerHost } from '../session/training/trainer-host.js';

/** The worker's global scope, as much of it as is used (the page's tsconfig has no WebWorker lib). */
const scope = self as unknown as {
  postMessage(message: HostReply | EngineFailed): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<TrainingRequest>) => void): void;
};

const host = ENGINES.full().then((lab) => new TrainerHost(lab, (message) => scope.postMessage(message)));

scope.addEventListener('message', ({ data }) => {
  host.then(
    (h) => h.handle(data),
    (error: Error) => scope.postMessage({ type: ENGINE_FAILED, message: error.message }),
  );
});
