// Exercises without a browser: the practice walkthroughs open with their questions among the
// steps, the engine grades answers of each type (a number: right, a named mistake, none; a key
// picked; the passes ordered), the host hears `answered` and `score`, a text that is not an
// answer is refused without counting, and edited inputs make the earlier answers stale.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import '../support/json-modules.mjs';
import { importCompiled } from '../support/compiled.mjs';
import { SHIPPED } from '../support/shipped-walkthroughs.mjs';

const lab = await loadAttentionLab();
const { Session } = await importCompiled('session/session');
const { worksheetSteps } = await importCompiled('session/worksheet');


async function practice(id = 'worked-example-practice', state = {}) {
  const s = new Session(lab, { find: (name) => SHIPPED.get(name), fallback: 'worked-example' });
  const events = [];
  s.subscribe((event) => events.push(event));
  assert.equal(await s.open({ walkthrough: id, step: 'inputs', ...state }), true);
  const exercise = (name) => SHIPPED.get(id).exercises.find((e) => e.id === name);
  const progress = (type) => events.filter((e) => e.type === 'progress' && e.progress.type === type).map((e) => e.progress);
  return { s, events, exercise, progress };
}

/** `walkthrough` (an edited copy of a shipped one) refused when it opens: the notice says why. */
async function refusedWith(walkthrough, message) {
  const s = new Session(lab, { find: () => walkthrough, fallback: walkthrough.id });
  const notices = [];
  s.subscribe((event) => event.type === 'notice' && notices.push(event.message));
  assert.equal(await s.open({ walkthrough: walkthrough.id }), false, message);
  assert.ok(notices[0]?.startsWith(`This walkthrough’s exercises cannot be shown: ${message}`), notices[0]);
}

/** The cell a pick-cell exercise's rule picks in the panel's numbers (the first of tied ones), as the answer's text. */
function pickedByRule(e, panel) {
  const cells = panel.data.flatMap((row, i) => row.map((x, j) => ({ x, i, j })))
    .filter(({ i, j }) => (e.row === undefined || e.row === i) && (e.column === undefined || e.column === j));
  const open = cells.filter(({ i, j }) => panel.blocked?.[i]?.[j] !== 0);
  const pick = e.rule === 'blocked'
    ? cells.find(({ i, j }) => panel.blocked?.[i]?.[j] === 0)
    : open.reduce((a, b) => ((e.rule === 'max' ? b.x > a.x : b.x < a.x) ? b : a));
  return `r${pick.i}c${pick.j}`;
}

describe('exercises', () => {
  test('each question comes right after the step it names, before the step that shows its answer', async () => {
    const { s } = await practice();
    assert.deepEqual(s.steps.map((step) => step.id), [
      'inputs', 'exercise-score-k2', 'scores', 'exercise-scaled-k2', 'scale', 'exercise-weight-k2', 'softmax', 'exercise-output-0', 'output',
    ]);
    const step = s.steps[5];
    assert.equal(step.title, 'Your turn: a weight');
    assert.equal(step.panels[0].type, 'exercise');
  });

  test('the engine grades: right, a named mistake, and after two wrong answers its value', async () => {
    const { s, exercise } = await practice();
    const weight = exercise('weight-k2');
    const right = s.answer(weight, '0.576');
    assert.equal(right.correct, true);
    assert.equal(right.message, 'Right: the engine’s value is 0.5760.');
    const unscaled = s.answer(weight, '0.665');
    assert.equal(unscaled.correct, false);
    assert.equal(unscaled.misconception, 'unscaled');
    assert.equal(unscaled.attempt, 2);
    assert.match(unscaled.message, /^That is the value without dividing the scores by √d_k\. The engine’s value is 0\.5760\.$/);
    const first = s.answer(exercise('output-0'), '0.1');
    assert.equal(first.misconception, null);
    assert.equal(first.message, 'Not quite, and it matches none of the usual mistakes. Try again.');
    assert.deepEqual(s.feedbackOf(weight), unscaled);
  });

  test('on paper, a walkthrough with questions is a worksheet: the steps before its first question and each question; the others are its answer key', async () => {
    const { s } = await practice();
    const ids = (steps) => steps.map((step) => step.id);
    const { questions, answers } = worksheetSteps(s.steps);
    assert.deepEqual(ids(questions), ['inputs', 'exercise-score-k2', 'exercise-scaled-k2', 'exercise-weight-k2', 'exercise-output-0']);
    assert.deepEqual(ids(answers), ['scores', 'scale', 'softmax', 'output']);
    const plain = new Session(lab, { find: (name) => SHIPPED.get(name), fallback: 'worked-example' });
    assert.equal(await plain.open({ walkthrough: 'worked-example', step: 'inputs' }), true);
    assert.deepEqual(worksheetSteps(plain.steps), { questions: plain.steps, answers: [] }, 'without questions, every step prints');
    // A question on numbers a step before it shows (multi-head's cells to pick) hides nothing; one on
    // the numbers of a later step (the encoder layer's residual sums) hides that step.
    for (const [id, hidden] of [['multi-head', []], ['encoder-layer', ['add-norm-1', 'add-norm-2']]]) {
      const other = new Session(lab, { find: (name) => SHIPPED.get(name), fallback: 'worked-example' });
      assert.equal(await other.open({ walkthrough: id, step: 'inputs', randomWeights: true }), true);
      assert.deepEqual(ids(worksheetSteps(other.steps).answers), hidden, id);
    }
  });

  test('a forgotten mask is named in the causal practice', async () => {
    const { s, exercise } = await practice('causal-mask-practice');
    const blocked = exercise('blocked-weight');
    const forgot = lab.diagnose({ query: s.inputs.query, key: s.inputs.key, value: s.inputs.value, mask: 'causal', stage: 'weight', row: 0, column: 1, answer: 0 })
      .candidates.find((c) => c.misconception === 'maskIgnored').value;
    const feedback = s.answer(blocked, String(forgot));
    assert.equal(feedback.misconception, 'maskIgnored');
    assert.equal(s.answer(blocked, '0').correct, true);
  });

  test('the host hears each answer and the score, as an LMS records them', async () => {
    const { s, exercise, progress } = await practice();
    s.goTo(5);
    s.answer(exercise('weight-k2'), '0.506');
    s.answer(exercise('weight-k2'), '0.576');
    const answered = progress('answered');
    assert.equal(answered.length, 2);
    assert.deepEqual({ ...answered[0], latencySeconds: 0 }, {
      type: 'answered', lesson: 'worked-example', walkthrough: 'worked-example-practice', exercise: 'weight-k2', interaction: 'numeric',
      response: '0.506', correct: false, misconception: 'dividedByDk', attempt: 1, latencySeconds: 0,
    });
    assert.ok(answered[0].latencySeconds >= 0);
    // The first answer is the one scored: the right one after it is recorded, and changes nothing.
    assert.deepEqual(progress('score').at(-1), { type: 'score', lesson: 'worked-example', walkthrough: 'worked-example-practice', correct: 0, answered: 1, total: 4 });
    assert.deepEqual(answered.map((a) => [a.attempt, a.correct]), [[1, false], [2, true]]);
  });

  test('a text that is not a number is refused and not counted', async () => {
    const { s, exercise, progress } = await practice();
    assert.deepEqual(s.answer(exercise('score-k2'), 'three'), { error: '“three” is not a finite number; type one like 0.5 or -2.' });
    assert.equal(progress('answered').length, 0);
    assert.equal(s.feedbackOf(exercise('score-k2')), undefined);
  });

  test('edited inputs change the expected numbers, so earlier answers are forgotten', async () => {
    const { s, exercise } = await practice();
    s.answer(exercise('score-k2'), '3');
    assert.equal(s.editCell(s.steps[0].panels.find((p) => p.name === 'query'), 0, 0, '2'), undefined);
    assert.equal(s.feedbackOf(exercise('score-k2')), undefined);
    assert.equal(s.answer(exercise('score-k2'), '4').correct, true, 'q = (2, 2) scores k₂ = (1, 1) as 4');
  });

  test('“which key gets the most weight?”: the engine’s weights decide, and a wrong pick is told its weight', async () => {
    const { s, exercise, progress } = await practice('try-attention-from-scratch');
    const predict = exercise('predict');
    // Two exercises after one step come in the file's order.
    const ids = s.steps.map((step) => step.id);
    assert.deepEqual(ids.slice(0, 6), ['inputs', 'exercise-order', 'scores', 'exercise-scaled', 'scale', 'exercise-predict']);
    const panel = s.steps.find((step) => step.id === 'exercise-predict').panels[0];
    assert.deepEqual(panel.choices.map((c) => c.label), ['k₀', 'k₁', 'k₂', 'k₃', 'k₄', 'k₅']);
    const wrong = s.answer(predict, '5');
    assert.equal(wrong.correct, false);
    assert.equal(wrong.message, 'k₅ gets 0.103; another key gets more. Try again.');
    const right = s.answer(predict, '1');
    assert.equal(right.correct, true);
    assert.match(right.message, /^Right: k₁ gets 0\.334, the largest weight of the row\./);
    assert.deepEqual(progress('answered').map((a) => [a.interaction, a.response, a.correct]), [['choice', '5', false], ['choice', '1', true]]);
    assert.deepEqual(s.answer(predict, '7'), { error: 'Pick one of the keys k₀, k₁, k₂, k₃, k₄, k₅.' });
    assert.deepEqual(s.answer(predict, ''), { error: 'Pick one of the keys k₀, k₁, k₂, k₃, k₄, k₅.' });
  });

  test('a key the mask blocks, which would win without it, is named as the forgotten mask', async () => {
    const { s, exercise } = await practice('causal-mask-practice');
    const predict = exercise('predict-like');
    // "like" = (0, 1) scores "like" and "green" alike (1 each): without the mask they tie.
    const blocked = s.answer(predict, '2');
    assert.equal(blocked.misconception, 'maskIgnored');
    assert.match(blocked.message, /^Without the mask green would tie with like for the most weight, but the mask blocks green for this query: its weight is 0\./);
    const plainBlocked = s.answer(predict, '3');
    assert.equal(plainBlocked.misconception, null);
    assert.match(plainBlocked.message, /^The mask blocks tea for this query: its weight is 0\. like gets the most weight, 0\.670\.$/);
    assert.equal(s.answer(predict, '1').correct, true);
  });

  test('a key tied for the most weight is said to tie, right or masked', async () => {
    // Without its mask, "like" = (0, 1) scores "like" and "green" alike; unmasked, both are right.
    const walkthrough = structuredClone(SHIPPED.get('causal-mask-practice'));
    walkthrough.inputs.mask = undefined;
    const s = new Session(lab, { find: () => walkthrough, fallback: walkthrough.id });
    assert.equal(await s.open({ walkthrough: walkthrough.id, step: 'inputs' }), true);
    const predict = walkthrough.exercises.find((e) => e.id === 'predict-like');
    const green = s.answer(predict, '2');
    assert.equal(green.correct, true);
    assert.match(green.message, /^Right: green gets 0\.\d{3}, the largest weight of the row, tied with like: their scaled scores are equal/);
    assert.match(s.answer(predict, '1').message, /^Right: like gets 0\.\d{3}, the largest weight of the row, tied with green/);
  });

  test('a cell tied with another (two copies of a word) is said to tie, each named by its place', async () => {
    // "the" comes twice in the sentence: the same vector, so both rows give the same weights.
    const { s } = await practice('sentence-self-attention');
    const weights = s.steps.find((step) => step.id === 'heads').panels.find((p) => p.name === 'head-0-weights').data;
    const column = weights[0].findIndex((_, j) => Math.max(...weights.map((row) => row[j])) === weights[0][j]);
    assert.ok(column >= 0, 'a column whose largest weight is the two “the” rows’');
    const exercise = { id: 'tie', type: 'pick-cell', title: 'Your turn', prompt: 'Pick the largest.', after: 'heads', step: 'heads', panel: 'head-0-weights', rule: 'max', column };
    const right = s.answer(exercise, `r4c${column}`);
    assert.equal(right.correct, true);
    assert.match(right.message, /^Right: “the” \(row 5\) holds 0\.\d{3}, the largest number of column “[a-z]+”, tied with “the” \(row 1\)\.$/);
  });

  test('the passes put in order: first shown out of order, a swapped pair told why, mask and scaling accepted either way', async () => {
    const { s, exercise } = await practice('try-causal-six');
    const order = exercise('order');
    const panel = s.steps.find((step) => step.id === 'exercise-order').panels[0];
    const right = ['scores', 'scale', 'mask', 'softmax', 'output'];
    assert.deepEqual([...panel.choices.map((c) => c.value)].sort(), [...right].sort());
    assert.ok(panel.choices.every((c, i) => c.value !== right[i]), `every item starts out of place: ${panel.choices.map((c) => c.value)}`);
    assert.deepEqual(panel.choices.map((c) => c.label).sort(), ['Mask', 'Scale', 'Scores', 'Softmax', 'Weighted sum']);
    const softmaxFirst = s.answer(order, 'scores,softmax,scale,mask,output');
    assert.equal(softmaxFirst.correct, false);
    assert.match(softmaxFirst.message, /^The division by √d_k comes before the softmax/);
    const maskLate = s.answer(order, 'scores,scale,softmax,mask,output');
    assert.match(maskLate.message, /^The mask goes on the scores before the softmax: a weight blocked after it would leave the row summing to less than 1\. The order is: /);
    assert.equal(s.answer(order, 'scores,mask,scale,softmax,output').correct, true);
    const done = s.answer(order, right.join(','));
    assert.equal(done.correct, true);
    assert.equal(done.message, 'Right: Scores → Scale → Mask → Softmax → Weighted sum.');
    assert.match(s.answer(order, 'scores,scale').error, /^Order all 5 steps/);
  });

  test('every shipped exercise can be answered right: the engine’s own value, key or order is accepted', async () => {
    for (const [id, walkthrough] of SHIPPED) {
      if (!walkthrough.exercises) continue;
      const { s } = await practice(id);
      for (const e of walkthrough.exercises) {
        const panel = s.steps.find((step) => step.id === `exercise-${e.id}`).panels[0];
        let answer;
        if (e.type === 'numeric') answer = String(lab.diagnose({ query: s.inputs.query, key: s.inputs.key, value: s.inputs.value, ...(s.inputs.mask ? { mask: s.inputs.mask } : {}), stage: e.stage, row: e.row, column: e.column, answer: 0 }).expected);
        else if (e.type === 'pick-key') {
          const weights = lab.attention({ query: s.inputs.query, key: s.inputs.key, value: s.inputs.value, ...(s.inputs.mask ? { mask: s.inputs.mask } : {}) }).weights[e.row];
          answer = String(weights.indexOf(Math.max(...weights)));
        } else if (e.type === 'value') {
          answer = String(s.steps.find((step) => step.id === e.step).panels.find((p) => p.name === e.panel).data[e.row][e.column]);
        } else if (e.type === 'cost-growth') {
          const count = (n) => lab.measureCost({ variant: e.variant, n, d: s.inputs.d, block: s.inputs.block, window: s.inputs.window, seed: s.inputs.seed, repeats: 1 })[e.measure];
          answer = String(count(2 * e.n) / count(e.n));
        } else if (e.type === 'pick-cell') {
          answer = pickedByRule(e, s.steps.find((step) => step.id === e.step).panels.find((p) => p.name === e.panel));
        } else if (e.type === 'rope-numeric') {
          const { width, seed, queryPosition: m, keyPosition: n, shift, base, convention } = s.inputs;
          const [q, k] = lab.randomMatrix({ rows: 2, cols: width, seed });
          answer = String(lab.diagnoseRope({ query: [q, q], key: [k, k], value: [k, k], queryPositions: [m, m + shift], keyPositions: [n, n + shift], base, convention, stage: e.stage, row: e.row, column: e.column, answer: 0 }).expected);
        } else if (e.type === 'alibi-numeric') {
          const heads = e.otherHeads ? s.inputs.otherHeads : s.inputs.heads;
          const tokens = lab.randomMatrix({ rows: s.inputs.length, cols: heads * s.inputs.headWidth, seed: s.inputs.seed });
          const { query, key, value } = lab.multiHeadAttention({ query: tokens, key: tokens, value: tokens, heads, seed: s.inputs.seed, positional: 'alibi', mask: 'causal' }).heads[e.head];
          answer = String(lab.diagnoseAlibi({ query, key, value, heads, head: e.head, stage: e.stage, row: e.row, column: e.column, answer: 0 }).expected);
        } else if (e.type === 'grouped-query-numeric') {
          const { heads, kvHeads, layers, dModel } = e;
          answer = String(lab.diagnoseGroupedQuery({ stage: e.stage, heads, kvHeads, layers, dModel, head: e.head ?? 0, length: e.length ?? 1, bytesPerNumber: e.bytesPerNumber ?? 2, answer: 0 }).expected);
        } else if (e.type === 'window-numeric') {
          const { length, width, seed, pull, window, sinks, layers } = s.inputs;
          const tokens = lab.randomMatrix({ rows: length, cols: width, seed }).map((row, t) => [...row, t === 0 ? pull : 1]);
          answer = String(lab.diagnoseSlidingWindow({ query: tokens, key: tokens, value: tokens, window, sinks, layers, stage: e.stage, row: e.row, column: e.column, answer: 0 }).expected);
        } else if (e.type === 'tokens-numeric') {
          const { text, merges, newText } = s.inputs;
          answer = String(lab.diagnoseTokenizer({ text, merges, newText, question: e.question, ...(e.merge === undefined ? {} : { merge: e.merge }), answer: 0 }).expected);
        } else answer = s.steps.filter((step) => step.id !== 'inputs' && !step.id.startsWith('exercise-')).map((step) => step.id).join(',');
        assert.equal(s.answer(e, answer).correct, true, `${id}: ${e.id}`);
        assert.ok(panel.exercise === e);
      }
    }
  });

  test('a value exercise pointing at a panel or cell the built steps do not have is refused when the walkthrough opens, naming the field', async () => {
    for (const [change, message] of [
      [(e) => { e.panel = 'residual'; }, 'exercises[0].panel: expected a matrix of step "add-norm-1" ("residual1", "norm1"), got "residual"'],
      [(e) => { e.step = 'add-norm'; }, 'exercises[0].step: expected one of the walkthrough\'s steps ("input", "attention", "add-norm-1", "feed-forward", "add-norm-2", "parameters"), got "add-norm"'],
      [(e) => { e.row = 6; }, 'exercises[0].row: expected a row of residual1, 0 to 5, got 6'],
    ]) {
      const walkthrough = structuredClone(SHIPPED.get('encoder-layer'));
      change(walkthrough.exercises[0]);
      await refusedWith(walkthrough, message);
    }
  });

  test('a value exercise is graded against the engine’s number in its panel, within its tolerance', async () => {
    const { s, exercise, progress } = await practice('positional-encoding');
    const sine = exercise('sine');
    assert.equal(s.answer(sine, '0.5').message, 'Not quite. Try again.');
    const right = s.answer(sine, String(Math.sin(10)));
    assert.equal(right.correct, true);
    assert.equal(right.message, `Right: the engine’s value is ${Math.sin(10).toFixed(4).replace('-', '−')}.`);
    assert.deepEqual(progress('answered').map((a) => [a.interaction, a.correct]), [['numeric', false], ['numeric', true]]);
  });

  test('a cell is picked: the engine’s weights decide, a wrong cell is told its number, the host hears a choice', async () => {
    const { s, exercise, progress } = await practice('multi-head');
    const on = exercise('head-1-on');
    const panel = s.steps.find((step) => step.id === 'exercise-head-1-on').panels[0];
    const weights = s.steps.find((step) => step.id === 'heads').panels.find((p) => p.name === 'head-0-weights').data;
    // The grid is the head's weights as the heads step shows them, and only row "on" is picked from.
    assert.deepEqual(panel.grid.data, weights);
    assert.equal(panel.grid.row, 3);
    assert.deepEqual(panel.choices.map((c) => c.label), ['on, the', 'on, cat', 'on, sat', 'on, on', 'on, the', 'on, mat']);
    const best = weights[3].indexOf(Math.max(...weights[3]));
    const wrong = best === 0 ? 1 : 0;
    const told = s.answer(on, `r3c${wrong}`);
    assert.equal(told.correct, false);
    // A word that comes twice ("the") is named with its place.
    const labels = panel.grid.colLabels;
    const named = (j) => (labels.indexOf(labels[j]) === labels.lastIndexOf(labels[j]) ? `“${labels[j]}”` : `“${labels[j]}” (column ${j + 1})`);
    assert.equal(told.message, `${named(wrong)} holds ${weights[3][wrong].toFixed(3)}; another cell holds more. Try again.`);
    const right = s.answer(on, `r3c${best}`);
    assert.equal(right.correct, true);
    assert.equal(right.message, `Right: ${named(best)} holds ${weights[3][best].toFixed(3)}, the largest number of row “on”.`);
    assert.deepEqual(progress('answered').map((a) => [a.interaction, a.response, a.correct]), [['choice', `r3c${wrong}`, false], ['choice', `r3c${best}`, true]]);
    // A cell of another row, or no cell, is refused and not counted.
    assert.deepEqual(s.answer(on, 'r2c0'), { error: 'Pick one cell of row “on”.' });
    assert.deepEqual(s.answer(on, ''), { error: 'Pick one cell of row “on”.' });
    assert.equal(progress('answered').length, 2);
  });

  test('in Spanish, a picked cell is told in Spanish, with the decimal comma', async () => {
    const { setLanguage } = await importCompiled('i18n/messages');
    const { setPageLocale } = await importCompiled('model/format');
    const { s, exercise } = await practice('multi-head');
    const on = exercise('head-1-on');
    const weights = s.steps.find((step) => step.id === 'heads').panels.find((p) => p.name === 'head-0-weights').data;
    const best = weights[3].indexOf(Math.max(...weights[3]));
    const wrong = best === 0 ? 1 : 0;
    await setLanguage('es');
    setPageLocale('es');
    try {
      const told = s.answer(on, `r3c${wrong}`);
      assert.match(told.message, new RegExp(`^«[^»]+»( \\(columna \\d\\))? vale ${weights[3][wrong].toFixed(3).replace('.', ',')}; otra celda vale más\\.`), told.message);
      assert.deepEqual(s.answer(on, 'r2c0'), { error: 'Elige una celda de la fila «on».' });
      assert.match(s.answer(on, `r3c${best}`).message, /^Correcto: «[^»]+» vale 0,\d{3}, el número más grande de la fila «on»\.$/);
    } finally {
      await setLanguage('en');
      setPageLocale(undefined);
    }
  });

  test('tied cells are all right, and after two wrong picks the right ones are named', async () => {
    // "the" comes twice: the same word has the same key, so every row weighs both alike.
    const walkthrough = structuredClone(SHIPPED.get('sentence-self-attention'));
    walkthrough.exercises = [{ id: 'the', type: 'pick-cell', title: 'Pick', prompt: 'Which word does “sat” attend to most?', step: 'heads', panel: 'head-0-weights', rule: 'max', row: 2 }];
    const s = new Session(lab, { find: () => walkthrough, fallback: 'sentence-self-attention' });
    assert.equal(await s.open({ walkthrough: 'sentence-self-attention', step: 'embed' }), true);
    const weights = s.steps.find((step) => step.id === 'heads').panels.find((p) => p.name === 'head-0-weights').data[2];
    assert.equal(weights[0], weights[4], 'both "the"s get the same weight');
    const [e] = walkthrough.exercises;
    const best = weights.indexOf(Math.max(...weights));
    const other = weights.findIndex((w) => w !== weights[best]);
    s.answer(e, `r2c${other}`);
    const second = s.answer(e, `r2c${other}`);
    const tied = weights.flatMap((w, j) => (w === weights[best] ? [j] : []));
    assert.match(second.message, tied.length > 1
      ? new RegExp(`The largest number of row “sat”, ${weights[best].toFixed(3)}, is at “the” \\(column 1\\) and at “the” \\(column 5\\)\\.$`)
      : /The largest number of row “sat” is at “.+”: \d\.\d{3}\.$/);
    for (const j of tied) assert.equal(s.answer(e, `r2c${j}`).correct, true);
  });

  test('a score the mask blocks is picked; one the mask lets through is told so', async () => {
    const walkthrough = structuredClone(SHIPPED.get('try-causal-six'));
    walkthrough.exercises = [{ id: 'blocked', type: 'pick-cell', title: 'Blocked', prompt: 'Click a score of the second row the mask blocks.', after: 'scale', step: 'mask', panel: 'masked', rule: 'blocked', row: 1 }];
    const s = new Session(lab, { find: () => walkthrough, fallback: 'try-causal-six' });
    assert.equal(await s.open({ walkthrough: 'try-causal-six', step: 'inputs' }), true);
    const [e] = walkthrough.exercises;
    const panel = s.steps.find((step) => step.id === 'exercise-blocked').panels[0];
    assert.ok(panel.grid.blocked, 'the grid shows the mask');
    const label = (j) => panel.grid.colLabels[j];
    assert.match(s.answer(e, 'r1c0').message, new RegExp(`^The mask lets “${label(0)}” through: it holds -?\\d`));
    assert.equal(s.answer(e, 'r1c2').message, `Right: the mask blocks “${label(2)}”: it gets no weight.`);
  });

  test('numbers hidden: the grid has the labels only, to predict before the step that shows them', async () => {
    const { s, exercise } = await practice('key-moves');
    const panel = s.steps.find((step) => step.id === 'exercise-predict-most').panels[0];
    assert.equal(panel.grid.data, undefined);
    assert.deepEqual(panel.grid.colLabels, ['k₀', 'k₁', 'k₂']);
    // Nor does a hidden grid show the mask, which would give a blocked cell away.
    const blocked = (await practice('causal-mask')).s.steps.find((step) => step.id === 'exercise-blocked-for-like').panels[0];
    assert.deepEqual([blocked.grid.data, blocked.grid.blocked, blocked.grid.row], [undefined, undefined, 1]);
    assert.deepEqual(s.steps.map((step) => step.id).slice(0, 5), ['inputs', 'scores', 'exercise-predict-most', 'exercise-predict-least', 'scale'], 'two after one step come in the file’s order');
    assert.equal(s.answer(exercise('predict-most'), 'r0c0').correct, true);
    assert.equal(s.answer(exercise('predict-least'), 'r0c2').correct, true);
  });

  test('a pick-cell exercise pointing at a panel, row or column the steps do not have, or a rule no cell meets, is refused when the walkthrough opens', async () => {
    for (const [id, change, message] of [
      ['multi-head', (e) => { e.panel = 'head-9-weights'; }, 'exercises[0].panel: expected a matrix of step "heads" ("head-0-weights", "head-1-weights", "head-2-weights", "head-3-weights"), got "head-9-weights"'],
      ['multi-head', (e) => { e.row = 6; }, 'exercises[0].row: expected a row of head-0-weights, 0 to 5, got 6'],
      ['cross-attention', (e) => { delete e.row; e.column = 5; }, 'exercises[0].column: expected a column of head-0-weights, 0 to 4, got 5'],
      ['multi-head', (e) => { e.rule = 'blocked'; }, 'exercises[0].rule: expected a rule a cell there meets ("head-0-weights" has no blocked cell there), got "blocked"'],
      ['positional-encoding', (e) => { Object.assign(e, { type: 'pick-cell', rule: 'max', step: 'encoding', panel: 'encoding', row: 0 }); delete e.column; delete e.tolerance; }, 'exercises[0].panel: expected a matrix of at most 24 rows and 24 columns to pick from, got "encoding" (50 × 128)'],
    ]) {
      const walkthrough = structuredClone(SHIPPED.get(id));
      walkthrough.exercises = walkthrough.exercises.slice(0, 1);
      change(walkthrough.exercises[0]);
      await refusedWith(walkthrough, message);
    }
  });

  test('the cost lab asks how a count grows when n doubles: the engine’s measureCost decides, a linear guess for a quadratic cost is named', async () => {
    const { s, exercise, progress } = await practice('attention-cost');
    const work = exercise('full-work');
    const slip = s.answer(work, '2');
    assert.equal(slip.correct, false);
    assert.equal(slip.message, 'Not quite. That is how a cost linear in n grows; this one grows with n², so doubling n multiplies it by 2². Try again.');
    const right = s.answer(work, '4');
    assert.equal(right.correct, true);
    assert.equal(right.message, 'Right: the engine counts 8,388,608 multiply-adds at n = 256 and 33,554,432 at n = 512, ×4.');
    assert.equal(s.answer(exercise('flash-memory'), '1').correct, true, 'one tile at a time: the same largest intermediate');
    assert.equal(s.answer(exercise('linear-work'), '4').message, 'Not quite. That is how a cost quadratic in n grows; this one grows about linearly in n. Try again.');
    assert.deepEqual(progress('answered').map((a) => a.interaction), ['numeric', 'numeric', 'numeric', 'numeric']);
    assert.deepEqual(s.answer(work, 'four'), { error: s.answer(work, 'four').error });
    assert.match(s.answer(work, 'four').error, /finite number/);
  });

  test('on a trained layer (two heads, the task’s probe for a sentence) the questions stay, graded on its weights', async () => {
    const { trainedLayer } = await importCompiled('model/trained-layer');
    const options = { task: 'reverse', seed: 0 };
    const trainer = lab.createTrainer(options);
    trainer.step(5);
    const layer = trainedLayer({ options, steps: 5, layer: 0 }, trainer.status().options, trainer.attention(), trainer.parameters());
    trainer.dispose();
    for (const id of ['multi-head', 'sentence-self-attention']) {
      const s = new Session(lab, { find: (name) => SHIPPED.get(name), fallback: 'worked-example' });
      const notices = [];
      s.subscribe((event) => event.type === 'notice' && notices.push(event.message));
      assert.equal(await s.open({ walkthrough: id, step: 'heads' }, layer), true, notices.join(' | '));
      assert.deepEqual(notices, []);
      for (const e of SHIPPED.get(id).exercises) {
        const panel = s.steps.find((step) => step.id === e.step).panels.find((p) => p.name === e.panel);
        assert.equal(s.answer(e, pickedByRule(e, panel)).correct, true, `${id}: ${e.id}`);
      }
    }
  });
});
