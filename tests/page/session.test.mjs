// The page's session (web/src/session/), without a browser: it opens every shipped walkthrough
// with the real engine, steps, recomputes on an edit, keeps its state when the engine refuses,
// resets, reports completion, and explains a number, all through the events views subscribe to.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import '../support/json-modules.mjs';
import { importCompiled } from '../support/compiled.mjs';
import { OWN_VIEW_KINDS, SHIPPED, STEPPED } from '../support/shipped-walkthroughs.mjs';

const lab = await loadAttentionLab();
const { Session } = await importCompiled('session/session');
const { descriptorOf } = await importCompiled('kinds/index');


/** A session over the shipped walkthroughs, with every event it emits recorded in order. */
function session() {
  const s = new Session(lab, { find: (/** @type {string} */ id) => SHIPPED.get(id), fallback: 'worked-example' });
  /** @type {any[]} */
  const events = [];
  s.subscribe((/** @type {any} */ event) => events.push(event));
  const notices = () => events.filter((e) => e.type === 'notice').map((e) => e.message);
  return { s, events, notices };
}

const panel = (/** @type {any} */ s, /** @type {string} */ name) => s.step.panels.find((/** @type {any} */ p) => p.name === name);
/** A control of the step's parameters panels. */
const field = (/** @type {any} */ s, /** @type {string} */ name) =>
  s.step.panels.flatMap((/** @type {any} */ p) => p.fields ?? []).find((/** @type {any} */ f) => f.name === name);

describe('opening a walkthrough', () => {
  for (const [id, walkthrough] of STEPPED) {
    test(`“${id}” opens at its first step, with steps built by the engine and no notice`, async () => {
      const { s, events, notices } = session();
      assert.equal(await s.open({ walkthrough: id, step: 'inputs' }), true);
      assert.ok(s.steps.length >= 2, 'several steps');
      assert.equal(s.index, 0);
      assert.deepEqual(s.state, { walkthrough: id, step: s.steps[0].id, inputs: undefined });
      assert.equal(s.inputs, walkthrough.inputs, 'the walkthrough’s own inputs');
      assert.ok(s.trace !== undefined, 'the trace the steps came from is kept');
      // A lesson that reads the language model says it is loading it first, then that it is done.
      const loading = events.filter((e) => e.type === 'loading').map((e) => e.message === undefined);
      assert.deepEqual(loading, descriptorOf(walkthrough.kind).languageModel ? [false, true] : []);
      const shown = events.filter((e) => e.type !== 'loading');
      assert.deepEqual(shown.slice(0, 2).map((e) => e.type), ['opened', 'step']);
      assert.equal(shown[0].fresh, true);
      assert.deepEqual(notices(), []);
    });
  }

  test('the kinds whose descriptor says they chart are those whose shipped walkthroughs show a chart (the page loads d3 with them)', async () => {
    const { KINDS, descriptorOf } = await importCompiled('kinds/index');
    /** @type {Set<string>} */
    const charting = new Set();
    for (const [id, walkthrough] of SHIPPED) {
      const { s } = session();
      await s.open({ walkthrough: id, step: 'inputs' });
      if (s.steps.some((/** @type {any} */ step) => step.panels.some((/** @type {any} */ p) => p.type === 'chart'))) charting.add(walkthrough.kind);
    }
    assert.deepEqual(KINDS.filter((/** @type {string} */ kind) => descriptorOf(kind).charts).sort(), [...charting].sort());
  });

  test('an unknown step opens the first one, with a notice naming it', async () => {
    const { s, notices } = session();
    await s.open({ walkthrough: 'worked-example', step: 'nowhere' });
    assert.equal(s.state.step, 'inputs');
    assert.deepEqual(notices(), ['This walkthrough has no step “nowhere”, so it starts at the first step.']);
  });

  test('inputs the engine refuses leave the walkthrough on screen as it was, with the engine’s message', async () => {
    const { s, notices } = session();
    await s.open({ walkthrough: 'worked-example', step: 'softmax' });
    const before = s.steps;
    const bad = { query: [[1, 2, 3]], key: [[1, 0]], value: [[1]] };
    assert.equal(await s.open({ walkthrough: 'worked-example', step: 'inputs', inputs: bad }), false);
    assert.equal(s.steps, before);
    assert.equal(s.state.step, 'softmax');
    assert.match(notices()[0], /^The engine refused these inputs: key: /);
  });

  test('opens asked at once are applied in order, each reported, and the last one asked stays', async () => {
    const { s, events } = session();
    const first = s.open({ walkthrough: 'encoder-layer', step: 'inputs' });
    const second = s.open({ walkthrough: 'worked-example', step: 'inputs' });
    assert.deepEqual(await Promise.all([first, second]), [true, true]);
    assert.equal(s.walkthrough.id, 'worked-example');
    const reported = events.filter((e) => e.type === 'progress').map((e) => e.progress.walkthrough);
    assert.deepEqual(reported, ['encoder-layer', 'worked-example']);
  });

  test('a lesson whose code cannot be loaded leaves the walkthrough on screen, with a notice', async () => {
    const { loadKind } = await importCompiled('kinds/index');
    const offline = (/** @type {string} */ kind) => (kind === 'attention' ? loadKind(kind) : Promise.reject(new Error('network down')));
    const s = new Session(lab, { find: (/** @type {string} */ id) => SHIPPED.get(id), fallback: 'worked-example' }, offline);
    /** @type {string[]} */
    const notices = [];
    s.subscribe((/** @type {any} */ event) => { if (event.type === 'notice') notices.push(event.message); });
    await s.open({ walkthrough: 'worked-example', step: 'scores' });
    assert.equal(await s.open({ walkthrough: 'encoder-layer', step: 'inputs' }), false);
    assert.deepEqual(s.state, { walkthrough: 'worked-example', step: 'scores', inputs: undefined });
    assert.deepEqual(notices, ['This walkthrough’s code could not be loaded (network down); check the connection and try again.']);
  });
});

describe('a walkthrough drawn by a view of its own', () => {
  test('the kinds a view of their own draws are the descriptors’ that name one, and have no module of steps', async () => {
    const { KINDS, descriptorOf, isStepped } = await importCompiled('kinds/index');
    const ownView = KINDS.filter((/** @type {string} */ kind) => descriptorOf(kind).view !== undefined);
    assert.deepEqual(ownView, [...OWN_VIEW_KINDS]);
    assert.deepEqual(KINDS.filter((/** @type {string} */ kind) => !isStepped(kind)), ownView);
  });

  test('“watch-attention-learn” opens without steps or progress, handed to its kind’s view, and keeps the inputs that view reports', async () => {
    const { s, events, notices } = session();
    assert.equal(await s.open({ walkthrough: 'worked-example', step: 'softmax' }), true);
    events.length = 0;
    assert.equal(await s.open({ walkthrough: 'watch-attention-learn', step: 'inputs' }), true);
    assert.equal(s.view, 'training');
    assert.equal(s.walkthrough, SHIPPED.get('watch-attention-learn'));
    assert.equal(s.inputs, SHIPPED.get('watch-attention-learn').inputs);
    assert.deepEqual(s.steps, []);
    assert.equal(s.step, undefined);
    assert.equal(s.weightsSource, undefined);
    assert.deepEqual(s.state, { walkthrough: 'watch-attention-learn', step: 'inputs', inputs: undefined });
    assert.deepEqual(events, [{ type: 'opened', fresh: true }], 'no step, no progress for the host');

    // What the view reports is what a link keeps.
    s.keepInputs({ task: 'reverse', steps: 200 });
    assert.deepEqual(events.at(-1), { type: 'inputs' });
    assert.deepEqual(s.state, { walkthrough: 'watch-attention-learn', step: 'inputs', inputs: { task: 'reverse', steps: 200 } });

    // Opened again (back, forward, a link), it starts afresh from the state's inputs.
    assert.equal(await s.open({ walkthrough: 'watch-attention-learn', step: 'inputs', inputs: { task: 'iris' } }), true);
    assert.deepEqual(events.at(-1), { type: 'opened', fresh: true });
    assert.deepEqual(s.inputs, { task: 'iris' });

    // Back to a walkthrough of steps: its view is done, its steps are laid out afresh.
    assert.equal(await s.open({ walkthrough: 'worked-example', step: 'softmax' }), true);
    assert.equal(s.view, undefined);
    assert.equal(s.step.id, 'softmax');
    assert.deepEqual(events.filter((e) => e.type === 'opened').at(-1), { type: 'opened', fresh: true });
    s.keepInputs({ task: 'sort' });
    assert.equal(s.state.inputs, undefined, 'a walkthrough of steps keeps its own inputs');
    assert.deepEqual(notices(), []);
  });

  test('a view whose code cannot be loaded leaves the walkthrough on screen, with a notice', async () => {
    const s = new Session(lab, { find: (/** @type {string} */ id) => SHIPPED.get(id), fallback: 'worked-example' }, undefined, {
      loadView: () => Promise.reject(new Error('network down')),
    });
    /** @type {string[]} */
    const notices = [];
    s.subscribe((/** @type {any} */ event) => { if (event.type === 'notice') notices.push(event.message); });
    await s.open({ walkthrough: 'worked-example', step: 'scores' });
    assert.equal(await s.open({ walkthrough: 'watch-attention-learn', step: 'inputs' }), false);
    assert.equal(s.view, undefined);
    assert.deepEqual(s.state, { walkthrough: 'worked-example', step: 'scores', inputs: undefined });
    assert.deepEqual(notices, ['This walkthrough’s code could not be loaded (network down); check the connection and try again.']);
  });
});

describe('moving between steps', () => {
  test('next, previous, last and first move within the steps, and each move is announced once', async () => {
    const { s, events } = session();
    await s.open({ walkthrough: 'worked-example', step: 'inputs' });
    events.length = 0;
    s.next();
    assert.equal(s.index, 1);
    s.last();
    assert.equal(s.index, s.steps.length - 1);
    s.next(); // already at the last step: nothing happens
    s.previous();
    s.first();
    s.previous(); // already at the first step
    const moves = events.filter((e) => e.type === 'step');
    assert.deepEqual(moves.map((e) => e.index), [1, s.steps.length - 1, s.steps.length - 2, 0]);
    assert.ok(moves.every((e) => e.announce && !e.inPlace));
  });

  test('the host hears each step, and “completed” once, after the last unseen step', async () => {
    const { s, events } = session();
    await s.open({ walkthrough: 'worked-example', step: 'inputs' });
    const progress = () => events.filter((e) => e.type === 'progress').map((e) => e.progress);
    for (let i = 1; i < s.steps.length - 1; i += 1) s.goTo(i);
    assert.equal(s.completedWalkthrough, false);
    assert.ok(!progress().some((p) => p.type === 'completed'));
    s.last();
    s.first();
    s.last();
    const completed = progress().filter((p) => p.type === 'completed');
    assert.deepEqual(completed, [{ type: 'completed', lesson: 'worked-example', walkthrough: 'worked-example', total: s.steps.length }]);
    assert.deepEqual(progress()[1], { type: 'step', lesson: 'worked-example', walkthrough: 'worked-example', step: s.steps[1].id, index: 1, total: s.steps.length });
  });
});

describe('changing the inputs', () => {
  test('an edited cell recomputes every step with the engine, keeps the step and updates the link’s state', async () => {
    const { s, events } = session();
    await s.open({ walkthrough: 'worked-example', step: 'softmax' });
    events.length = 0;
    assert.equal(s.editCell(panel(s, 'weights'), 0, 0, '5'), undefined, 'a computed matrix is not an input: nothing happens');
    s.first();
    assert.equal(s.editCell(panel(s, 'query'), 0, 0, '−3'), undefined);
    assert.deepEqual(s.state.inputs.query, [[-3, 2]]);
    assert.equal(SHIPPED.get('worked-example').inputs.query[0][0], 1, 'the walkthrough itself is not changed');
    assert.equal(s.inputs.key, SHIPPED.get('worked-example').inputs.key, 'a matrix not edited is shared, not copied (its views skip it)');
    const expected = lab.attention({ ...s.inputs }).weights;
    s.goTo(s.steps.findIndex((step) => step.id === 'softmax'));
    assert.deepEqual(panel(s, 'weights').data, expected);
    const types = events.map((e) => e.type);
    assert.ok(types.includes('recomputed'));
    assert.match(events.find((e) => e.type === 'announce').message, /^Q — queries row 1, column 1 is now -3; every step was recomputed\.$/);
  });

  test('in Spanish, an edit is announced in Spanish', async () => {
    const { setLanguage } = await importCompiled('i18n/messages');
    const { s, events } = session();
    await s.open({ walkthrough: 'worked-example', step: 'inputs' });
    await setLanguage('es');
    try {
      s.editCell(panel(s, 'query'), 0, 0, '4');
      assert.match(events.filter((e) => e.type === 'announce').at(-1).message, /, fila 1, columna 1, vale ahora 4; se han vuelto a calcular todos los pasos\.$/);
    } finally {
      await setLanguage('en');
    }
  });

  test('a cell that is not a number is refused with a notice, before the engine is asked', async () => {
    const { s, notices } = session();
    await s.open({ walkthrough: 'worked-example', step: 'inputs' });
    const before = s.steps;
    assert.match(s.editCell(panel(s, 'query'), 0, 0, 'abc'), /is not a finite number/);
    assert.equal(s.steps, before);
    assert.equal(notices().length, 1);
  });

  test('a parameter the engine refuses keeps the previous state, says why, and draws the step again', async () => {
    const { s, events, notices } = session();
    await s.open({ walkthrough: 'multi-head', step: 'inputs' });
    const before = { steps: s.steps, inputs: s.inputs, state: s.state };
    events.length = 0;
    const heads = field(s, 'heads');
    s.changeParameter(heads, '3'); // 3 does not divide d_model = 16
    assert.equal(s.steps, before.steps);
    assert.equal(s.inputs, before.inputs);
    assert.deepEqual(s.state, before.state);
    assert.match(notices()[0], /^The engine refused these inputs: heads/);
    assert.deepEqual(events.filter((e) => e.type === 'step').map((e) => e.inPlace), [false]);
  });

  test('a parameter the engine accepts recomputes, and reset brings back the walkthrough’s own inputs', async () => {
    const { s } = session();
    await s.open({ walkthrough: 'multi-head', step: 'inputs' });
    const heads = field(s, 'heads');
    s.changeParameter(heads, '2');
    assert.equal(s.state.inputs.heads, 2);
    assert.equal(s.trace.heads.length, 2, 'the trace is the new one');
    s.reset();
    assert.equal(s.state.inputs, undefined);
    assert.deepEqual(s.inputs, SHIPPED.get('multi-head').inputs);
    assert.equal(s.trace.heads.length, 4);
  });

  test('a mask cell flips, and the engine recomputes the masked scores', async () => {
    const { s } = session();
    await s.open({ walkthrough: 'custom-mask', step: 'inputs' });
    const mask = panel(s, 'mask');
    const was = mask.data[0][1];
    s.toggleMask(mask, 0, 1);
    assert.equal(s.inputs.mask[0][1], was ? 0 : 1);
    assert.equal(SHIPPED.get('custom-mask').inputs.mask[0][1], was, 'the walkthrough itself is not changed');
    assert.deepEqual(panel(s, 'mask').data, lab.attention({ ...s.inputs }).mask);
  });
});

describe('reading the numbers', () => {
  test('a weight is explained with the engine’s softmax terms; a panel with no explanation gives none', async () => {
    const { s } = session();
    await s.open({ walkthrough: 'worked-example', step: 'softmax' });
    const explained = s.explain(panel(s, 'weights'), 0, 2);
    const exact = lab.attention(SHIPPED.get('worked-example').inputs).weights[0][2];
    assert.equal(Number(explained.exact), exact);
    assert.match(explained.lines[0], /^weight₀₂ = e\^/);
    assert.deepEqual(explained.related, [{ panel: 'scaled', row: 0 }, { panel: 'masked', row: 0 }]);
    s.first();
    assert.equal(s.explain(panel(s, 'query'), 0, 0), undefined);
  });

  test('a panel of another kind that names an attention call is explained too (the scaling lesson’s first draw)', async () => {
    const { s } = session();
    await s.open({ walkthrough: 'why-scale', step: 'example' });
    const explained = s.explain(panel(s, 'scaled'), 0, 0);
    assert.match(explained.lines[0], /^scaled₀₀ = score₀₀ \/ √d_k = /);
  });

  test('every gradient of the backward pass is explained with the engine’s terms, its result the cell on screen', async () => {
    const { s } = session();
    await s.open({ walkthrough: 'attention-backward', step: 'inputs' });
    /** @type {[string, RegExp][]} the step and panel of each gradient, and how its first line begins */
    const gradients = [
      ['grad-value', /^∂L\/∂V₂₁ = 0\.576·\(−1\) = −0\.576$/], ['grad-weights', /^∂L\/∂w₀₂ = 1·0\.1 \+ \(−1\)·0\.9 = /],
      ['row-dot', /^Σ₀ = Σₖ wₖ·gₖ = 0\.140·0\.2 \+ 0\.284·0\.600 \+ 0\.576·\(−0\.8\) = −0\.262$/],
      ['grad-scaled', /^∂L\/∂s₀₂ = w·\(g − Σₖ wₖ·gₖ\) = /], ['grad-scores', /^∂L\/∂score₀₂ = ∂L\/∂s₀₂ \/ √d_k = /],
      ['grad-query', /^∂L\/∂Q₀₁ = /], ['grad-key', /^∂L\/∂K₂₁ = /],
    ];
    for (const [name, first] of gradients) {
      const step = s.steps.findIndex((/** @type {any} */ st) => st.panels.some((/** @type {any} */ p) => p.name === name));
      s.goTo(step);
      const shown = panel(s, name);
      const [row, column] = name === 'row-dot' ? [0, 0] : name === 'grad-value' || name === 'grad-key' ? [2, 1] : name === 'grad-query' ? [0, 1] : [0, 2];
      const explained = s.explain(shown, row, column);
      assert.match(explained.lines[0], first, name);
      assert.equal(Number(explained.exact), shown.data[row][column], `${name}: the exact value is the cell's`);
    }
  });

  test('in the backward walkthrough a mask given as a matrix is toggled, and every gradient follows the engine', async () => {
    const { s } = session();
    const inputs = { ...SHIPPED.get('attention-backward').inputs, mask: [[1, 1, 1]] };
    assert.equal(await s.open({ walkthrough: 'attention-backward', step: 'inputs', inputs }), true);
    s.toggleMask(panel(s, 'mask'), 0, 2);
    assert.deepEqual(s.inputs.mask, [[1, 1, 0]]);
    const { query, key, value, gradOutput } = inputs;
    const expected = lab.attentionBackward({ query, key, value, gradOutput, mask: [[1, 1, 0]] });
    s.goTo(s.steps.findIndex((/** @type {any} */ st) => st.id === 'grad-scaled'));
    assert.deepEqual(panel(s, 'grad-scaled').data, expected.gradScaled);
    assert.equal(expected.gradScaled[0][2], 0, 'the blocked key gets no gradient');
    assert.match(s.explain(panel(s, 'grad-scaled'), 0, 2).lines[0], /^∂L\/∂s₀₂ = 0: the mask replaced this score/);
  });

  test('the exported script embeds the seeded weights of the trace on screen, with no engine call of its own', async () => {
    const { s } = session();
    await s.open({ walkthrough: 'multi-head', step: 'heads' });
    const file = await s.example('numpy');
    assert.equal(file.filename, 'multi_head_numpy.py');
    assert.ok(file.content.includes(`    [${s.trace.params.wO[0].map(String).join(', ')}],`));
    const tex = await s.example('latex');
    assert.ok(tex.content.includes('\\subsection*{Attend: 4 heads, 4 patterns}'), 'the step on screen');
  });
});

describe('the softmax step explains the max subtraction', () => {
  test('with the engine’s row maximum (2.121 for the worked example’s q), and for the first row that has one', async () => {
    const { s } = session();
    await s.open({ walkthrough: 'worked-example', step: 'softmax' });
    assert.match(s.step.text, /First each row's largest score is subtracted \(for q: 2\.121\), so no e\^x can overflow; shifting a whole row by the same amount leaves its weights unchanged\./);
    await s.open({ walkthrough: 'fully-masked-row', step: 'softmax' });
    assert.match(s.step.text, /largest score is subtracted \(for [^:]+: -?\d/);
  });
});
