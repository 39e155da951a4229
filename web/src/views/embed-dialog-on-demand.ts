// The Embed button's action. The dialog's code (views/embed-view.ts: its snippets, downloads and
// zip) is fetched when it is first asked for, not with the page.
import { t } from '../i18n/messages.js';
import type { UrlSync } from '../browser/url-sync.js';
import type { CustomSnippet } from './embed-view.js';
import type { ViewContext } from './view-context.js';

export async function openEmbedDialogOnDemand(context: ViewContext, url: UrlSync, custom: CustomSnippet | undefined, notify: (message: string) => void): Promise<void> {
  try {
    const { openEmbedDialog } = await import('./embed-view.js');
    openEmbedDialog(context, url, custom);
  } catch (error) {
    notify(t('embed-dialog-failed', { reason: (error as Error).message }));
  }
}
