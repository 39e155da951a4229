// The lesson "Inside the model" without a browser: every head's weights, the head atlas, the
// losses with a head switched off, the logit lens and the rollout are the engine's (the language
// model's attention, headScores, ablate, tokenLosses, logitLens; attentionRollout); explanations
// end in the cell's value; the text is editable, the head a link keeps (its layer and head counted
// from 1, as every lesson counts them), a head the model lacks refused; the exercises are graded on the engine's scores and ablations.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import '../support/json-modules.mjs';
import { importCompiled } from '../support/compiled.mjs';
import { lessonSession } from '../support/lesson-session.mjs';

const lab = await loadAttentionLab();
const { parseWalkthrough } = await importCompiled('authoring/validate-walkthrough');
const { readLink, writeLink } = await importCompiled('state/url-state');
const { Session } = await importCompiled('session/session');
const { loadLessonModel } = await importCompiled('session/language-model-source');
const { findNameCopies } = await importCompiled('kinds/inside-model/labels');

const INSIDE = JSON.parse(readFileSync(new URL('../../web/src/walkthroughs/inside-the-model.json', import.meta.url), 'utf8'));
const { text, name, residual } = INSIDE.inputs;
// The lesson counts layers and heads from 1, the engine from 0: the head in focus, as the engine names it.
const layer = INSIDE.inputs.layer - 1, head = INSIDE.inputs.head - 1;

const { opened, panelOf, fieldOf } = lessonSession(lab, INSIDE, 'attention');
const model = await loadLessonModel(lab);
const { layers, heads } = model.config();
const attention = model.attention({ text });
const copies = findNameCopies(attention.pieces, name);
/** Every head in the order of the per-head tables. */
const everyHead = Array.from({ length: layers * heads }, (_, k) => ({ layer: Math.floor(k / heads), head: k % heads }));
/** What a model with head (l, h) switched off answers, freed after. */
const withHeadOff = (/** @type {number} */ l, /** @type {number} */ h, /** @type {(m: any) => any} */ read) => {
  const off = model.ablate({ layer: l, head: h });
  try { return read(off); } finally { off.dispose(); }
};
const argmaxCells = (/** @type {number[][]} */ data) => {
  const best = Math.max(...data.flat());
  return data.flatMap((row, i) => row.flatMap((x, j) => (x === best ? [`r${i}c${j}`] : [])));
};

describe('inside the model', () => {
  test('its steps, in the order of the lesson, exercises among them', async () => {
    const { s } = await opened();
    assert.deepEqual(s.steps.map((/** @type {any} */ step) => step.id),
      ['attention', 'exercise-find-induction-head', 'atlas', 'exercise-head-that-matters', 'ablate', 'lens', 'rollout']);
  });

  test('the name is found twice among the tokens, and each head’s weight from the second copy to the character after the first is the engine’s', async () => {
    const { s } = await opened();
    assert.ok(copies, 'Valdomir twice');
    assert.equal(copies.first.length, name.length);
    assert.equal(attention.pieces.slice(copies.second[0], copies.second[0] + name.length).join(''), name);
    const table = panelOf(s, 'attention', 'copy-weights');
    assert.deepEqual(table.data, copies.second.map((q, k) => everyHead.map((h) => attention.weights[h.layer][h.head][q][copies.first[k] + 1])));
    assert.deepEqual(table.rowLabels.slice(0, 3), ['V→a', 'a→l', 'l→d']);
    assert.equal(table.rowLabels.at(-1), 'r→␣', 'the last character of the name points at the space after its first copy');
    assert.deepEqual(table.colLabels, everyHead.map((h) => `L${h.layer + 1} H${h.head + 1}`));
    const weights = panelOf(s, 'attention', 'head-weights');
    assert.deepEqual(weights.data, attention.weights[layer][head]);
    assert.equal(weights.rowLabels[1], '␣', 'a space drawn as ␣');
    assert.match(s.explain(weights, 1, 4).note, /the causal mask blocks it/);
  });

  test('the head atlas is headScores for each pattern, layer by head, the head in focus marked', async () => {
    const { s } = await opened('atlas');
    for (const pattern of ['previous-token', 'induction', 'first-token']) {
      const panel = panelOf(s, 'atlas', pattern);
      assert.deepEqual(panel.data, model.headScores({ pattern }).scores, pattern);
      assert.deepEqual(panel.focus, [[layer, head]]);
      assert.deepEqual(panel.rowLabels, Array.from({ length: layers }, (_, l) => `layer ${l + 1}`));
    }
    const induction = model.headScores({ pattern: 'induction' });
    const facts = Object.fromEntries(panelOf(s, 'atlas', 'atlas-facts').facts);
    assert.equal(facts['tokens in the random sequence, read twice'], String(induction.tokens.length / 2));
    // The shipped model copies; the seeded stand-in of the page's model source does not.
    assert.match(s.steps.find((/** @type {any} */ step) => step.id === 'atlas').text,
      induction.secondCopyLoss < induction.firstCopyLoss ? /copying makes the second easier/ : /this model has not learned to copy/);
  });

  test('switching a head off: each prediction’s loss with every head and with it off, and both copies’ losses with each head off in turn', async () => {
    const { s } = await opened('ablate');
    const losses = panelOf(s, 'ablate', 'losses');
    const all = model.tokenLosses({ text });
    const off = withHeadOff(layer, head, (m) => m.tokenLosses({ text }));
    assert.deepEqual(losses.data, all.losses.map((x, i) => [x, off.losses[i]]));
    assert.notDeepEqual(off.losses, all.losses, 'the head changes something');
    assert.equal(losses.rowLabels[0], 'I→␣');
    assert.deepEqual(losses.focus, copies.second.slice(0, -1).flatMap((i) => [[i, 0], [i, 1]]), 'the second copy after its first character');
    const copyLosses = panelOf(s, 'ablate', 'copy-losses');
    const base = model.headScores({ pattern: 'induction' });
    assert.deepEqual(copyLosses.data, [[base.firstCopyLoss, base.secondCopyLoss],
      ...everyHead.map((h) => withHeadOff(h.layer, h.head, (m) => { const r = m.headScores({ pattern: 'induction' }); return [r.firstCopyLoss, r.secondCopyLoss]; }))]);
    assert.deepEqual(copyLosses.focus, [[1 + layer * heads + head, 1]]);
  });

  test('the logit lens: each reading’s top token as the cell’s words beside its probability, and the probability of the token that came', async () => {
    const { s } = await opened('lens');
    const lens = model.logitLens({ text });
    const top = panelOf(s, 'lens', 'lens-top');
    assert.equal(top.colLabels.length, layers + 1);
    assert.deepEqual(top.data, lens.tokens.map((_, i) => lens.layers.map((r) => r.topProbabilities[i])));
    assert.deepEqual(top.cellText[0], lens.layers.map((r) => r.topPieces[0].replace(/ /g, '␣').replace(/\n/g, '⏎')));
    const next = panelOf(s, 'lens', 'lens-next');
    assert.deepEqual(next.data, lens.tokens.slice(0, -1).map((_, i) => lens.layers.map((r) => r.probabilities[i][lens.tokens[i + 1]])));
  });

  test('attention rollout is attentionRollout of every layer’s weights with the walkthrough’s residual', async () => {
    const { s } = await opened('rollout');
    const rollout = lab.attentionRollout({ layers: attention.weights, residual });
    assert.deepEqual(panelOf(s, 'rollout', 'rollout').data, rollout.rollout.at(-1));
    s.changeParameter(fieldOf(s, 'residual'), '0.9');
    assert.deepEqual(panelOf(s, 'rollout', 'rollout').data, lab.attentionRollout({ layers: attention.weights, residual: 0.9 }).rollout.at(-1));
  });

  test('explain this number: a copy weight, a score, a loss, a lens reading, a rollout cell, each ending in the engine’s value', async () => {
    const { s } = await opened('rollout');
    const endsIn = (/** @type {any} */ panel, /** @type {number} */ i, /** @type {number} */ j) => {
      const e = s.explain(panel, i, j);
      assert.ok(e, `${panel.name} explains (${i}, ${j})`);
      assert.ok(e.lines.at(-1).endsWith(`= ${e.lines.at(-1).split('= ').at(-1)}`));
      assert.equal(Number(e.exact), panel.data[i][j]);
      return e;
    };
    const copy = endsIn(panelOf(s, 'attention', 'copy-weights'), 0, 4);
    assert.match(copy.lines[0], new RegExp(`^a₀₄ = A₂,₁\\[${copies.second[0]}, ${copies.first[0] + 1}\\] = `));
    assert.match(copy.note, /head L2 H1’s attention from the second copy’s “V”/);
    assert.match(endsIn(panelOf(s, 'atlas', 'induction'), 1, 2).note, /weights\(L \+ j, j \+ 1\)/);
    const loss = endsIn(panelOf(s, 'ablate', 'losses'), 3, 1);
    assert.match(loss.lines[0], /^ℒ₃ = −ln p\(x₄ \| x₀ … x₃\) = /);
    assert.deepEqual(loss.related, [{ panel: 'losses', row: 3, col: 0 }]);
    assert.match(endsIn(panelOf(s, 'lens', 'lens-top'), 0, 0).lines[0], /^max p₀ = p\(.+\) = /);
    assert.match(endsIn(panelOf(s, 'lens', 'lens-next'), 0, 2).note, /“␣”, which came next, after “I”/);
    const rolled = endsIn(panelOf(s, 'rollout', 'rollout'), 5, 2);
    assert.equal(rolled.lines[0], 'R₅,₂ = Σₖ Ã₅,ₖ · R′ₖ,₂');
    assert.equal(rolled.lines[1].split(' + ').length, 4, 'keys 2 … 5 carry anything under the causal mask');
  });

  test('the text and the head are editable; a name not there twice is said, a head the model lacks is refused, counted from 1 as the lesson counts', async () => {
    const { s, notices } = await opened('ablate');
    s.changeParameter(fieldOf(s, 'text'), 'Ann saw Ann.');
    s.changeParameter(fieldOf(s, 'name'), 'Ann');
    assert.deepEqual(panelOf(s, 'ablate', 'losses').data.map((/** @type {number[]} */ r) => r[0]), model.tokenLosses({ text: 'Ann saw Ann.' }).losses);
    assert.deepEqual(panelOf(s, 'attention', 'copy-weights').rowLabels, ['A→n', 'n→n', 'n→␣']);
    s.changeParameter(fieldOf(s, 'name'), 'Bob');
    assert.equal(panelOf(s, 'attention', 'copy-weights'), undefined);
    assert.match(s.steps[0].text, /The name “Bob” does not occur twice/);
    const field = fieldOf(s, 'layer');
    assert.equal(field.min, 1, 'layers counted from 1, as the page counts them');
    assert.equal(field.max, layers, 'the control’s range is the model’s');
    const before = s.inputs;
    s.changeParameter(field, String(layers + 1));
    assert.equal(s.inputs, before);
    assert.equal(notices.at(-1), `layer: expected at most ${layers}, got ${layers + 1}.`);
    // A link may name any layer up to the format's 8: one the model lacks is refused, in the lesson's count.
    const linked = new Session(lab, { find: () => INSIDE, fallback: INSIDE.id });
    /** @type {string[]} */
    const said = [];
    linked.subscribe((/** @type {any} */ e) => { if (e.type === 'notice') said.push(e.message); });
    assert.equal(await linked.open({ walkthrough: INSIDE.id, step: 'ablate', inputs: { ...INSIDE.inputs, layer: layers + 1 } }), false);
    assert.match(said.join('\n'), new RegExp(`layer: expected a layer from 1 to ${layers}, got ${layers + 1}`));
    assert.match(parseWalkthrough({ ...INSIDE, id: 'mine', inputs: { ...INSIDE.inputs, text: 'x'.repeat(101) } }).error, /^inputs\.text: expected a text of 2 to 100 bytes of UTF-8/);
  });

  test('a link keeps the text, the name, the head and the residual weight, and opens on them', async () => {
    const inputs = { text: "Kate, sweet Kate: 'Kate' 3", name: 'Kate', layer: 1, head: 4, residual: 0.25 };
    const url = new URL(writeLink({ walkthrough: 'inside-the-model', step: 'ablate', inputs }), 'http://lab.test/');
    const { state, notices } = readLink({ search: url.search, hash: url.hash });
    assert.deepEqual(notices, []);
    assert.deepEqual(state, { walkthrough: 'inside-the-model', step: 'ablate', inputs });
    const { s } = await opened('ablate', state.inputs);
    assert.deepEqual(panelOf(s, 'ablate', 'losses').data.map((/** @type {number[]} */ r) => r[1]), withHeadOff(0, 3, (m) => m.tokenLosses({ text: inputs.text }).losses));
  });

  test('the exercises are graded on the engine’s induction scores and ablations: the right head is the largest, another is told its number', async () => {
    const { s } = await opened();
    const exercise = (/** @type {string} */ id) => INSIDE.exercises.find((/** @type {any} */ e) => e.id === id);
    const find = exercise('find-induction-head');
    const [right] = argmaxCells(model.headScores({ pattern: 'induction' }).scores);
    assert.equal(s.answer(find, right).correct, true);
    const wrong = ['r0c0', 'r0c1'].find((c) => c !== right);
    const graded = s.answer(find, wrong);
    assert.equal(graded.correct, false);
    assert.match(graded.message, /^Head 0, …|less|more|largest/i);

    const matters = exercise('head-that-matters');
    const secondCopy = panelOf(s, 'ablate', 'copy-losses').data.map((/** @type {number[]} */ r) => [r[1]]);
    const best = argmaxCells(secondCopy)[0].replace(/c0$/, 'c1');
    assert.equal(s.answer(matters, best).correct, true);
    assert.ok(s.answer(matters, 'r0c0').error, 'only the second copy’s column is picked from');
  });
});
