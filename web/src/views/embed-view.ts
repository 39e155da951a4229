// The Embed dialog: the snippet that shows this step in a course page, an iframe of this page's
// link (or, in the web component, the component's own tag).
import { t } from '../i18n/messages.js';
import type { EmbedOptions } from '../state/embed-options.js';
import { privateAddress } from '../embed/public-address.js';
import type { PageState } from '../state/url-state.js';
import { embedDialog } from '../widgets/embed-dialog.js';
import type { ViewContext } from './view-context.js';
import type { UrlSync } from '../browser/url-sync.js';

export interface CustomSnippet {
  snippet: (state: PageState, embed: EmbedOptions) => string;
  intro: string;
}

export function openEmbedDialog(context: ViewContext, url: UrlSync, custom: CustomSnippet | undefined): void {
  const { session } = context;
  const state = session.state as PageState;
  // The dialog is modal: what it shows cannot change while it is open.
  const walkthrough = session.walkthrough;
  const dialog = embedDialog({
    title: walkthrough?.title ?? '',
    hidden: context.embed.hide,
    custom: custom && { snippet: (embed) => custom.snippet(state, embed), intro: custom.intro },
    pageUrl: (embed) => new URL(url.linkSearch(state, embed) || '?', url.pageBase()).href,
    pageBase: url.pageBase(),
    privateAddress: privateAddress(new URL(window.location.href)),
    // A file of the walkthrough's steps on screen (not of one its own view draws, nor in a web component).
    download: custom || session.view || !walkthrough ? undefined : {
      make: async (format, embed, mastery) => {
        const { downloadOffline } = await import('../browser/offline-download.js');
        return downloadOffline({ format, walkthrough, link: url.linkSearch(state, embed, window.location.hash), mastery }, url.pageBase());
      },
      exercises: (walkthrough.exercises?.length ?? 0) > 0,
    },
    // The class report's dialog takes the focus after this one: its own code, fetched when asked for.
    report: () => void import('./class-report-view.js').then(({ openClassReport }) => openClassReport(context))
      .catch((error: Error) => session.notify(t('class-report-failed', { reason: error.message }))),
    onClose: () => context.root.querySelector<HTMLElement>('.control-embed')?.focus(),
  });
  context.byId('main').append(dialog);
  dialog.showModal();
}
