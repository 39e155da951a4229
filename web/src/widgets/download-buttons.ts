// The Embed dialog's downloads: the lesson as set up in the dialog (walkthrough, step, edits,
// hidden parts, exam mode) as one HTML file, a SCORM package or an H5P package, made in the browser. The work
// (fetching the offline template, baking, zipping) is the caller's, loaded only on a click;
// this draws the buttons, says what is happening (a live region) and shows a failure as a notice.
import type { OfflineFormat } from '../embed/offline-package.js';
import { el } from './dom.js';
import './download-buttons.css';
import { formatFileSize } from '../model/format.js';
import { t } from '../i18n/messages.js';

/** Makes the file and offers it (`mastery`: the SCORM pass mark, in percent); resolves with its name and size in bytes. */
export type Download = (format: OfflineFormat, mastery: number) => Promise<{ name: string; size: number }>;

export interface DownloadOptions {
  make: Download;
  /** The walkthrough has exercises: the SCORM and H5P packages score them, against a pass mark asked for here. */
  exercises: boolean;
  /** Where they are (the Embed dialog's, by default, or the editor's): the ids of their heading and pass mark start with it. */
  idPrefix?: string;
  /** The heading and the sentence under it, when not the Embed dialog's. */
  words?: { heading: string; intro: string };
}

/** The pass mark offered at first, as the CLI's and build:scorm's default. */
const DEFAULT_PASS_MARK = 80;

const CHOICES: [OfflineFormat, string][] = [
  ['html', 'download-html'],
  ['scorm12', 'download-scorm12'],
  ['scorm2004', 'download-scorm2004'],
  ['h5p', 'download-h5p'],
];

export function downloadButtons({ make, exercises, idPrefix = 'download', words }: DownloadOptions): HTMLElement {
  const passMark = el('input', { type: 'number', id: `${idPrefix}-pass-mark`, className: 'download-pass-mark' });
  Object.assign(passMark, { min: '0', max: '100', step: '1', value: String(DEFAULT_PASS_MARK) });
  /** The pass mark typed, or an error naming the field. */
  const mastery = (): number => {
    const text = passMark.value.trim();
    const value = /^\d{1,3}$/.test(text) ? Number(text) : NaN;
    if (!(value <= 100)) {
      passMark.setAttribute('aria-invalid', 'true');
      throw new Error(t('download-pass-refused', { text }));
    }
    passMark.removeAttribute('aria-invalid');
    return value;
  };
  const status = el('p', { className: 'download-status', role: 'status' });
  const failure = el('p', { className: 'download-failure notice', role: 'alert' });
  failure.hidden = true;
  let busy = false;
  const buttons = CHOICES.map(([format, label]) => {
    const button = el('button', { type: 'button', className: 'download-button' }, t(label));
    button.dataset.format = format;
    button.addEventListener('click', async () => {
      if (busy) return;
      busy = true;
      for (const b of buttons) b.setAttribute('aria-disabled', 'true');
      failure.hidden = true;
      status.textContent = t('download-preparing');
      try {
        const { name, size } = await make(format, format === 'html' ? DEFAULT_PASS_MARK : mastery());
        status.textContent = t('download-done', { name, size: formatFileSize(size) });
      } catch (error) {
        status.textContent = '';
        failure.textContent = t('download-failed', { reason: (error as Error).message });
        failure.hidden = false;
      } finally {
        busy = false;
        for (const b of buttons) b.removeAttribute('aria-disabled');
      }
    });
    return button;
  });
  return el('section', { className: 'download-section', ariaLabelledBy: `${idPrefix}-heading` },
    el('h3', { id: `${idPrefix}-heading` }, words?.heading ?? t('download-heading')),
    el('p', { className: 'download-intro' }, words?.intro ?? t('download-intro')),
    ...(exercises ? [el('label', { className: 'download-pass' }, `${t('download-pass-before')} `, passMark, ` ${t('download-pass-after')}`)] : []),
    el('div', { className: 'download-actions' }, ...buttons),
    status,
    failure);
}
