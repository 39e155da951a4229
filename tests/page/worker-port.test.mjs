// The served page's conversation with its training and cost workers (web/src/browser/worker-port.ts),
// with a worker made here: a worker that cannot load its engine says so instead of answering, and
// the page's thread takes over every message asked of it; when the engine cannot load there
// either, each message is refused in the page's words, never lost, and the worker's own word
// (which cannot know the page's language) never reaches the learner.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { importCompiled } from '../support/compiled.mjs';

const { workerPort, ENGINE_FAILED } = await importCompiled('browser/worker-port');

/** A stand-in for a Worker: `answer` says what it posts back for each message it is sent. */
function fakeWorker(/** @type {(message: any) => any} */ answer) {
  /** @type {((event: { data: any }) => void)[]} */
  const listeners = [];
  const worker = {
    sent: /** @type {any[]} */ ([]),
    terminated: false,
    addEventListener(/** @type {string} */ type, /** @type {any} */ listener) {
      if (type === 'message') listeners.push(listener);
    },
    postMessage(/** @type {any} */ message) {
      worker.sent.push(message);
      // A worker answers later, not inside postMessage.
      queueMicrotask(() => { for (const listener of listeners) listener({ data: answer(message) }); });
    },
    terminate() {
      worker.terminated = true;
    },
  };
  return worker;
}

/** A same-thread host that answers { type: 'done', id }, recording what it was sent. */
function fakeHost() {
  /** @type {((message: any) => void)[]} */
  const listeners = [];
  const host = {
    sent: /** @type {any[]} */ ([]),
    post(/** @type {any} */ message) {
      host.sent.push(message);
      queueMicrotask(() => { for (const listener of listeners) listener({ type: 'done', id: message.id }); });
    },
    listen: (/** @type {any} */ listener) => listeners.push(listener),
    close() {},
  };
  return host;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a worker that cannot load its engine', () => {
  test('hands every message asked of it to the page’s thread, which answers them; the worker’s word is never delivered', async () => {
    const worker = fakeWorker(() => ({ type: ENGINE_FAILED, message: 'the engine’s file could not be fetched' }));
    const host = fakeHost();
    const port = workerPort({ start: () => worker, fallback: async () => host, refuse: () => ({ type: 'refused' }) });
    /** @type {any[]} */
    const received = [];
    port.listen((/** @type {any} */ m) => received.push(m));
    port.post({ id: 1 });
    port.post({ id: 2 });
    await settle();
    port.post({ id: 3 });
    await settle();
    assert.equal(worker.terminated, true);
    assert.deepEqual(host.sent.map((m) => m.id), [1, 2, 3]);
    assert.deepEqual(received, [{ type: 'done', id: 1 }, { type: 'done', id: 2 }, { type: 'done', id: 3 }]);
  });

  test('has each message refused as the page words it when the page’s thread cannot load the engine either', async () => {
    const worker = fakeWorker(() => ({ type: ENGINE_FAILED, message: 'no engine in the worker' }));
    const port = workerPort({
      start: () => worker,
      fallback: () => Promise.reject(new Error('no engine on the page')),
      refuse: (/** @type {any} */ message, /** @type {Error} */ error) => ({ type: 'refused', id: message.id, message: `in the page’s words: ${error.message}` }),
    });
    /** @type {any[]} */
    const received = [];
    port.listen((/** @type {any} */ m) => received.push(m));
    port.post({ id: 7 });
    port.post({ id: 8 });
    await settle();
    assert.deepEqual(received, [
      { type: 'refused', id: 7, message: 'in the page’s words: no engine on the page' },
      { type: 'refused', id: 8, message: 'in the page’s words: no engine on the page' },
    ]);
  });

  test('is taken at its word only before it has answered: afterwards the word is dropped and the worker kept', async () => {
    let failed = false;
    const worker = fakeWorker((m) => (failed ? { type: ENGINE_FAILED, message: 'late' } : { type: 'done', id: m.id }));
    let fellBack = false;
    const port = workerPort({ start: () => worker, fallback: async () => { fellBack = true; return fakeHost(); }, refuse: () => undefined });
    /** @type {any[]} */
    const received = [];
    port.listen((/** @type {any} */ m) => received.push(m));
    port.post({ id: 1 });
    await settle();
    failed = true;
    port.post({ id: 2 });
    await settle();
    assert.deepEqual(received, [{ type: 'done', id: 1 }]);
    assert.equal(fellBack, false);
    assert.equal(worker.terminated, false);
  });
});
