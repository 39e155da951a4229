// The Embed dialog's downloads: the lesson as set up in the dialog (walkthrough, step, edits,
// hidden parts, exam mode) as one HTML file or a SCORM package, made in the browser. The work
// (fetching the offline template, baking, zipping) is the caller's, loaded only on a click;
// this draws the buttons, says what is happening (a live region) and shows a failure as a notice.
import type { OfflineFormat } from '../embed/offline-package.js';
import { el } from './dom.js';
import './download-buttons.css';
import { formatCount, formatFixed } from '../model/format.js';

/** Makes the file and offers it (`mastery`: the SCORM pass mark, in percent); resolves with its name and size in bytes. */
export type Download = (format: OfflineFormat, mastery: number) => Promise<{ name: string; size: number }>;

export interface DownloadOptions {
  make: Download;
  /** The walkthrough has exercises: the SCORM packages score them, against a pass mark asked for here. */
  exercises: boolean;
}

/** The pass mark offered at first, as the CLI's and build:scorm's default. */
const DEFAULT_PASS_MARK = 80;

const CHOICES: [OfflineFormat, string][] = [
  ['html', 'Single HTML file'],
  ['scorm12', 'SCORM 1.2 package'],
  ['scorm2004', 'SCORM 2004 package'],
];

const kilobytes = (bytes: number): string => (bytes >= 1024 * 1024 ? `${formatFixed(bytes / (1024 * 1024), 1)} MB` : `${formatCount(Math.round(bytes / 1024))} KB`);

export function downloadButtons({ make, exercises }: DownloadOptions): HTMLElement {
  const passMark = el('input', { type: 'number', id: 'download-pass-mark', className: 'download-pass-mark' });
  Object.assign(passMark, { min: '0', max: '100', step: '1', value: String(DEFAULT_PASS_MARK) });
  /** The pass mark typed, or an error naming the field. */
  const mastery = (): number => {
    const text = passMark.value.trim();
    const value = /^\d{1,3}$/.test(text) ? Number(text) : NaN;
    if (!(value <= 100)) {
      passMark.setAttribute('aria-invalid', 'true');
      throw new Error(`Pass mark: expected a whole percent from 0 to 100, got “${text}”`);
    }
    passMark.removeAttribute('aria-invalid');
    return value;
  };
  const status = el('p', { className: 'download-status', role: 'status' });
  const failure = el('p', { className: 'download-failure notice', role: 'alert' });
  failure.hidden = true;
  let busy = false;
  const buttons = CHOICES.map(([format, label]) => {
    const button = el('button', { type: 'button', className: 'download-button' }, label);
    button.dataset.format = format;
    button.addEventListener('click', async () => {
      if (busy) return;
      busy = true;
      for (const b of buttons) b.setAttribute('aria-disabled', 'true');
      failure.hidden = true;
      status.textContent = 'Preparing the file…';
      try {
        const { name, size } = await make(format, format === 'html' ? DEFAULT_PASS_MARK : mastery());
        status.textContent = `Downloaded ${name} (${kilobytes(size)}).`;
      } catch (error) {
        status.textContent = '';
        failure.textContent = `The file could not be made: ${(error as Error).message}`;
        failure.hidden = false;
      } finally {
        busy = false;
        for (const b of buttons) b.removeAttribute('aria-disabled');
      }
    });
    return button;
  });
  return el('section', { className: 'download-section', ariaLabelledBy: 'download-heading' },
    el('h3', { id: 'download-heading' }, 'Or download it'),
    el('p', { className: 'download-intro' },
      'This lesson with the options above, at this step with your edits, as a file made here in your browser with the engine inside: '
      + 'a single HTML file that opens without a server, or a SCORM package for an LMS (Moodle, Canvas, …) that records progress and exercise scores (about 1.6 MB as HTML, 0.6 MB zipped).'),
    ...(exercises ? [el('label', { className: 'download-pass' }, 'Pass mark of the SCORM packages: ', passMark, ' % of the exercises right')] : []),
    el('div', { className: 'download-actions' }, ...buttons),
    status,
    failure);
}
