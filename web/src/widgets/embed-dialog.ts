// "Embed": the iframe snippet for exactly what is on screen (walkthrough, step, edited inputs),
// with a few common hide options, ready to copy into a course page.
import { type EmbedOptions, type Part } from '../state/embed-options.js';
import type { OfflineFormat } from '../embed/offline-package.js';
import { onPublicSite, readPublicAddress } from '../embed/public-address.js';
import { el } from './dom.js';
import { escapeMarkup } from '../model/escape-markup.js';
import { downloadButtons } from './download-buttons.js';
import { t } from '../i18n/messages.js';

export interface EmbedDialogOptions {
  /** The walkthrough's title, for the iframe's accessible title. */
  title: string;
  /** The page's address for these embed options (state included): the snippet is an iframe of it. */
  pageUrl: (embed: EmbedOptions) => string;
  /** Another kind of snippet for these options (the web component writes its own tag), with what to say about it. */
  custom?: { snippet: (embed: EmbedOptions) => string; intro: string };
  /** Parts hidden on the page now (its own `hide=`): the snippet keeps them, and their boxes start ticked. */
  hidden?: ReadonlySet<Part>;
  /**
   * Set when the page runs where only this computer can open it (embed/public-address.ts: the
   * address as the warning names it): the dialog warns and asks for the site's public address.
   */
  privateAddress?: string;
  /** The page's own address without query or hash (UrlSync.pageBase), to move links onto the public site. */
  pageBase: string;
  /**
   * Makes the lesson with these options into a file and offers it (the page; not a component in
   * someone else's page, which has no offline template beside it): shows the Download buttons.
   */
  download?: {
    make: (format: OfflineFormat, embed: EmbedOptions, mastery: number) => Promise<{ name: string; size: number }>;
    /** The walkthrough has exercises (the dialog asks for the SCORM pass mark). */
    exercises: boolean;
  };
  /** Opens the class report (the results a course exported), once this dialog has closed. */
  report?: () => void;
  onClose: () => void;
}

/** The parts an instructor can hide here, each with its message. */
const CHOICES: [Part, string][] = [
  ['prose', 'embed-hide-prose'],
  ['steps', 'embed-hide-steps'],
  ['editors', 'embed-hide-editors'],
  ['export', 'embed-hide-export'],
];

/** The snippet: the iframe, and the optional host script that sizes it to its content. */
export function embedSnippet(src: string, title: string): string {
  const host = new URL('embed-host.js', src).href;
  return `<iframe src="${escapeMarkup(src)}" title="${escapeMarkup(t('embed-frame-title', { title }))}" width="100%" height="720" `
    + `style="border:0;max-width:100%" loading="lazy" data-attention-lab></iframe>\n`
    + `<script src="${escapeMarkup(host)}" async></script>`;
}

export function embedDialog(options: EmbedDialogOptions): HTMLDialogElement {
  const hide = new Set<Part>(options.hidden ?? []);
  const code = el('textarea', { className: 'embed-code' });
  code.readOnly = true;
  code.rows = 5;
  code.setAttribute('aria-label', t('embed-code'));
  const status = el('p', { className: 'embed-status', role: 'status' });
  /** Where the snippet points when the page itself is on a private address (typed by the instructor). */
  let site: URL | undefined;
  const exam = el('input', { type: 'checkbox', value: 'exam' });
  const { download } = options;
  const current = (): EmbedOptions => ({ embedded: true, hide: new Set(['header', 'embed', ...hide]), exam: exam.checked });
  const refresh = () => {
    const embed = current();
    const link = options.pageUrl(embed);
    code.value = options.custom ? options.custom.snippet(embed) : embedSnippet(site ? onPublicSite(link, options.pageBase, site) : link, options.title);
    status.textContent = '';
  };
  const address = options.privateAddress !== undefined && !options.custom ? publicAddressField(options.privateAddress, (url) => {
    site = url;
    refresh();
  }) : undefined;

  const checks = CHOICES.map(([part, label]) => {
    const box = el('input', { type: 'checkbox', value: part });
    box.checked = hide.has(part);
    box.addEventListener('change', () => {
      if (box.checked) hide.add(part);
      else hide.delete(part);
      refresh();
    });
    return el('label', { className: 'embed-choice' }, box, ` ${t(label)}`);
  });
  exam.addEventListener('change', refresh);
  checks.push(el('label', { className: 'embed-choice' }, exam, ` ${t('embed-exam')}`));

  const copy = el('button', { type: 'button', className: 'embed-copy' }, t('embed-copy'));
  copy.addEventListener('click', async () => {
    code.select();
    try {
      await navigator.clipboard.writeText(code.value);
      status.textContent = t('embed-copied');
    } catch {
      status.textContent = t('embed-copy-refused');
    }
  });
  const close = el('button', { type: 'button', className: 'embed-close' }, t('embed-close'));
  const report = options.report && el('button', { type: 'button', className: 'embed-report' }, t('report-button'));

  const dialog = el('dialog', { className: 'embed-dialog', ariaLabelledBy: 'embed-heading' },
    el('h2', { id: 'embed-heading' }, t('embed-heading')),
    el('p', {}, options.custom?.intro ?? t('embed-intro')),
    ...(address ? [address] : []),
    el('fieldset', { className: 'embed-choices' }, el('legend', {}, t('embed-options')), ...checks),
    code,
    ...(download
      ? [el('div', { className: 'embed-actions' }, copy), status, downloadButtons({ make: (format, mastery) => download.make(format, current(), mastery), exercises: download.exercises }), el('div', { className: 'embed-actions' }, ...(report ? [report] : []), close)]
      : [el('div', { className: 'embed-actions' }, copy, ...(report ? [report] : []), close), status]));
  close.addEventListener('click', () => dialog.close());
  report?.addEventListener('click', () => {
    dialog.close();
    options.report?.();
  });
  dialog.addEventListener('close', () => {
    dialog.remove();
    options.onClose();
  });
  refresh();
  return dialog;
}

/**
 * The warning for a page on a private address, and the field for the site's public address.
 * A valid address moves the snippet there as it is typed; an invalid one is named when the field
 * is left (or Enter pressed), and the snippet keeps its last good address.
 */
function publicAddressField(where: string, use: (site: URL | undefined) => void): HTMLElement {
  const input = el('input', { type: 'url', id: 'embed-public-address', className: 'embed-public-address' });
  input.placeholder = 'https://courses.example.org/attention-lab/';
  input.setAttribute('aria-describedby', 'embed-address-warning embed-address-error');
  input.setAttribute('autocomplete', 'url');
  const error = el('p', { className: 'embed-address-error', id: 'embed-address-error', role: 'alert' });
  const read = (): URL | undefined | Error => {
    if (!input.value.trim()) return undefined;
    try {
      return readPublicAddress(input.value);
    } catch (failure) {
      return failure as Error;
    }
  };
  input.addEventListener('input', () => {
    const value = read();
    if (value instanceof Error) return;
    input.removeAttribute('aria-invalid');
    error.textContent = '';
    use(value);
  });
  input.addEventListener('change', () => {
    const value = read();
    if (!(value instanceof Error)) return;
    input.setAttribute('aria-invalid', 'true');
    error.textContent = t('embed-address-refused', { reason: value.message });
  });
  return el('div', { className: 'embed-address' },
    el('p', { className: 'embed-warning', id: 'embed-address-warning' },
      el('strong', {}, t('embed-private', { where })),
      ` ${t('embed-private-detail')}`),
    Object.assign(el('label', {}, t('embed-public-address')), { htmlFor: 'embed-public-address' }),
    input,
    error);
}
