// The class report's reading of xAPI statements (report/class-statements.ts) and its summary per
// question (report/class-summary.ts), on statements made from real runs of the lab
// (tests/support/class-runs.mjs: three learners' sessions of the shipped practice). Right at first try,
// the mistakes named, the first try found by attempt, time or order; foreign statements passed
// over; broken ones refused, naming the statement and field.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import { classStatements, moodleInteractionsReport } from '../support/class-runs.mjs';
import { importCompiled } from '../support/compiled.mjs';

const lab = await loadAttentionLab({ training: false });
const { answersFromStatements } = await importCompiled('report/class-statements');
const { classSummary } = await importCompiled('report/class-summary');
const { answersFromMoodle } = await importCompiled('report/moodle-interactions');
const { withDiagnoses } = await importCompiled('report/rediagnose');

const CLASS = await classStatements(lab);

test('statements from real runs give, per question, the learners right at first try and the mistakes named', () => {
  const read = answersFromStatements(JSON.stringify(CLASS));
  assert.ok('answers' in read, read.error);
  assert.equal(read.answers.length, 7, 'the score statements are passed over');
  assert.deepEqual(classSummary(read.answers), [
    { walkthrough: 'worked-example-practice', exercise: 'score-k2', learners: 3, rightFirst: 2, misconceptions: [], unnamed: 1, undiagnosed: 0 },
    { walkthrough: 'worked-example-practice', exercise: 'weight-k2', learners: 3, rightFirst: 1, misconceptions: [['unscaled', 2]], unnamed: 0, undiagnosed: 0 },
  ]);
});

test('a learner’s first try is their lowest attempt, else their earliest time, else the file’s order', () => {
  const read = answersFromStatements(JSON.stringify({ statements: [...CLASS].reverse() }));
  assert.ok('answers' in read);
  const weight = classSummary(read.answers).find((q) => q.exercise === 'weight-k2');
  assert.equal(weight.rightFirst, 1, 'ben’s second attempt, first in the file, is not his first try');
  // Without attempts: the timestamp decides, then the order.
  const undated = CLASS.filter((st) => st.verb.id.endsWith('/answered')).map((st) => {
    const { extensions: _e, ...result } = st.result;
    return { ...st, result };
  });
  const dated = undated.map((st, k) => ({ ...st, timestamp: new Date(Date.UTC(2026, 10, 29, 9, 0, k)).toISOString() })).reverse();
  const byTime = answersFromStatements(JSON.stringify(dated));
  assert.equal(classSummary(byTime.answers).find((q) => q.exercise === 'weight-k2').rightFirst, 1);
  const byOrder = answersFromStatements(JSON.stringify(undated));
  assert.deepEqual(classSummary(byOrder.answers).map((q) => [q.rightFirst, q.misconceptions, q.unnamed, q.undiagnosed]), [[2, [], 0, 1], [1, [], 0, 2]], 'no diagnosis recorded: none named, and said so');
});

test('statements of other activities and verbs are passed over; a file with no answer of the lab is refused', () => {
  const foreign = { actor: { mbox: 'mailto:a@example.org' }, verb: { id: 'http://adlnet.gov/expapi/verbs/answered' }, object: { id: 'https://quiz.example.org/q/1' }, result: { success: true } };
  const read = answersFromStatements(JSON.stringify([foreign, ...CLASS]));
  assert.equal(read.answers.length, 7);
  assert.deepEqual(answersFromStatements(JSON.stringify([foreign])), { error: 'statements: expected answers to the lab\'s exercises (the verb …/verbs/answered, an object id with ?w= and #exercise=), got none among 1 statements' });
});

test('a broken file is refused with a sentence naming the statement and the field', () => {
  const [first] = CLASS;
  const broken = (edit) => {
    const statement = structuredClone(first);
    edit(statement);
    return answersFromStatements(JSON.stringify([first, statement])).error;
  };
  assert.match(answersFromStatements('{"statements": [').error, /^statements: expected JSON \(a list of xAPI statements\), got text that is not JSON/);
  assert.equal(answersFromStatements('{"result": 1}').error, 'statements: expected a list of xAPI statements, or an object with one in "statements" (as a Learning Record Store sends them), got an object');
  assert.equal(answersFromStatements('[3]').error, 'statements[0]: expected an xAPI statement (an object), got 3');
  assert.equal(broken((st) => { delete st.verb; }), 'statements[1].verb.id: expected the verb\'s IRI (a text), got nothing');
  assert.equal(broken((st) => { st.actor = { name: 'Ana' }; }), 'statements[1].actor: expected the learner: an Agent with an account, mbox, mbox_sha1sum or openid, got an object');
  assert.equal(broken((st) => { st.result.success = 'yes'; }), 'statements[1].result.success: expected true or false (whether the answer was right), got "yes"');
  assert.equal(broken((st) => { st.result.extensions['urn:attention-lab:xapi:attempt'] = 0; }), 'statements[1].result.extensions["urn:attention-lab:xapi:attempt"]: expected the attempt, a whole number from 1, got 0');
});

const MOODLE = await moodleInteractionsReport(lab);
/** The page's walkthrough of a SCO's title (the view asks the page's walkthroughs). */
const byTitle = (title) => (title === 'Practice: one query, three keys' ? 'worked-example-practice' : undefined);

test('Moodle’s interactions report, from real SCORM runs, gives the same first tries; it records no diagnosis, and says so', () => {
  const read = answersFromMoodle(MOODLE, byTitle);
  assert.ok('answers' in read, read.error);
  assert.deepEqual(classSummary(read.answers), [
    { walkthrough: 'worked-example-practice', exercise: 'score-k2', learners: 3, rightFirst: 2, misconceptions: [], unnamed: 0, undiagnosed: 1 },
    { walkthrough: 'worked-example-practice', exercise: 'weight-k2', learners: 3, rightFirst: 1, misconceptions: [], unnamed: 0, undiagnosed: 2 },
  ]);
  // An LF or a CRLF file, a learner with no attempt, and a second attempt whose answers come after the first's.
  const [header, ...rows] = MOODLE.replace(/\n$/, '').split('\n');
  const never = ['"Dee Fox"', 'dee@example.org', '-', '-', '-', '-', '"Not attempted"', ...header.split('\t').slice(7).map(() => '')].join('\t');
  const again = rows[2].replace('\t1\t', '\t2\t').replace(/\t17\t/, '\t3\t').replace(/\twrong/, '\tcorrect');
  const more = answersFromMoodle([header, again, ...rows, never].join('\r\n'), byTitle);
  assert.ok('answers' in more, more.error);
  assert.equal(classSummary(more.answers)[0].rightFirst, 2, 'cy’s second attempt, first in the file, is not his first try');
});

test('a file that is not Moodle’s report, or lacks the question or result columns, is refused naming the line and column', () => {
  const [header, ...rows] = MOODLE.replace(/\n$/, '').split('\n');
  assert.match(answersFromMoodle('id,score\n1,2\n', byTitle).error, /^line 1: expected the header of Moodle's SCORM interactions report \("Name", "Attempt", .*got no "Name", "Attempt", "Started on", "Last accessed on", "Score"$/);
  const responsesOnly = [header.split('\t').filter((h) => !/^"?(Question|Result)/.test(h)).join('\t')].join('\n');
  assert.match(answersFromMoodle(responsesOnly, byTitle).error, /^line 1: expected the columns "Question 0" and "Result 0", … \(in Moodle's report, tick "Summary of question" and "Summary of result" before downloading\), got no "Question N" column$/);
  assert.equal(answersFromMoodle([header, rows[0].split('\t').slice(0, 5).join('\t')].join('\n'), byTitle).error, `line 2: expected ${header.split('\t').length} fields like the header, got 5`);
  assert.equal(answersFromMoodle([header, rows[0].replace('\t1\t', '\tone\t')].join('\n'), byTitle).error, 'line 2, "Attempt": expected a whole number from 1, or -, got "one"');
  assert.equal(answersFromMoodle([header, rows[0].replace('\tcorrect', '\tmaybe')].join('\n'), byTitle).error, 'line 2, "Result 0": expected correct, wrong or incorrect, got "maybe"');
});

test('responses a file kept without a diagnosis are graded again, once each; right answers and known diagnoses are left', async () => {
  const read = answersFromMoodle(MOODLE, byTitle);
  const asked = [];
  const diagnose = async (walkthrough, exercise, response) => {
    asked.push(`${walkthrough} ${exercise} ${response}`);
    return response === '0.665' ? 'unscaled' : response === '17' ? null : undefined;
  };
  const answers = await withDiagnoses(read.answers, diagnose);
  assert.deepEqual(asked.sort(), ['worked-example-practice score-k2 17', 'worked-example-practice weight-k2 0.665'], 'each wrong response once');
  assert.deepEqual(classSummary(answers).map((q) => [q.misconceptions, q.unnamed, q.undiagnosed]), [[[], 1, 0], [[['unscaled', 2]], 0, 0]]);
  // A grader that cannot grade (another walkthrough, numbers of each learner's own) leaves them undiagnosed.
  const none = await withDiagnoses(read.answers, async () => undefined);
  assert.deepEqual(classSummary(none).map((q) => q.undiagnosed), [1, 2]);
});
