// The lessons "Self-attention on a sentence" and "Multi-head attention" open on words: the
// sentence with its random (seeded, untrained) weights, said so on every step, never the reverse
// task's digits as if they were a sentence. The trained layer the page ships (the toy task
// reverse, model/trained-reverse.json) stays a choice, labelled for what it is (digits of a toy
// task), kept in the link as the run it comes from. Their exercises ask about what is on screen:
// the pick names the row or column by its label, and the engine's weights grade it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import '../support/json-modules.mjs';
import { importCompiled } from '../support/compiled.mjs';
import { SHIPPED, shippedSession } from '../support/shipped-walkthroughs.mjs';

const lab = await loadAttentionLab();
const { Session } = await importCompiled('session/session');
const { readLink, writeLink } = await importCompiled('state/url-state');
const { weightsStatement, weightsLabel, QUICK_TRAINING } = await importCompiled('model/trained-layer');
const { shippedLayer } = await importCompiled('model/shipped-trained');

const FILE = JSON.parse(readFileSync(new URL('../../web/src/model/trained-reverse.json', import.meta.url), 'utf8'));
const SENTENCE = ['the', 'cat', 'sat', 'on', 'the', 'mat'];

const at = (link) => {
  const url = new URL(link, 'http://lab.test/');
  return { search: url.search, hash: url.hash };
};

const session = () => shippedSession(lab, Session);

const panel = (s, name) => s.step.panels.find((p) => p.name === name);
const exerciseStep = (s, id) => s.steps.find((step) => step.id === `exercise-${id}`);

describe('the shipped trained layer', () => {
  test('is the trainer’s layer 0 as the file keeps it, with its held-out evaluation, labelled as a toy task on digits', () => {
    const layer = shippedLayer(FILE);
    assert.deepEqual(layer.source, QUICK_TRAINING);
    assert.deepEqual(layer.weights.wQ, FILE.parameters['layer0.attention.wQ']);
    assert.deepEqual(layer.input, FILE.attention.inputs[0]);
    assert.deepEqual(layer.evaluation, FILE.evaluation);
    assert.equal(weightsStatement(layer), 'These weights were trained on the toy task “reverse” on digits for 300 steps (held-out accuracy 100 %): the pattern is what the model learned there, not anything about words.');
    assert.equal(weightsLabel(layer, 7), 'Trained weights: the toy task “reverse” on digits, seed 0, 300 steps, layer 1 of 1');
    assert.equal(weightsStatement(undefined), 'These weights are random (untrained): the pattern is exact arithmetic, but it means nothing yet.');
  });
});

describe('the sentence and multi-head lessons', () => {
  for (const walkthrough of ['sentence-self-attention', 'multi-head']) {
    test(`${walkthrough} opens on the sentence’s words with random weights, said so, and a short link`, async () => {
      const { s, notices } = session();
      const { state } = readLink(at(`?w=${walkthrough}&step=heads`));
      assert.equal(await s.open(state), true);
      assert.deepEqual(notices, []);
      assert.equal(s.trained, undefined);
      assert.match(s.weightsSource, /^Random, untrained weights \(seed \d+\): nothing learned$/);
      assert.deepEqual(panel(s, 'head-0-weights').rowLabels, SENTENCE);
      assert.deepEqual(panel(s, 'head-0-weights').colLabels, SENTENCE);
      assert.equal(writeLink(s.state), `?w=${walkthrough}&step=heads`);
    });
  }

  test('the trained layer is a choice: the toy task’s digits, kept in the link as its run, and back to the words', async () => {
    const { s } = session();
    await s.open({ walkthrough: 'sentence-self-attention', step: 'heads' }, shippedLayer(FILE));
    assert.deepEqual(panel(s, 'head-0-weights').rowLabels, FILE.attention.tokens);
    for (const [h, weights] of FILE.attention.weights[0].entries()) assert.deepEqual(panel(s, `head-${h}-weights`).data, weights);
    assert.match(s.weightsSource, /^Trained weights: the toy task “reverse” on digits/);
    const link = writeLink(s.state);
    assert.equal(link, '?w=sentence-self-attention&step=heads&train=reverse&steps=300&layer=0');
    assert.deepEqual(readLink(at(link)).state.weights, QUICK_TRAINING);
    await s.useRandomWeights();
    assert.equal(s.trained, undefined);
    assert.equal(s.step.id, 'heads');
    assert.deepEqual(panel(s, 'head-0-weights').rowLabels, SENTENCE);
    assert.equal(writeLink(s.state), '?w=sentence-self-attention&step=heads');
  });

  test('an older link with weights=random opens the same words without a notice; another value is refused with one', () => {
    const old = readLink(at('?w=multi-head&weights=random'));
    assert.deepEqual(old.notices, []);
    assert.equal(writeLink(old.state), '?w=multi-head');
    const read = readLink(at('?w=multi-head&weights=learned'));
    assert.match(read.notices[0], /weights “?learned”? is not “random”/);
  });

  test('edited inputs are the sentence’s: random weights, kept in the link', async () => {
    const { s } = session();
    const inputs = { ...SHIPPED.get('multi-head').inputs, seed: 4 };
    await s.open({ walkthrough: 'multi-head', step: 'inputs', inputs });
    assert.equal(s.trained, undefined);
    assert.match(writeLink(s.state), /^\?w=multi-head&step=embed#in=/);
  });

  test('the walkthroughs that can show trained weights all open on random ones', async () => {
    for (const walkthrough of ['sentence-self-attention', 'multi-head', 'try-one-head', 'encoder-layer']) {
      const { s } = session();
      await s.open({ walkthrough, step: 'inputs' });
      assert.equal(s.trained, undefined, walkthrough);
      assert.doesNotMatch(writeLink(s.state), /weights=|train=/);
    }
  });

  test('exercises written for the random weights never keep the trained layer from opening', async () => {
    // Head 4 exists with the walkthrough's own 4 heads, not in the trained model's 2.
    const exercise = { id: 'head-4', type: 'value', title: 'Your turn', prompt: 'What is head 4’s first weight?', after: 'split', step: 'heads', panel: 'head-3-weights', row: 0, column: 0 };
    const withExercise = { ...SHIPPED.get('multi-head'), exercises: [exercise] };
    const s = new Session(lab, { find: (id) => (id === 'multi-head' ? withExercise : SHIPPED.get(id)), fallback: 'worked-example' });
    assert.equal(await s.open({ walkthrough: 'multi-head', step: 'inputs' }, shippedLayer(FILE)), true);
    assert.deepEqual(s.trained.source, QUICK_TRAINING);
    assert.equal(await s.open({ walkthrough: 'multi-head', step: 'inputs' }), true);
    assert.ok(s.steps.some((step) => step.id === 'exercise-head-4'));
  });
});

describe('their exercises ask about what is on screen', () => {
  const PICKS = { 'sentence-self-attention': ['cat-looks-at', 'mat-looked-at'], 'multi-head': ['head-1-on', 'head-2-on', 'head-2-strongest'] };

  test('no prompt or title calls the tokens words or counts them by place: the pick names its row or column by the label on screen', async () => {
    for (const [walkthrough, ids] of Object.entries(PICKS)) {
      for (const e of SHIPPED.get(walkthrough).exercises) {
        assert.ok(ids.includes(e.id), `${walkthrough}: ${e.id}`);
        assert.doesNotMatch(`${e.title} ${e.prompt}`, /\bwords?\b|\b(second|fourth|last) (word|row|column)\b/, `${walkthrough}: ${e.id}`);
      }
      for (const trained of [undefined, shippedLayer(FILE)]) {
        const { s } = session();
        await s.open({ walkthrough, step: 'inputs' }, trained);
        for (const id of ids) {
          const e = SHIPPED.get(walkthrough).exercises.find((x) => x.id === id);
          const { grid } = exerciseStep(s, id).panels[0];
          const labels = trained ? FILE.attention.tokens : SENTENCE;
          const where = e.row !== undefined ? `row “${labels[e.row]}”` : e.column !== undefined ? `column “${labels[e.column]}”` : 'the matrix';
          assert.equal(grid.task, `pick the largest number of ${where}`, `${walkthrough}: ${id}, ${trained ? 'trained' : 'random'}`);
        }
      }
    }
  });

  test('the engine’s weights grade them, whichever weights are on screen', async () => {
    for (const [walkthrough, ids] of Object.entries(PICKS)) {
      for (const trained of [undefined, shippedLayer(FILE)]) {
        const { s } = session();
        await s.open({ walkthrough, step: 'inputs' }, trained);
        for (const id of ids) {
          const e = SHIPPED.get(walkthrough).exercises.find((x) => x.id === id);
          const weights = s.steps.find((step) => step.id === e.step).panels.find((p) => p.name === e.panel).data;
          const cells = weights.flatMap((row, i) => row.map((x, j) => ({ x, i, j })))
            .filter(({ i, j }) => (e.row === undefined || e.row === i) && (e.column === undefined || e.column === j));
          const top = Math.max(...cells.map((c) => c.x));
          const best = cells.find((c) => c.x === top);
          const worst = cells.find((c) => c.x < top);
          assert.equal(s.answer(e, `r${worst.i}c${worst.j}`).correct, false, `${walkthrough}: ${id}`);
          assert.equal(s.answer(e, `r${best.i}c${best.j}`).correct, true, `${walkthrough}: ${id}`);
        }
      }
    }
  });
});
