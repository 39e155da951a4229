// The SCORM packages' data without a browser or an LMS: the times in each version's format, an
// answer as interaction elements, the score and passed/failed against the pass mark, the resume
// record in suspend_data (every attempt, compact, within each version's limit, a corrupt one refused), and a resumed
// session's answers graded again by the engine without being reported again.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import { importCompiled } from '../support/compiled.mjs';
import { SHIPPED } from '../support/shipped-walkthroughs.mjs';

const data = await importCompiled('embed/scorm-data');
const { Session } = await importCompiled('session/session');
const lab = await loadAttentionLab();


const ANSWERED = {
  type: 'answered', walkthrough: 'worked-example-practice', exercise: 'scaled-k2', interaction: 'numeric',
  response: '3', correct: false, misconception: 'unscaled', attempt: 1, latencySeconds: 83.456,
};

describe('SCORM data', () => {
  test('times: 1.2 as HHHH:MM:SS.SS, 2004 as an ISO 8601 duration', () => {
    assert.equal(data.timespan(0), '0000:00:00.00');
    assert.equal(data.timespan(3723456), '0001:02:03.46');
    assert.equal(data.isoDuration(0), 'PT0S');
    assert.equal(data.isoDuration(3723456), 'PT1H2M3.46S');
    assert.equal(data.isoDuration(60000), 'PT1M0S');
    assert.equal(data.duration('2004', 1500), 'PT1.5S');
  });

  test('an answer becomes the interaction elements of each version, type before response', () => {
    assert.deepEqual(data.interactionValues('1.2', 2, ANSWERED), [
      ['cmi.interactions.2.id', 'scaled-k2'],
      ['cmi.interactions.2.type', 'numeric'],
      ['cmi.interactions.2.student_response', '3'],
      ['cmi.interactions.2.result', 'wrong'],
      ['cmi.interactions.2.latency', '0000:01:23.46'],
    ]);
    assert.deepEqual(data.interactionValues('2004', 0, { ...ANSWERED, correct: true }), [
      ['cmi.interactions.0.id', 'scaled-k2'],
      ['cmi.interactions.0.type', 'numeric'],
      ['cmi.interactions.0.learner_response', '3'],
      ['cmi.interactions.0.result', 'correct'],
      ['cmi.interactions.0.latency', 'PT1M23.46S'],
    ]);
  });

  test('a picked cell is a choice interaction whose response is the cell, r<row>c<column>: in 1.2, whose choices are single characters, a fill-in', () => {
    const picked = { ...ANSWERED, walkthrough: 'multi-head', exercise: 'head-1-on', interaction: 'choice', response: 'r3c5', misconception: null, correct: true };
    assert.deepEqual(data.interactionValues('1.2', 0, picked).slice(1, 4), [
      ['cmi.interactions.0.type', 'fill-in'],
      ['cmi.interactions.0.student_response', 'r3c5'],
      ['cmi.interactions.0.result', 'correct'],
    ]);
    assert.deepEqual(data.interactionValues('2004', 0, picked).slice(1, 4), [
      ['cmi.interactions.0.type', 'choice'],
      ['cmi.interactions.0.learner_response', 'r3c5'],
      ['cmi.interactions.0.result', 'correct'],
    ]);
  });

  test('SCORM 1.2 keeps choice and sequencing for responses in its own form (single characters, comma separated), fill-in otherwise', () => {
    const typeIn12 = (interaction, response) => data.interactionValues('1.2', 0, { ...ANSWERED, interaction, response })[1][1];
    assert.equal(typeIn12('choice', '3'), 'choice');
    assert.equal(typeIn12('choice', '12'), 'fill-in');
    assert.equal(typeIn12('sequencing', 'a,b,c'), 'sequencing');
    assert.equal(typeIn12('sequencing', 'scores,scale,softmax,output'), 'fill-in');
    assert.equal(typeIn12('numeric', '0.284'), 'numeric');
    assert.equal(data.interactionValues('2004', 0, { ...ANSWERED, interaction: 'sequencing', response: 'scores,scale' })[1][1], 'sequencing');
  });

  test('the pass mark: the LMS’s own when it holds a valid one, else the package’s', () => {
    assert.equal(data.passShare('1.2', '90', 75), 0.9);
    assert.equal(data.passShare('1.2', '', 75), 0.75);
    assert.equal(data.passShare('1.2', 'much', 75), 0.75);
    assert.equal(data.passShare('2004', '0.6', 75), 0.6);
    assert.equal(data.passShare('2004', '60', 75), 0.75);
  });

  test('the score, and passed or failed only once every exercise is answered', () => {
    const score = (correct, answered) => ({ type: 'score', walkthrough: 'w', correct, answered, total: 4 });
    assert.deepEqual(data.scoreValues('1.2', score(2, 3), 0.75), {
      values: [['cmi.core.score.min', '0'], ['cmi.core.score.max', '100'], ['cmi.core.score.raw', '50']],
    });
    assert.deepEqual(data.scoreValues('1.2', score(3, 4), 0.75).success, 'passed');
    assert.deepEqual(data.scoreValues('2004', score(2, 4), 0.75), {
      values: [['cmi.score.min', '0'], ['cmi.score.max', '100'], ['cmi.score.raw', '50'], ['cmi.score.scaled', '0.5'], ['cmi.success_status', 'failed']],
      success: 'failed',
    });
  });

  test('suspend_data: every attempt, each exercise named once, in compact JSON that reads back; a record this page did not write is corrupt', () => {
    const attempts = [
      { exercise: 'score-k2', response: '3', correct: true },
      { exercise: 'weight-k2', response: '0.665', correct: false },
      { exercise: 'weight-k2', response: '0.576', correct: true, inputs: '0a1b2c3d' },
    ];
    const text = data.encodeSuspendData({ attempts }, '1.2');
    assert.equal(text, '{"v":2,"x":["score-k2","weight-k2"],"a":[[0,"3",1],[1,"0.665",0],[1,"0.576",1,"0a1b2c3d"]]}');
    assert.deepEqual(data.decodeSuspendData(text), { attempts, ungraded: [] });
    const edited = data.encodeSuspendData({ attempts, inputs: '{"query":[[1,3]]}' }, '2004');
    assert.deepEqual(data.decodeSuspendData(edited), { attempts, ungraded: [], inputs: '{"query":[[1,3]]}' });
    assert.deepEqual(data.decodeSuspendData(''), { attempts: [], ungraded: [] });
    for (const bad of ['{', 'null', '{"v":3,"a":[]}', '{"v":2,"x":["a"],"a":[[1,"3",1]]}', '{"v":2,"x":["a"],"a":[[0,"3",2]]}', '{"v":2,"x":[1],"a":[]}',
      '{"v":2,"x":["a"],"a":[[0,"3",1,5]]}', '{"v":1,"a":[["x",3,1]]}', '{"v":1,"a":[["x","3",0]]}', '{"v":1,"a":[],"i":3}', 'lesson=3']) {
      assert.equal(data.decodeSuspendData(bad), 'corrupt', bad);
    }
  });

  test('suspend_data of the first version is read: its answers, without grades, are to be graded again', () => {
    assert.deepEqual(data.decodeSuspendData('{"v":1,"a":[["score-k2","3",1],["weight-k2","0.576",2]],"i":"{}"}'), {
      attempts: [], ungraded: [{ exercise: 'score-k2', response: '3', attempts: 1 }, { exercise: 'weight-k2', response: '0.576', attempts: 2 }], inputs: '{}',
    });
  });

  test('suspend_data stays within each version’s limit and always keeps the graded answer of every exercise', () => {
    // 40 exercises tried 12 times each: 480 attempts.
    const many = Array.from({ length: 480 }, (_, k) => ({ exercise: `exercise-${k % 40}`, response: `0.12345${k}`, correct: k < 40 && k % 3 === 0 }));
    assert.equal(data.SUSPEND_LIMIT['1.2'], 4096);
    assert.equal(data.SUSPEND_LIMIT['2004'], 64000);
    const all = data.encodeSuspendData({ attempts: many, inputs: 'x'.repeat(1000) }, '2004');
    assert.deepEqual(data.decodeSuspendData(all).attempts, many, 'SCORM 2004 keeps every attempt');
    const text = data.encodeSuspendData({ attempts: many, inputs: 'x'.repeat(1000) }, '1.2');
    assert.ok(text.length <= 4096, `${text.length} characters`);
    const { attempts: kept, inputs } = data.decodeSuspendData(text);
    assert.equal(inputs, 'x'.repeat(1000));
    // The first (graded) and the last (shown) attempt at each exercise.
    assert.equal(kept.length, 80);
    assert.deepEqual(kept.slice(0, 40), many.slice(0, 40));
    assert.deepEqual(kept.slice(40), many.slice(440));
    // Inputs too large to keep beside the answers: the graded answers are kept without them.
    const huge = data.decodeSuspendData(data.encodeSuspendData({ attempts: many.slice(0, 2), inputs: 'x'.repeat(5000) }, '1.2'));
    assert.deepEqual(huge, { attempts: many.slice(0, 2), ungraded: [] });
  });

  test('a location is a step id or nothing', () => {
    assert.equal(data.stepFromLocation('exercise-weight-k2'), 'exercise-weight-k2');
    assert.equal(data.stepFromLocation(''), undefined);
    assert.equal(data.stepFromLocation('<script>'), undefined);
  });
});

describe('a resumed session', () => {
  test('puts the answers back, graded again by the engine, and reports nothing', async () => {
    const s = new Session(lab, { find: (name) => SHIPPED.get(name), fallback: 'worked-example' });
    assert.equal(await s.open({ walkthrough: 'worked-example-practice', step: 'exercise-weight-k2' }), true);
    const events = [];
    s.subscribe((event) => events.push(event));
    s.restoreAnswers([
      { exercise: 'score-k2', response: '3', attempts: 1 },
      { exercise: 'scaled-k2', response: '3', attempts: 2 },
      { exercise: 'no-such-exercise', response: '1', attempts: 1 },
    ]);
    const exercise = (id) => SHIPPED.get('worked-example-practice').exercises.find((e) => e.id === id);
    assert.equal(s.feedbackOf(exercise('score-k2')).correct, true);
    assert.equal(s.feedbackOf(exercise('score-k2')).response, '3');
    const scaled = s.feedbackOf(exercise('scaled-k2'));
    assert.equal(scaled.misconception, 'unscaled');
    assert.equal(scaled.attempt, 1);
    assert.equal(s.feedbackOf(exercise('weight-k2')), undefined);
    assert.deepEqual(events.map((e) => e.type), ['step'], 'the step is drawn again; no answer or score is reported');
    // Each restored answer is one attempt of the record (the first version kept no others): the next is the second.
    assert.equal(s.answer(exercise('scaled-k2'), '2.121').attempt, 2);
    assert.deepEqual(s.attempts.map((a) => [a.exercise, a.response, a.correct]), [['score-k2', '3', true], ['scaled-k2', '3', false], ['scaled-k2', '2.121', true]]);
  });

  test('puts a picked cell back as the cell, graded again by the engine', async () => {
    const s = new Session(lab, { find: (name) => SHIPPED.get(name), fallback: 'worked-example' });
    assert.equal(await s.open({ walkthrough: 'multi-head', step: 'exercise-head-1-on' }), true);
    const exercise = SHIPPED.get('multi-head').exercises.find((e) => e.id === 'head-1-on');
    const weights = s.steps.find((step) => step.id === 'heads').panels.find((p) => p.name === 'head-0-weights').data[3];
    const best = `r3c${weights.indexOf(Math.max(...weights))}`;
    s.restoreAnswers([{ exercise: 'head-1-on', response: best, attempts: 1 }, { exercise: 'head-2-on', response: 'r0c0', attempts: 1 }]);
    assert.deepEqual([s.feedbackOf(exercise).correct, s.feedbackOf(exercise).response], [true, best]);
    // A cell outside the exercise's row is not an answer of its type: left out.
    assert.equal(s.feedbackOf(SHIPPED.get('multi-head').exercises.find((e) => e.id === 'head-2-on')), undefined);
  });
});
