// Entry of the cost lab's Web Worker: loads its own engine and answers each measureCost request
// (the page starts it through browser/cost-worker-port.ts). Requests that arrive while the engine loads wait for it.
// If the engine cannot load here, each request is answered ENGINE_FAILED: the page tries on its
// own thread, and says why in its own words if it cannot either (browser/worker-port.ts).
import { measure } from '../session/cost/cost-host.js';
import type { CostReply, CostRequest } from '../session/cost/protocol.js';
import { ENGINE_FAILED, type EngineFailed } from '../browser/worker-port.js';
import { ENGINES } from '../session/engines.js';

/** The worker's global scope, as much of it as is used (the page's tsconfig has no WebWorker lib). */
const scope = self as unknown as {
  postMessage(message: CostReply | EngineFailed): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<CostRequest>) => void): void;
};

const lab = ENGINES.full();

scope.addEventListener('message', ({ data }) => {
  lab.then(
    (engine) => scope.postMessage(measure(engine, data)),
    (error: Error) => scope.postMessage({ type: ENGINE_FAILED, message: error.message }),
  );
});
