// "Class report": the instructor opens the results their course exported (the xAPI statements the
// lab sends, as JSON: report/class-statements.ts; or Moodle's SCORM interactions report:
// report/moodle-interactions.ts) and sees, per question, the share of learners
// right at their first try and the mistakes the engine named in the wrong first tries, as bars
// and as a table with the same numbers (the bars are hidden from screen readers: the table is
// their text). The file is read in the browser; nothing leaves it. A file that cannot be read is
// said in the dialog, naming the statement and field, and the report shown before stays.
import { answersFromStatements } from '../report/class-statements.js';
import { answersFromMoodle, type WalkthroughOfTitle } from '../report/moodle-interactions.js';
import { withDiagnoses, type Diagnose } from '../report/rediagnose.js';
import { classSummary, type QuestionSummary } from '../report/class-summary.js';
import { formatCount, formatFileSize, formatPercent } from '../model/format.js';
import { el } from './dom.js';
import { fileButton } from './file-button.js';
import { t } from '../i18n/messages.js';
import './class-report.css';

export interface ClassReportOptions {
  /** An exercise's title, when the page knows its walkthrough; undefined otherwise (its id is shown). */
  exerciseTitle: (walkthrough: string, exercise: string) => string | undefined;
  /** The walkthrough a SCORM package's title names (Moodle's report has the title, not the id). */
  walkthroughOfTitle: WalkthroughOfTitle;
  /** The engine's diagnosis of a response a file kept without one (Moodle's report). */
  diagnose: Diagnose;
  onClose: () => void;
}

/** The largest results file read: tens of thousands of statements, far past a class's. */
export const MAX_REPORT_BYTES = 50_000_000;

/** The learner-facing sentence for a mistake the engine names, or undefined when the page has none. */
function mistakeWords(name: string): string | undefined {
  try {
    return t(`mistake-${name}`);
  } catch {
    return undefined;
  }
}

/** One row of a question's table, and its bar. */
interface Row { label: string; detail?: string; learners: number }

function questionSection(q: QuestionSummary, options: ClassReportOptions, index: number): HTMLElement {
  const title = options.exerciseTitle(q.walkthrough, q.exercise) ?? q.exercise;
  const share = (n: number) => formatPercent(q.learners === 0 ? 0 : n / q.learners, 0);
  const rows: Row[] = [
    { label: t('report-right'), learners: q.rightFirst },
    ...q.misconceptions.map(([name, learners]) => ({ label: name, detail: mistakeWords(name), learners })),
    ...(q.unnamed > 0 ? [{ label: t('report-unnamed'), learners: q.unnamed }] : []),
    ...(q.undiagnosed > 0 ? [{ label: t('report-undiagnosed'), learners: q.undiagnosed }] : []),
  ];
  const id = `report-q${index}`;
  const bars = el('div', { className: 'report-bars' },
    ...rows.map((row, k) => {
      const bar = el('div', { className: `report-bar${k === 0 ? ' right' : ''}` });
      bar.style.width = `${q.learners === 0 ? 0 : (100 * row.learners) / q.learners}%`;
      return el('div', { className: 'report-bar-row' }, el('span', { className: 'report-bar-label' }, row.label), el('span', { className: 'report-bar-track' }, bar), el('span', { className: 'report-bar-value' }, share(row.learners)));
    }));
  bars.setAttribute('aria-hidden', 'true');
  const table = el('table', { className: 'report-table' },
    el('caption', {}, t('report-table-caption', { title })),
    el('thead', {}, el('tr', {}, ...[t('report-col-answer'), t('report-col-learners'), t('report-col-share')].map((h) => el('th', {}, h)))),
    el('tbody', {}, ...rows.map((row) => el('tr', {},
      el('th', {}, row.label, ...(row.detail ? [el('span', { className: 'report-detail' }, row.detail)] : [])),
      el('td', {}, formatCount(row.learners)),
      el('td', {}, share(row.learners))))));
  table.setAttribute('aria-labelledby', id);
  return el('section', { className: 'report-question' },
    el('h3', { id }, t('report-question', { title, walkthrough: q.walkthrough })),
    el('p', {}, t('report-right-first', { right: formatCount(q.rightFirst), learners: formatCount(q.learners), share: share(q.rightFirst) })),
    bars,
    table);
}

export function classReportDialog(options: ClassReportOptions): HTMLDialogElement {
  const status = el('p', { className: 'report-status', role: 'status' });
  const results = el('div', { className: 'report-results' });
  const openResults = async (file: File) => {
    // Refused by its size before a byte is read: a course's results are far smaller.
    if (file.size > MAX_REPORT_BYTES) {
      status.textContent = t('report-refused', { file: file.name, reason: t('report-too-large', { max: formatFileSize(MAX_REPORT_BYTES), size: formatFileSize(file.size) }) });
      status.classList.add('refused');
      return;
    }
    const text = await file.text();
    // Statements are JSON (a list or an object); Moodle's report is lines of tab-separated text.
    const read = /^\s*[[{]/.test(text) ? answersFromStatements(text) : answersFromMoodle(text, options.walkthroughOfTitle);
    if ('error' in read) {
      status.textContent = t('report-refused', { file: file.name, reason: read.error });
      status.classList.add('refused');
      return;
    }
    const answers = await withDiagnoses(read.answers, options.diagnose);
    const summary = classSummary(answers);
    const learners = new Set(answers.map((a) => a.learner)).size;
    status.classList.remove('refused');
    status.textContent = t('report-read', { file: file.name, learners: formatCount(learners), questions: formatCount(summary.length) });
    results.replaceChildren(...summary.map((q, k) => questionSection(q, options, k)));
  };
  const [open, picker] = fileButton({
    label: t('report-open'),
    accept: '.json,application/json,.txt,.csv,text/plain,text/csv,text/tab-separated-values',
    onFile: (file) => void openResults(file),
    inputId: 'report-file',
  });
  const close = el('button', { type: 'button', className: 'embed-close' }, t('embed-close'));
  const dialog = el('dialog', { className: 'embed-dialog report-dialog', ariaLabelledBy: 'report-heading' },
    el('h2', { id: 'report-heading' }, t('report-heading')),
    el('p', {}, t('report-intro')),
    el('p', { className: 'report-open' }, open, picker),
    status,
    results,
    el('div', { className: 'embed-actions' }, close));
  close.addEventListener('click', () => dialog.close());
  dialog.addEventListener('close', () => {
    dialog.remove();
    options.onClose();
  });
  return dialog;
}
