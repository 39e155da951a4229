// "Write a walkthrough…": the editor's code (views/editor-view.ts, with the exercises' forms and
// the schema they are made from) is fetched when first asked for, never with the page. One
// editor at a time: asked again, the open one takes the focus.
import type { EditorHost, EditorView } from './editor-view.js';
import { findWalkthrough, DEFAULT_WALKTHROUGH } from '../model/walkthroughs.js';
import { t } from '../i18n/messages.js';

let open: EditorView | undefined;

export async function openEditorOnDemand(host: EditorHost, notify: (message: string) => void): Promise<void> {
  const panel = host.context.root.getElementById('editor');
  if (open && panel?.isConnected) {
    panel.querySelector<HTMLElement>('h2')?.focus();
    return;
  }
  try {
    const { EditorView } = await import('./editor-view.js');
    // It starts from the walkthrough on screen.
    const start = findWalkthrough(host.context.session.state?.walkthrough ?? DEFAULT_WALKTHROUGH) ?? findWalkthrough(DEFAULT_WALKTHROUGH);
    if (start) open = new EditorView(host, start);
  } catch (error) {
    notify(t('editor-failed', { reason: (error as Error).message }));
  }
}
