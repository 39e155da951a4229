// The class report's reading of xAPI statements (report/class-statements.ts) and its summary per
// question (report/class-summary.ts), on statements made from real runs of the lab
// (tests/support/class-runs.mjs: three learners' sessions of the shipped practice). Right at first try,
// the mistakes named, the first try found by attempt, time or order; foreign statements passed
// over; broken ones refused, naming the statement and field.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import { classStatements } from '../support/class-runs.mjs';
import { importCompiled } from '../support/compiled.mjs';

const lab = await loadAttentionLab({ training: false });
const { answersFromStatements } = await importCompiled('report/class-statements');
const { classSummary } = await importCompiled('report/class-summary');

const CLASS = await classStatements(lab);

test('statements from real runs give, per question, the learners right at first try and the mistakes named', () => {
  const read = answersFromStatements(JSON.stringify(CLASS));
  assert.ok('answers' in read, read.error);
  assert.equal(read.answers.length, 7, 'the score statements are passed over');
  assert.deepEqual(classSummary(read.answers), [
    { walkthrough: 'worked-example-practice', exercise: 'score-k2', learners: 3, rightFirst: 2, misconceptions: [], unnamed: 1 },
    { walkthrough: 'worked-example-practice', exercise: 'weight-k2', learners: 3, rightFirst: 1, misconceptions: [['unscaled', 2]], unnamed: 0 },
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
  assert.deepEqual(classSummary(byOrder.answers).map((q) => [q.rightFirst, q.misconceptions]), [[2, []], [1, []]], 'no diagnosis recorded: no mistake named');
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
