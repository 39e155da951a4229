// The iframe protocol: an embedded page tells its parent when it is ready, how tall its content
// is, which step it shows and when every step has been seen; a parent may say "hello" at any
// time and gets the current state back. So auto-resize works whichever side loads first: a
// parent listening before the page is ready gets "ready"; a parent (or host script) that arrives
// later says "hello".
//
// Messages are plain objects: { source: 'attention-lab', version: 1, type, ... }. They carry
// nothing private (walkthrough and step names, a height), so they are posted to any origin; the
// page only listens to its own parent window. docs/embedding.md documents them.
import type { ProgressEvent } from '../app.js';

export const PROTOCOL = { source: 'attention-lab', version: 1 } as const;

export type FrameMessage =
  | { type: 'ready'; height: number; walkthrough?: string; step?: string; index?: number; total?: number }
  | { type: 'resize'; height: number }
  | ProgressEvent;

export interface FrameChannel {
  /** Passes the app's progress on to the parent. */
  progress(event: ProgressEvent): void;
  /** Tells the parent the page is ready (after the first step is shown). */
  ready(): void;
}

/** Connects to the parent window if the page is in a frame; otherwise does nothing. */
export function connectToParent(win: Window = window): FrameChannel {
  const parent = win.parent;
  if (!parent || parent === win) return { progress: () => {}, ready: () => {} };

  const post = (message: FrameMessage) => parent.postMessage({ ...PROTOCOL, ...message }, '*');
  const height = () => Math.ceil(win.document.documentElement.getBoundingClientRect().height);
  let last: Extract<ProgressEvent, { type: 'step' }> | undefined;
  let isReady = false;
  let lastHeight = -1;

  const sendReady = () => post({ type: 'ready', height: height(), ...(last ? { walkthrough: last.walkthrough, step: last.step, index: last.index, total: last.total } : {}) });
  const sendHeight = () => {
    const now = height();
    if (now === lastHeight) return;
    lastHeight = now;
    post({ type: 'resize', height: now });
  };

  win.addEventListener('message', (event: MessageEvent) => {
    if (event.source !== parent) return;
    const data = event.data as { source?: unknown; type?: unknown } | null;
    if (!data || data.source !== 'attention-lab-host' || data.type !== 'hello' || !isReady) return;
    lastHeight = -1;
    sendReady();
    sendHeight();
    if (last) post(last);
  });
  new ResizeObserver(() => {
    if (isReady) sendHeight();
  }).observe(win.document.documentElement);

  return {
    progress(event) {
      if (event.type === 'step') last = event;
      if (isReady) post(event);
    },
    ready() {
      isReady = true;
      sendReady();
      sendHeight();
      if (last) post(last);
    },
  };
}
