// The Embed dialog's downloads: the lesson as set up in the dialog (walkthrough, step, edits,
// hidden parts, exam mode) as one HTML file or a SCORM package, made in the browser. The work
// (fetching the offline template, baking, zipping) is the caller's, loaded only on a click;
// this draws the buttons, says what is happening (a live region) and shows a failure as a notice.
import type { OfflineFormat } from '../embed/offline-package.js';
import { el } from './dom.js';
import './download-buttons.css';

/** Makes the file and offers it; resolves with its name and size in bytes. */
export type Download = (format: OfflineFormat) => Promise<{ name: string; size: number }>;

const CHOICES: [OfflineFormat, string][] = [
  ['html', 'Single HTML file'],
  ['scorm12', 'SCORM 1.2 package'],
  ['scorm2004', 'SCORM 2004 package'],
];

const kilobytes = (bytes: number): string => (bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`);

export function downloadButtons(download: Download): HTMLElement {
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
        const { name, size } = await download(format);
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
      + 'a single HTML file that opens without a server, or a SCORM package for an LMS (Moodle, Canvas, …) that records progress and exercise scores. About 1.6 MB.'),
    el('div', { className: 'download-actions' }, ...buttons),
    status,
    failure);
}
