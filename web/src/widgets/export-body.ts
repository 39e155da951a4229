// "Export" under the current step: one of its matrices as CSV, SVG or PNG, and the whole example
// as LaTeX or as a PyTorch or NumPy script, each downloaded as a file or copied. The builders in
// export/ write the files from the steps' panels; the example comes from the session, which holds
// the engine's trace. This only wires buttons.
import type { Step, Walkthrough } from '../model/types.js';
import type { ExampleFile, ExampleFormat } from '../session/example-file.js';
import { matrixCsvFile } from '../export/csv.js';
import { gridPanels, type GridPanel } from '../export/grid.js';
import { heatmapPng } from '../export/png.js';
import { heatmapSvg, SVG_MAX_CELLS, svgFits } from '../export/svg.js';
import { formatCount } from '../model/format.js';
import { download } from './download.js';
import { el } from './dom.js';
import { t } from '../i18n/messages.js';

export interface ExportContext {
  walkthrough: Walkthrough;
  /** The step on screen: its matrices are offered. */
  step: Step;
  /**
   * The whole example as the learner has it now, written from the steps and trace on screen;
   * absent while it would give answers away (an unfinished exam): no example group then.
   */
  example?: (format: ExampleFormat) => Promise<ExampleFile>;
  /** Prints every step as a handout (views/print-handout.ts); no paper group without it. */
  print?: () => void | Promise<void>;
  /** Prints the handout with its answer key, for the instructor (walkthroughs with questions). */
  printKey?: () => void | Promise<void>;
  /**
   * Prints that many versions of the worksheet, each on numbers of its own, with their answer
   * keys (a walkthrough that draws numbers per learner; for the instructor).
   */
  printVersions?: (count: number) => void | Promise<void>;
}

/** The most versions of a worksheet printed at once. */
export const MAX_VERSIONS = 30;

let nextId = 0;

const text = (content: string, type: string) => new Blob([content], { type: `${type};charset=utf-8` });

/** What the Export menu holds, built when it is first opened (widgets/export-menu.ts). */
export function exportBody(current: () => ExportContext): HTMLElement[] {
  const { walkthrough, step } = current();
  const id = `export-${nextId++}`;
  const status = el('p', { className: 'export-status', role: 'status' });
  const say = (message: string) => { status.textContent = message; };
  const fallback = el('textarea');
  fallback.readOnly = true;
  fallback.rows = 8;
  const fallbackBox = el('label', { className: 'export-fallback', hidden: true },
    t('export-fallback'), fallback);

  /** Runs an export; a refusal (a shape too large, a clipboard denied) becomes a sentence, not an exception. */
  const attempt = (action: () => void | Promise<void>) => async () => {
    try {
      await action();
    } catch (error) {
      say(t('export-failed', { reason: error instanceof Error ? error.message : String(error) }));
    }
  };
  const button = (label: string, action: () => void | Promise<void>) => {
    const b = el('button', { type: 'button' }, label);
    b.addEventListener('click', attempt(action));
    return b;
  };

  // ---- a matrix of this step -------------------------------------------------------------
  const panels = gridPanels(step);
  const file = (panel: GridPanel, extension: string) => `${walkthrough.id}-${current().step.id}-${panel.name}.${extension}`;
  let matrixGroup: HTMLElement;
  if (panels.length === 0) {
    matrixGroup = el('p', { className: 'export-note' }, t('export-no-matrix'));
  } else {
    const choice = el('select', {},
      ...panels.map((p, k) => el('option', { value: String(k) }, p.caption)));
    // Looked up in the step as it is now: an in-place edit keeps the matrices and their order.
    const chosen = () => gridPanels(current().step)[Number(choice.value)] ?? panels[Number(choice.value)];
    const svgNote = el('span', { id: `${id}-svg-note`, className: 'export-note', hidden: true },
      t('export-svg-limit', { count: formatCount(SVG_MAX_CELLS) }));
    const svg = button(t('export-download-svg'), () => {
      download(new Blob([heatmapSvg(chosen())], { type: 'image/svg+xml' }), file(chosen(), 'svg'));
      say(t('export-saved', { file: file(chosen(), 'svg') }));
    });
    svg.setAttribute('aria-describedby', svgNote.id);
    const showFits = () => {
      svg.disabled = !svgFits(chosen());
      svgNote.hidden = !svg.disabled;
    };
    choice.addEventListener('change', showFits);
    showFits();
    matrixGroup = el('fieldset', { className: 'export-group' },
      el('legend', {}, t('export-matrix-group')),
      el('label', {}, `${t('export-matrix')} `, choice),
      el('div', { className: 'export-actions' },
        button(t('export-download-csv'), () => {
          download(matrixCsvFile(chosen()), file(chosen(), 'csv'));
          say(t('export-saved-csv', { file: file(chosen(), 'csv') }));
        }),
        svg,
        button(t('export-download-png'), async () => {
          download(await heatmapPng(chosen()), file(chosen(), 'png'));
          say(t('export-saved', { file: file(chosen(), 'png') }));
        }),
        svgNote));
  }

  // ---- the whole example -----------------------------------------------------------------
  const format = el('select', {},
    el('option', { value: 'latex' }, t('export-latex')),
    el('option', { value: 'torch' }, t('export-torch')),
    el('option', { value: 'numpy' }, t('export-numpy')));
  const example = () => {
    const write = current().example;
    if (!write) throw new Error(t('export-example-withheld'));
    return write(format.value as ExampleFormat);
  };
  const exampleGroup = !current().example ? '' : el('fieldset', { className: 'export-group' },
    el('legend', {}, t('export-example-group')),
    el('label', {}, `${t('export-format')} `, format),
    el('div', { className: 'export-actions' },
      button(t('export-download'), async () => {
        const { content, filename, type } = await example();
        download(text(content, type), filename);
        say(t('export-saved', { file: filename }));
      }),
      button(t('export-copy'), async () => {
        const { content } = await example();
        try {
          if (!navigator.clipboard) throw new Error('no clipboard');
          await navigator.clipboard.writeText(content);
          fallbackBox.hidden = true;
          say(t('embed-copied'));
        } catch {
          // Clipboard access needs a secure page and the browser's permission: show the text instead.
          fallback.value = content;
          fallbackBox.hidden = false;
          fallback.focus();
          fallback.select();
          say(t('export-copy-refused'));
        }
      })));

  // ---- on paper --------------------------------------------------------------------------
  const { print, printKey, printVersions } = current();
  let paperGroup: HTMLElement | '' = '';
  if (print) {
    const printButtons = [button(t('export-print'), print), ...(printKey ? [button(t('export-print-key'), printKey)] : [])];
    for (const printButton of printButtons) printButton.setAttribute('aria-describedby', `${id}-paper-note`);
    paperGroup = el('fieldset', { className: 'export-group export-paper' },
      el('legend', {}, t('export-paper-group')),
      ...printButtons,
      ...(printVersions ? [versionsControl(`${id}-versions`, printVersions, button, say)] : []),
      el('p', { id: `${id}-paper-note`, className: 'export-note' }, t('export-paper-note')));
  }

  return [matrixGroup, exampleGroup, paperGroup, status, fallbackBox].filter((part): part is HTMLElement => part !== '');
}

/**
 * How many versions of the worksheet to print (1 … MAX_VERSIONS, each on numbers of its own) and
 * the button that prints them with their answer keys; a count out of range is said, not printed.
 */
function versionsControl(id: string, printVersions: (count: number) => void | Promise<void>,
  button: (label: string, action: () => void | Promise<void>) => HTMLButtonElement, say: (message: string) => void): HTMLElement {
  const count = Object.assign(el('input', { id, type: 'number', value: '3', className: 'export-versions' }), { min: '1', max: String(MAX_VERSIONS), step: '1' });
  const print = button(t('export-print-versions'), () => {
    const n = Number(count.value);
    if (!Number.isInteger(n) || n < 1 || n > MAX_VERSIONS) {
      say(t('export-versions-refused', { max: String(MAX_VERSIONS), value: count.value }));
      return undefined;
    }
    return printVersions(n);
  });
  return el('p', { className: 'export-versions-row' }, Object.assign(el('label', {}, t('export-versions')), { htmlFor: id }), count, print);
}
