// A class's answers, read from Moodle's SCORM "Interactions report" as its download writes it
// (mod/scorm/report/interactions: a tab-separated text, one row per learner and attempt, LF line
// ends, fields quoted as PHP's fputcsv does, values HTML-escaped): the columns "Name", maybe
// "Email address" (the site's identity fields), "Attempt", "Started on", "Last accessed on",
// "Score", one per SCO (headed by its title), then for each interaction N (0, 1, …) those the
// teacher ticked: "Question N" (the interaction's id, our exercise id), "Response N", "Right
// answer N", "Result N". The report needs "Question N" and "Result N" (Moodle's "Summary of
// question" and "Summary of result"). A learner is their email address, else their name; their
// answers are ordered by attempt, then interaction. The file carries no diagnosis; where it has
// "Response N" (SCORM 1.2's), the page asks the engine afterwards (rediagnose.ts). DOM-free.
import { problem } from '../model/json-checks.js';
import type { RecordedAnswer } from './class-statements.js';

/** The SCO's title as a walkthrough id, when the page knows the walkthrough (else the title stands for it). */
export type WalkthroughOfTitle = (title: string) => string | undefined;

/** PHP's fputcsv fields: `delimiter`-separated, "quoted" when needed, "" for a quote inside. */
function fields(line: string, delimiter: string): string[] {
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') { field += '"'; i += 1; }
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === delimiter) { out.push(field); field = ''; }
    else field += c;
  }
  out.push(field);
  return out;
}

/** Lines of the file, a quoted field's line breaks kept inside it. */
function lines(text: string): string[] {
  const out: string[] = [];
  let current = '';
  let quotes = 0;
  for (const part of text.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    current = current === '' && quotes % 2 === 0 ? part : `${current}\n${part}`;
    quotes += (part.match(/"/g) ?? []).length;
    if (quotes % 2 === 0) {
      out.push(current);
      current = '';
      quotes = 0;
    }
  }
  if (current !== '') out.push(current);
  return out;
}

/** What Moodle's s() escaped, back as written. */
const unescaped = (text: string): string =>
  text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#0?39;/g, "'").replace(/&amp;/g, '&');

const RESULTS: Record<string, boolean> = { correct: true, wrong: false, incorrect: false };
const FIXED = ['Name', 'Attempt', 'Started on', 'Last accessed on', 'Score'];

/** The lab's answers in a Moodle interactions report's text, or the first problem, naming its line and column. */
export function answersFromMoodle(text: string, walkthroughOf: WalkthroughOfTitle): { answers: RecordedAnswer[] } | { error: string } {
  const [headerLine, ...rows] = lines(text);
  const delimiter = headerLine?.includes('\t') ? '\t' : ',';
  const header = fields(headerLine ?? '', delimiter);
  const missing = FIXED.filter((name) => !header.includes(name));
  if (missing.length > 0) {
    return { error: problem('line 1', `the header of Moodle's SCORM interactions report (${FIXED.map((f) => `"${f}"`).join(', ')}, …)`, `no ${missing.map((f) => `"${f}"`).join(', ')}`) };
  }
  const column = (name: string) => header.indexOf(name);
  const numbered = (prefix: string) => new Map(header.flatMap((h, k) => {
    const m = new RegExp(`^${prefix} (\\d+)$`).exec(h);
    return m ? [[Number(m[1]), k] as [number, number]] : [];
  }));
  const questions = numbered('Question');
  const results = numbered('Result');
  const responses = numbered('Response');
  if (questions.size === 0 || results.size === 0) {
    return { error: problem('line 1', 'the columns "Question 0" and "Result 0", … (in Moodle\'s report, tick "Summary of question" and "Summary of result" before downloading)', `no "${questions.size === 0 ? 'Question' : 'Result'} N" column`) };
  }
  // The SCO's column: the one after "Score", before the first interaction's.
  const scoTitle = unescaped(header[column('Score') + 1] ?? '');
  const walkthrough = walkthroughOf(scoTitle.replace(/^Attention Lab: /, '')) ?? scoTitle;
  const who = column('Email address') >= 0 ? column('Email address') : column('Name');
  const answers: RecordedAnswer[] = [];
  for (const [k, line] of rows.entries()) {
    if (line.trim() === '') continue;
    const at = `line ${k + 2}`;
    const row = fields(line, delimiter);
    if (row.length < header.length) return { error: problem(at, `${header.length} fields like the header`, String(row.length)) };
    const attemptText = row[column('Attempt')];
    if (attemptText === '-') continue; // enrolled, never launched
    const attempt = Number(attemptText);
    if (!Number.isInteger(attempt) || attempt < 1) return { error: problem(`${at}, "Attempt"`, 'a whole number from 1, or -', `"${attemptText}"`) };
    for (const [n, q] of [...questions].sort((a, b) => a[0] - b[0])) {
      const exercise = unescaped(row[q]);
      const resultColumn = results.get(n);
      if (!exercise || resultColumn === undefined) continue;
      const result = row[resultColumn];
      if (!Object.hasOwn(RESULTS, result)) return { error: problem(`${at}, "Result ${n}"`, 'correct, wrong or incorrect', `"${result}"`) };
      const responseColumn = responses.get(n);
      const response = responseColumn === undefined ? '' : unescaped(row[responseColumn]);
      answers.push({
        learner: unescaped(row[who]), walkthrough, exercise, correct: RESULTS[result], misconception: RESULTS[result] ? null : undefined,
        ...(response ? { response } : {}), attempt: undefined, time: undefined, index: attempt * 100_000 + n,
      });
    }
  }
  if (answers.length === 0) return { error: problem('the file', 'answers to the lab\'s exercises (rows with an attempt, and a "Question N" and "Result N")', 'none') };
  return { answers };
}
