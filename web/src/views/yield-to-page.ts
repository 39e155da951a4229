// Lets the browser handle what waits (an input, a frame) before the caller goes on: a redraw cut
// into parts with this between them never holds the page's thread for longer than its largest
// part. scheduler.yield() (Chromium) resumes ahead of other queued work; scheduler.postTask()
// and setTimeout 0 are the fallbacks elsewhere.

interface Scheduler {
  yield?: () => Promise<void>;
  postTask?: (task: () => void, options?: { priority?: 'user-blocking' | 'user-visible' | 'background' }) => Promise<void>;
}

export function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  if (scheduler?.postTask) return scheduler.postTask(() => {}, { priority: 'user-visible' });
  return new Promise((resolve) => setTimeout(resolve, 0));
}
