// "Export" under the current step: a disclosure whose contents (widgets/export-body.ts, with the
// CSV, SVG, PNG, LaTeX and script writers of export/) are fetched when it is first opened, not
// with the page: most learners never open it, and the landing page has a byte budget
// (docs/benchmarks-page.md).
import type { ExportContext } from './export-body.js';
import { el } from './dom.js';
import './export-menu.css';
import { t } from '../i18n/messages.js';

/** Whether the menu was left open, so moving to another step keeps it open. */
let leftOpen = false;

/**
 * The menu for a step. `source` may be a function: the page then keeps one menu while an edit
 * updates the step in place (same matrices, new numbers), and every export reads what is on
 * screen at the moment it is asked for.
 */
export function exportMenu(source: ExportContext | (() => ExportContext)): HTMLElement {
  const current = () => (typeof source === 'function' ? source() : source);
  const body = el('div', { className: 'export-body' });
  let filling: Promise<void> | undefined;
  const fill = () => {
    filling ??= import('./export-body.js').then(
      ({ exportBody }) => body.replaceChildren(...exportBody(current)),
      (error: Error) => {
        filling = undefined; // opening the menu again tries again
        body.replaceChildren(el('p', { className: 'export-status', role: 'status' },
          t('export-load-failed', { reason: error.message })));
      },
    );
  };
  const menu = el('details', { className: 'export-menu' }, el('summary', {}, t('export-summary')), body);
  menu.open = leftOpen;
  if (leftOpen) fill();
  menu.addEventListener('toggle', () => {
    leftOpen = menu.open;
    if (menu.open) fill();
  });
  return menu;
}
