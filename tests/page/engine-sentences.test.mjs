// The engine's refusals and divergences in the page's language (web/src/model/engine-sentences.ts). Every refusal a
// learner's controls can provoke is provoked here, on the real engine: each lesson's parameters
// controls at the values their fields allow and a few more (the engine checks what one field
// cannot know alone: heads that do not divide d_model, a block wider than the keys), words and
// texts that are too long or outside a model's vocabulary, and the training lessons' options,
// which go to the engine as typed. Each message must be recognised phrase by phrase, said in
// English exactly as the engine said it, and in Spanish with no English word or decimal point
// left; every phrase the page knows must be one of them, so a phrase the engine rewords fails
// here rather than turning English on a Spanish page. The editor's refusals of a walkthrough
// file's fields are provoked by spoiling each field of each shipped walkthrough in turn. Each trainer is made to diverge too (a
// learning rate of 10 in "Watch attention learn", as a learner may set it), and its sentence read
// the same way.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import '../support/json-modules.mjs';
import { importCompiled } from '../support/compiled.mjs';
import { SHIPPED } from '../support/shipped-walkthroughs.mjs';
import { ENGLISH_WORDS } from '../e2e/english-left.mjs';

const lab = await loadAttentionLab({ training: true });
const { isStepped, loadKind, descriptorOf } = await importCompiled('kinds/index');
const { wholeBuild } = await importCompiled('kinds/kind');
const { loadLessonModel } = await importCompiled('session/language-model-source');
const { OPTION_FIELDS } = await importCompiled('session/training/options');
const { sayRefusal, sayDivergence, ENGINE_PHRASES } = await importCompiled('model/engine-sentences');
const { setLanguage } = await importCompiled('i18n/messages');
const { parseWalkthrough } = await importCompiled('authoring/validate-walkthrough');
const { formatNumber, formatSetting, setPageLocale } = await importCompiled('model/format');

/** The refusal of `attempt`, if it is one (an AttentionError, or the page's own InputRefusal). */
function refusalOf(/** @type {() => unknown} */ attempt) {
  try {
    attempt();
  } catch (error) {
    if (error instanceof Error && (error.name === 'AttentionError' || error.name === 'InputRefusal')) return error.message;
    throw error;
  }
  return undefined;
}

/** @type {Map<string, string>} each message provoked, with where */
const provoked = new Map();
/** @type {Map<string, string>} each divergence's sentence, with where */
const diverged = new Map();
const keep = (/** @type {string | undefined} */ message, /** @type {string} */ where) => {
  if (message !== undefined && !provoked.has(message)) provoked.set(message, where);
};

/** The path of every number, text, true/false and null in `value`. @returns {(string | number)[][]} */
const leaves = (/** @type {unknown} */ value, /** @type {(string | number)[]} */ path = []) =>
  (value !== null && typeof value === 'object' ? Object.entries(value).flatMap(([key, inner]) => leaves(inner, [...path, Array.isArray(value) ? Number(key) : key])) : [path]);
const setLeaf = (/** @type {any} */ object, /** @type {(string | number)[]} */ path, /** @type {unknown} */ value) => {
  path.slice(0, -1).reduce((inner, key) => inner[key], object)[/** @type {string | number} */ (path.at(-1))] = value;
};

/** Values a numeric control may be given: its limits, the middle, small odd numbers that divide nothing. */
const tries = (/** @type {any} */ field) => {
  if (field.kind === 'text') return ['☃☃☃', 'x'.repeat(20_000), 'a'.repeat(300), 'a', ' '];
  if (field.kind === 'tokens') return [['a'], Array(300).fill('7'), ['99']];
  if (field.kind === 'choice') return [];
  const middle = field.min !== undefined && field.max !== undefined ? Math.round((field.min + field.max) / 2) : 3;
  return [field.min ?? 0, field.max ?? 1e9, middle, 3, 5, 7];
};

before(async () => {
  // Each lesson's parameters controls (the page reads a control's text within its field's limits
  // first, in its own words: model/read-input.ts; what passes goes to the kind and the engine).
  for (const walkthrough of SHIPPED.values()) {
    if (!isStepped(walkthrough.kind)) continue;
    const kind = await loadKind(walkthrough.kind);
    const model = descriptorOf(walkthrough.kind).languageModel ? await loadLessonModel(lab) : undefined;
    const build = (/** @type {any} */ inputs) => wholeBuild(kind.build(lab, walkthrough, inputs, undefined, model));
    const fields = new Map();
    for (const step of build(walkthrough.inputs).steps) for (const panel of step.panels ?? []) for (const field of panel.fields ?? []) fields.set(field.name, field);
    const change = (/** @type {any} */ inputs, /** @type {string} */ name, /** @type {unknown} */ value) => kind.changeInputs(lab, structuredClone(inputs), name, value);
    for (const field of fields.values()) {
      for (const value of tries(field)) {
        keep(refusalOf(() => build(change(walkthrough.inputs, field.name, value))), `${walkthrough.id}: ${field.name} = ${String(value).slice(0, 12)}`);
      }
    }
    // A long text with each number at its largest (a prompt leaves less of the model's context to generate).
    for (const text of [...fields.values()].filter((f) => f.kind === 'text')) {
      for (const field of [...fields.values()].filter((f) => f.max !== undefined)) {
        keep(refusalOf(() => build(change(change(walkthrough.inputs, text.name, 'a'.repeat(120)), field.name, field.max))), `${walkthrough.id}: a long ${text.name}, ${field.name} = ${field.max}`);
      }
    }
  }
  // "Watch attention learn": every option as typed, for each task; "Train your own": its options and texts.
  const typed = [0, -1, 0.5, 1e9, Number.NaN, 3, 1e-12];
  for (const task of ['reverse', 'sort', 'iris']) {
    for (const field of OPTION_FIELDS) {
      for (const value of field.kind === 'choice' ? ['nope'] : typed) {
        keep(refusalOf(() => lab.createTrainer(field.with({ task }, value)).dispose()), `${task}: ${field.name} = ${value}`);
      }
    }
  }
  for (const name of ['seed', 'context', 'dModel', 'heads', 'layers', 'learningRate', 'batchSize']) {
    for (const value of typed) {
      const options = ['context', 'dModel', 'heads', 'layers'].includes(name) ? { task: 'text', model: { [name]: value } } : { task: 'text', [name]: value };
      keep(refusalOf(() => lab.createTrainer(options).dispose()), `text: ${name} = ${value}`);
    }
  }
  for (const text of ['', 'ab', 'x'.repeat(3_000_000)]) keep(refusalOf(() => lab.createTrainer({ task: 'text', text }).dispose()), `text: a text of ${text.length}`);

  // The editor's refusals (a walkthrough file's fields): each value of each shipped walkthrough
  // made empty, too long, negative, huge, fractional, a word or null, one at a time.
  for (const walkthrough of SHIPPED.values()) {
    for (const path of leaves(walkthrough)) {
      for (const value of ['', 'x'.repeat(5000), -1, 1e9, 0.5, 'abc', null]) {
        const edited = structuredClone(walkthrough);
        setLeaf(edited, path, value);
        keep(parseWalkthrough(edited).error, `${walkthrough.id}: ${path.join('.')} = ${String(value).slice(0, 8)}`);
      }
    }
  }

  // Runs that diverge: the sentence each trainer's status gives.
  // (The text trainer's lesson keeps gradients clipped; through the API, unclipped, it diverges.)
  const unclipped = { task: 'text', model: { dModel: 16, heads: 2, layers: 1, dFF: 32, context: 16 }, batchSize: 4, seed: 0, learningRate: 1, warmupSteps: 0, clipNorm: 1e6 };
  for (const [options, where] of [[{ task: 'reverse', learningRate: 10 }, 'reverse at a learning rate of 10'], [{ task: 'iris', learningRate: 10, optimizer: 'sgd' }, 'iris by SGD at 10'], [unclipped, 'text at 1, unclipped']]) {
    const trainer = lab.createTrainer(options);
    for (let call = 0; call < 20 && trainer.status().state !== 'diverged'; call += 1) {
      try {
        trainer.step(50);
      } catch (error) {
        if (!(error instanceof Error && error.name === 'AttentionError')) throw error;
      }
    }
    assert.equal(trainer.status().state, 'diverged', where);
    diverged.set(trainer.status().message, where);
    trainer.dispose();
  }
});

describe('a refusal a learner can provoke, or a divergence', () => {
  test('is provoked here, and every phrase the page knows is in one of them', () => {
    assert.ok(provoked.size >= 400, `only ${provoked.size} refusals provoked`);
    const used = new Set();
    for (const message of provoked.keys()) {
      const ids = [];
      sayRefusal(message, ids);
      for (const id of ids) used.add(id);
    }
    for (const message of diverged.keys()) {
      const ids = [];
      sayDivergence(message, ids);
      for (const id of ids) used.add(id);
    }
    assert.deepEqual(ENGINE_PHRASES.filter((id) => !used.has(id)), []);
  });

  test('is read phrase by phrase and said in English as the engine said it (a loss rounded, an exponent written out, as the page writes numbers)', async () => {
    await setLanguage('en');
    // A number the engine wrote with an exponent is written as the page writes a setting (1e-2 → 0.01).
    const asPage = (/** @type {string} */ message) => message.replace(/(?<![\w.])\d+(?:\.\d+)?e[+-]?\d+/g, (n) => formatSetting(Number(n)));
    const unread = [...provoked].filter(([message]) => sayRefusal(message) !== asPage(message)).map(([message, where]) => `${where}: ${message} → ${sayRefusal(message)}`);
    assert.deepEqual(unread, []);
    // A divergence's losses are rounded as the page rounds (790.7483456 → 790.748); the rest as the engine said it.
    const rounded = (/** @type {string} */ message) => message.replace(/\d+\.\d+/g, (n) => formatNumber(Number(n)));
    assert.deepEqual([...diverged].filter(([message]) => sayDivergence(message) !== rounded(message)).map(([message, where]) => `${where}: ${message} → ${sayDivergence(message)}`), []);
  });

  test('is said in Spanish with no English and numbers written with a decimal comma', async () => {
    setPageLocale('es');
    await setLanguage('es');
    try {
      const english = [];
      for (const [message, where] of provoked) {
        const spanish = sayRefusal(message);
        // The argument is the API's name (model.heads), and what came is the learner's own text or number.
        const said = spanish?.replace(/^[^:]+: /, '').replace(/'[^']*'|"[^"]*"|«[^»]*»/g, '');
        if (!spanish || !said || ENGLISH_WORDS.test(said) || /\d\.\d/.test(said)) english.push(`${where}: ${spanish ?? message}`);
      }
      for (const [message, where] of diverged) {
        const spanish = sayDivergence(message);
        if (!spanish || ENGLISH_WORDS.test(spanish) || /\d\.\d/.test(spanish)) english.push(`${where}: ${spanish ?? message}`);
      }
      assert.deepEqual(english, []);
      assert.equal(sayRefusal('model.heads: expected a divisor of model.dModel = 16, got 3'), 'model.heads: se esperaba un divisor de model.dModel = 16, y llegó 3');
      assert.equal(sayDivergence('training diverged at step 2: the loss became 790.7483456, more than ten times that of guessing uniformly (2.302585093); the parameters are those before that step. Try a smaller learningRate.'),
        'el entrenamiento divergió en el paso 2: la pérdida llegó a 790,748, más de diez veces la de adivinar de manera uniforme (2,303); los parámetros son los de antes de ese paso. Prueba con una tasa de aprendizaje menor.');
      assert.equal(sayRefusal('learningRate: expected a number above 0 and at most 1, such as 1e-2, got 1.5'),
        'learningRate: se esperaba un número mayor que 0 y no mayor que 1, como 0,01, y llegó 1,5');
    } finally {
      await setLanguage('en');
      setPageLocale(undefined);
    }
  });

  test('that is not one a learner can provoke is shown as the engine wrote it', async () => {
    await setLanguage('es');
    try {
      assert.equal(sayRefusal('query: expected a matrix (an array of rows of numbers), got an object'), undefined);
      assert.equal(sayRefusal('not a refusal at all'), undefined);
    } finally {
      await setLanguage('en');
    }
  });
});
