// The iframe protocol: an embedded page tells its parent when it is ready, how tall its content
// is, which step it shows, when every step has been seen and each exercise's answer and score; a parent may say "hello" at any
// time and gets the current state back. So auto-resize works whichever side loads first: a
// parent listening before the page is ready gets "ready"; a parent (or host script) that arrives
// later says "hello".
//
// Messages are plain objects: { source: 'attention-lab', version: 1, type, ... }. They carry
// nothing private (lesson, walkthrough and step names, a height), so they are posted to any
// origin; the page only listens to its own parent window. docs/embedding.md documents them.
import type { AnsweredEvent, ProgressEvent, ScoreEvent } from '../session/events.js';
import { answeredStatement, scoreStatement, type XapiStatement } from './xapi.js';

export const PROTOCOL = { source: 'attention-lab', version: 1 } as const;

/** Where the frame is: lesson, walkthrough and step (the lesson is absent for an instructor's own walkthrough). */
interface Position {
  lesson?: string;
  walkthrough: string;
  step: string;
  index: number;
  total: number;
}

export type FrameMessage =
  /** The page is up; `completed`: every step of this walkthrough has been seen. */
  | ({ type: 'ready'; height: number; completed: boolean } & Partial<Position>)
  /** The content's height in CSS pixels: what the frame should be set to. */
  | { type: 'resize'; height: number }
  | ({ type: 'step' } & Position)
  | { type: 'completed'; lesson?: string; walkthrough: string; total: number }
  /** An exercise answered, and the score after it, each with an xAPI-shaped statement (embed/xapi.ts). */
  | (AnsweredEvent & { statement: XapiStatement })
  | (ScoreEvent & { statement: XapiStatement })
  /** The page could not start (e.g. the engine's file did not load); it shows why, at this height. */
  | { type: 'error'; message: string; height: number };

export interface FrameChannel {
  /** Passes the app's progress on to the parent. */
  progress(event: ProgressEvent): void;
  /** Tells the parent the page is ready (after the first step is shown). */
  ready(): void;
  /** Tells the parent the page could not start, and why (a hello gets the same answer). */
  failed(message: string): void;
}

/**
 * The height the parent should give the frame: the root element's own box, which follows the
 * content and, unlike scrollHeight, never grows with the frame (nothing on the page is sized by
 * the viewport's height), so setting the frame to it cannot start a resize loop.
 */
const contentHeight = (doc: Document): number => Math.ceil(doc.documentElement.getBoundingClientRect().height);

/** Connects to the parent window if the page is in a frame; otherwise does nothing. */
export function connectToParent(win: Window = window): FrameChannel {
  const parent = win.parent;
  if (!parent || parent === win) return { progress: () => {}, ready: () => {}, failed: () => {} };

  const post = (message: FrameMessage) => parent.postMessage({ ...PROTOCOL, ...message }, '*');
  let step: Extract<FrameMessage, { type: 'step' }> | undefined;
  /** The walkthrough whose every step has been seen (a "ready" after a hello says so). */
  let completedIn: string | undefined;
  /** A "completed" that came before the page was ready (a walkthrough of one step). */
  let pending: FrameMessage | undefined;
  let isReady = false;
  let failure: string | undefined;
  let lastHeight = -1;

  const sendReady = () => {
    const { type: _, ...position } = step ?? {};
    post({ type: 'ready', height: contentHeight(win.document), completed: step !== undefined && completedIn === step.walkthrough, ...position });
  };
  const sendHeight = (always = false) => {
    const now = contentHeight(win.document);
    if (now === lastHeight && !always) return;
    lastHeight = now;
    post({ type: 'resize', height: now });
  };
  /** Everything a parent that has just arrived needs: the state, the height, the step. */
  const sendState = () => {
    sendReady();
    sendHeight(true);
    if (step) post(step);
  };

  win.addEventListener('message', (event: MessageEvent) => {
    if (event.source !== parent) return;
    const data = event.data as { source?: unknown; type?: unknown } | null;
    if (!data || data.source !== 'attention-lab-host' || data.type !== 'hello') return;
    if (failure !== undefined) post({ type: 'error', message: failure, height: contentHeight(win.document) });
    else if (isReady) sendState();
  });
  // The root element's box: content, fonts, a step with more panels, a wider or narrower frame.
  new ResizeObserver(() => {
    if (isReady) sendHeight();
  }).observe(win.document.documentElement);

  return {
    progress(event) {
      // An answer and a score are sent as they happen (a learner answers on a page that is ready).
      const page = `${win.location.origin}${win.location.pathname}`;
      if (event.type === 'answered') return post({ ...event, statement: answeredStatement(event, page) });
      if (event.type === 'score') return post({ ...event, statement: scoreStatement(event, page) });
      // The app's events carry the lesson already (absent for an instructor's own walkthrough).
      if (event.type === 'step') step = event;
      else completedIn = event.walkthrough;
      if (isReady) post(event);
      else if (event.type === 'completed') pending = event;
    },
    failed(message) {
      failure = message;
      post({ type: 'error', message, height: contentHeight(win.document) });
    },
    ready() {
      isReady = true;
      sendState();
      if (pending) post(pending);
      pending = undefined;
    },
  };
}
