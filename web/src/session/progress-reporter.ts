// The learner's progress as the host hears it: each step shown and, once every step of a
// walkthrough has been seen, "completed". The page passes it on as iframe messages
// (embed/frame-protocol.ts) or SCORM calls (embed/scorm.ts), the component as DOM events.
import type { ProgressEvent } from './events.js';
import type { Session } from './session.js';

export function reportProgress(session: Session, onProgress: ((event: ProgressEvent) => void) | undefined): void {
  if (!onProgress) return;
  session.subscribe((event) => {
    if (event.type === 'progress') onProgress(event.progress);
  });
}
