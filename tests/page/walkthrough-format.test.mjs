// Walkthroughs written by instructors: the page's validator (web/src/authoring/validate-walkthrough.ts),
// the JSON Schema for editors (docs/walkthrough.schema.json) and the format doc
// (docs/walkthrough-format.md) describe one format. Every shipped walkthrough and every example
// of the doc passes both checks; each bad document below is refused by the validator with the
// exact sentence shown, and by the schema too wherever a schema can state the rule.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, test } from 'node:test';

import Ajv2020 from 'ajv/dist/2020.js';

import { importCompiled } from '../support/compiled.mjs';
import { generated } from '../../scripts/walkthrough-schema.mjs';

const { parseWalkthrough, parseWalkthroughText, KINDS, LESSON_IDS, TEXT_LIMITS } = await importCompiled('authoring/validate-walkthrough');
const { SEED, TOKENS } = await importCompiled('model/limits');
const { descriptorOf } = await importCompiled('kinds/index');

const read = (/** @type {URL} */ url) => readFileSync(url, 'utf8');
const SCHEMA = JSON.parse(read(new URL('../../docs/walkthrough.schema.json', import.meta.url)));
const FORMAT_DOC = read(new URL('../../docs/walkthrough-format.md', import.meta.url));
const SHIPPED_DIR = new URL('../../web/src/walkthroughs/', import.meta.url);

const schemaCheck = new Ajv2020({ allErrors: true, strict: true }).compile(SCHEMA);

/** Both verdicts on one document, with the schema's complaints in words for a failure message. */
function verdicts(/** @type {unknown} */ doc) {
  const parsed = parseWalkthrough(doc);
  const schemaOk = schemaCheck(doc);
  const schemaErrors = (schemaCheck.errors ?? []).map((e) => `${e.instancePath || '(top level)'} ${e.message}`).join('; ');
  return { parsed, schemaOk, schemaErrors };
}

function assertValid(/** @type {unknown} */ doc) {
  const { parsed, schemaOk, schemaErrors } = verdicts(doc);
  assert.equal(parsed.error, undefined, 'the validator accepts it');
  assert.ok(schemaOk, `the schema accepts it, but says: ${schemaErrors}`);
  return parsed.walkthrough;
}

describe('the shipped walkthroughs', () => {
  const files = readdirSync(SHIPPED_DIR).filter((f) => f.endsWith('.json')).sort();

  test('there are some, of every kind', () => {
    const kinds = new Set(files.map((f) => JSON.parse(read(new URL(f, SHIPPED_DIR))).kind));
    assert.deepEqual([...kinds].sort(), [...KINDS].sort());
  });

  for (const file of files) {
    test(`${file} passes the validator and the JSON Schema, and comes back unchanged`, () => {
      const doc = JSON.parse(read(new URL(file, SHIPPED_DIR)));
      assert.deepEqual(assertValid(doc), doc);
    });
  }
});

describe('the examples of docs/walkthrough-format.md', () => {
  const examples = [...FORMAT_DOC.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => JSON.parse(m[1]));

  test('there is one of every kind', () => {
    assert.deepEqual([...new Set(examples.map((e) => e.kind))].sort(), [...KINDS].sort());
  });

  examples.forEach((example, i) => {
    test(`example ${i + 1} (${example.kind}, "${example.id}") passes the validator and the JSON Schema`, () => {
      assertValid(example);
    });
  });
});

// Small documents of every kind that the bad documents below change one thing in.
const BASE = {
  attention: {
    id: 'worked-example-copy',
    lesson: 'worked-example',
    kind: 'attention',
    title: 'One query, three keys',
    intro: 'A query of width 2 is compared with three keys.',
    inputs: { query: [[1, 2]], key: [[1, 0], [0, 1], [1, 1]], value: [[0.5, 0.3], [0.8, 0.2], [0.1, 0.9]] },
    queryLabels: ['q'],
    keyLabels: ['k₀', 'k₁', 'k₂'],
  },
  'attention-backward': {
    id: 'my-backward-pass',
    lesson: 'backward-pass',
    kind: 'attention-backward',
    title: 'One backward pass',
    intro: 'The worked example under the loss L = output₀₀ − output₀₁.',
    inputs: { query: [[1, 2]], key: [[1, 0], [0, 1], [1, 1]], value: [[0.5, 0.3], [0.8, 0.2], [0.1, 0.9]], gradOutput: [[1, -1]] },
    queryLabels: ['q'],
    keyLabels: ['k₀', 'k₁', 'k₂'],
  },
  'multi-head': {
    id: 'my-sentence',
    kind: 'multi-head',
    title: 'Two heads',
    intro: 'Two heads read one sentence.',
    inputs: { tokens: ['the', 'cat', 'sat'], dModel: 16, heads: 2, seed: 0 },
  },
  positional: {
    id: 'my-positions',
    kind: 'positional',
    title: 'Positions',
    intro: 'Waves that mark each position.',
    inputs: { length: 50, dModel: 128, dimensions: [0, 1, 4, 8, 32, 64], tokens: ['the', 'cat', 'sat'], tokenDModel: 8, heads: 2, seed: 0 },
  },
  encoder: {
    id: 'my-encoder',
    kind: 'encoder',
    title: 'One layer',
    intro: 'One sentence through one encoder layer.',
    inputs: { tokens: ['the', 'cat', 'sat'], dModel: 8, heads: 2, dFF: 32, activation: 'gelu', attentionBias: 'off', seed: 0 },
  },
  scaling: {
    id: 'my-scaling',
    kind: 'scaling',
    title: 'Why scale',
    intro: 'Random queries and keys, with and without √d_k.',
    inputs: { dK: 64, keys: 5, samples: 200, seed: 0 },
  },
  entropy: {
    id: 'my-entropy',
    kind: 'entropy',
    title: 'Focus',
    intro: 'How focused each head is.',
    inputs: { length: 8, dModel: 16, heads: 4, seed: 0 },
  },
  efficient: {
    id: 'my-patterns',
    kind: 'efficient',
    title: 'Patterns',
    intro: 'Sparse and linear attention beside full attention.',
    inputs: { length: 8, dModel: 4, window: 1, globalTokens: [0], randomPerRow: 1, seed: 0 },
  },
  cost: {
    id: 'my-costs',
    kind: 'cost',
    title: 'Costs',
    intro: 'Every variant timed.',
    inputs: { maxN: 256, d: 16, repeats: 1, block: 16, window: 8, seed: 0 },
  },
  training: {
    id: 'my-run',
    kind: 'training',
    title: 'Sort, trained',
    intro: 'A transformer learns to sort.',
    inputs: { task: 'sort', seed: 2, steps: 120 },
  },
};

/**
 * `base` with `change` applied to a copy.
 * @param {keyof typeof BASE} kind @param {(doc: any) => void} change
 */
/** A pick-the-cell exercise the tests change one field of (where it points is checked only by the session). */
const PICK = { id: 'pick', type: 'pick-cell', title: 'Where does it look?', prompt: 'Click the word “cat” attends to most.', step: 'heads', panel: 'head-0-weights', rule: 'max', row: 1 };

/** A cost-growth exercise of the cost lab. */
const GROWTH = { id: 'growth', type: 'cost-growth', title: 'Work', prompt: 'By what factor?', variant: 'full', measure: 'multiplyAdds', n: 256 };

function changed(kind, change) {
  const doc = structuredClone(BASE[kind]);
  change(doc);
  return doc;
}

/**
 * Bad documents: what the validator says, and whether the JSON Schema can state the rule too
 * (false: a rule between fields, or one a schema cannot count, which only the page checks).
 * @type {{ name: string, doc: unknown, error: string, schema: boolean }[]}
 */
const BAD = [
  {
    name: 'a list instead of one walkthrough object is refused, naming the top level',
    doc: [BASE.attention],
    error: '(top level): expected an object (one walkthrough), got a list of 1 item',
    schema: true,
  },
  {
    name: 'an unknown kind is refused, naming kind and listing the kinds',
    doc: changed('attention', (d) => { d.kind = 'foo'; }),
    error: 'kind: expected one of "attention", "attention-backward", "multi-head", "positional", "encoder", "scaling", "entropy", "flash", "kv-cache", "rope", "alibi", "grouped-query", "sliding-window", "tokens", "language-model", "inside-model", "model-sentence", "efficient", "cost", "training", "text-training", got "foo"',
    schema: true,
  },
  {
    name: 'a misspelt field is refused, naming it and listing the fields',
    doc: changed('attention', (d) => { d.tilte = d.title; delete d.title; }),
    error: 'tilte: expected one of the fields "$schema", "id", "lesson", "kind", "title", "intro", "inputs", "stepTexts", "queryLabels", "keyLabels", "exercises", "perLearner", got an unknown field',
    schema: true,
  },
  {
    name: 'a misspelt kind field is named as unknown rather than kind being reported missing',
    doc: changed('scaling', (d) => { d.knid = d.kind; delete d.kind; }),
    error: 'knid: expected one of the fields "$schema", "id", "lesson", "kind", "title", "intro", "inputs", "stepTexts", "queryLabels", "keyLabels", got an unknown field',
    schema: true,
  },
  {
    name: 'query labels on a multi-head walkthrough are refused, naming queryLabels',
    doc: changed('multi-head', (d) => { d.queryLabels = ['a', 'b', 'c']; }),
    error: 'queryLabels: expected one of the fields "$schema", "id", "lesson", "kind", "title", "intro", "inputs", "stepTexts", "exercises", got an unknown field',
    schema: true,
  },
  {
    name: 'words for a step the kind does not show are refused, naming the step and listing the steps',
    doc: changed('attention', (d) => { d.stepTexts = { sofmax: { text: 'Shares.' } }; }),
    error: 'stepTexts.sofmax: expected one of the steps "inputs", "scores", "scale", "mask", "softmax", "output" of a "attention" walkthrough, got an unknown step',
    schema: true,
  },
  {
    name: 'a step of another kind is refused in stepTexts, naming it',
    doc: changed('multi-head', (d) => { d.stepTexts = { softmax: { title: 'Shares' } }; }),
    error: 'stepTexts.softmax: expected one of the steps "embed", "project", "split", "heads", "concat", "output" of a "multi-head" walkthrough, got an unknown step',
    schema: true,
  },
  {
    name: 'step words with neither title nor text are refused, naming the step',
    doc: changed('attention', (d) => { d.stepTexts = { scores: {} }; }),
    error: 'stepTexts.scores: expected an object with a "title", a "text" or both, got an object',
    schema: true,
  },
  {
    name: 'an unknown field in a step’s words is refused, naming it',
    doc: changed('scaling', (d) => { d.stepTexts = { peak: { text: 'The peak.', formula: 'x' } }; }),
    error: 'stepTexts.peak.formula: expected one of the fields "title", "text", got an unknown field',
    schema: true,
  },
  {
    name: 'a step title of only spaces is refused, naming it',
    doc: changed('encoder', (d) => { d.stepTexts = { attention: { title: '  ' } }; }),
    error: 'stepTexts.attention.title: expected a title of 1 to 100 characters, got "  "',
    schema: true,
  },
  {
    name: 'an empty stepTexts is refused',
    doc: changed('attention', (d) => { d.stepTexts = {}; }),
    error: 'stepTexts: expected an object with words for one or more steps, got an object',
    schema: true,
  },
  {
    name: 'an id with a space is refused, naming id',
    doc: changed('attention', (d) => { d.id = 'a b'; }),
    error: 'id: expected letters, digits and "-" (it goes in the URL), got "a b"',
    schema: true,
  },
  {
    name: 'an id longer than 64 characters is refused, naming id',
    doc: changed('attention', (d) => { d.id = 'a'.repeat(65); }),
    error: 'id: expected at most 64 characters, got 65',
    schema: true,
  },
  {
    name: 'an unknown lesson is refused, naming lesson and listing the lessons',
    doc: changed('attention', (d) => { d.lesson = 'mask'; }),
    error: 'lesson: expected one of "why-qkv", "worked-example", "backward-pass", "self-attention", "scaling", "masks", "multi-head", "cross-attention", "positional-encoding", "encoder-layer", "entropy", "flash-attention", "kv-cache", "rotary-positions", "alibi", "grouped-query", "sliding-window", "tokens", "language-model", "inside-model", "train-your-own", "efficient-attention", "attention-cost", "train", or no lesson field for a walkthrough of your own, got "mask"',
    schema: true,
  },
  {
    name: 'a missing title is refused, naming title',
    doc: changed('entropy', (d) => { delete d.title; }),
    error: 'title: expected a text of 1 to 100 characters, got nothing',
    schema: true,
  },
  {
    name: 'a title of spaces only is refused, naming title',
    doc: changed('entropy', (d) => { d.title = '   '; }),
    error: 'title: expected a text of 1 to 100 characters, got "   "',
    schema: true,
  },
  {
    name: 'an intro longer than 1000 characters is refused, counting them',
    doc: changed('entropy', (d) => { d.intro = 'x'.repeat(1001); }),
    error: 'intro: expected a text of 1 to 1000 characters, got 1001 characters',
    schema: true,
  },
  {
    name: 'a $schema that is not a text is refused, naming $schema',
    doc: changed('entropy', (d) => { d.$schema = 3; }),
    error: '$schema: expected a text, got 3',
    schema: true,
  },
  {
    name: 'missing inputs are refused, naming inputs and the kind',
    doc: changed('entropy', (d) => { delete d.inputs; }),
    error: 'inputs: expected the inputs of a walkthrough of kind "entropy" (an object), got nothing',
    schema: true,
  },
  {
    name: 'an empty query matrix is refused, naming inputs.query',
    doc: changed('attention', (d) => { d.inputs.query = []; }),
    error: 'inputs.query: expected a non-empty matrix (rows of numbers), got an empty list',
    schema: true,
  },
  {
    name: 'a key row of the wrong width is refused, naming inputs.key[2]',
    doc: changed('attention', (d) => { d.inputs.key[2] = [1, 1, 1]; }),
    error: 'inputs.key[2]: expected 2 numbers like the other rows, got 3',
    schema: false,
  },
  {
    name: 'a number written as text is refused, naming the cell inputs.query[0][1]',
    doc: changed('attention', (d) => { d.inputs.query[0][1] = '2'; }),
    error: 'inputs.query[0][1]: expected a finite number, got "2"',
    schema: true,
  },
  {
    name: 'more queries than the page can show are refused, naming inputs.query',
    doc: changed('attention', (d) => { d.inputs.query = Array.from({ length: 13 }, () => [1, 2]); }),
    error: 'inputs.query: expected 1 to 12 rows (queries), got 13',
    schema: true,
  },
  {
    name: 'keys narrower or wider than the queries are refused, naming inputs.key',
    doc: changed('attention', (d) => { d.inputs.key = [[1, 0, 0], [0, 1, 0], [1, 1, 0]]; }),
    error: 'inputs.key: expected rows of 2 numbers (d_k, the width of query), got rows of 3',
    schema: false,
  },
  {
    name: 'fewer values than keys are refused, naming inputs.value',
    doc: changed('attention', (d) => { d.inputs.value.pop(); }),
    error: 'inputs.value: expected 3 rows (one per key), got 2',
    schema: false,
  },
  {
    name: 'a backward pass without its gradient is refused, naming inputs.gradOutput',
    doc: changed('attention-backward', (d) => { delete d.inputs.gradOutput; }),
    error: 'inputs.gradOutput: expected a non-empty matrix (rows of numbers), got nothing',
    schema: true,
  },
  {
    name: 'a gradient with a row per key instead of per query is refused, naming inputs.gradOutput',
    doc: changed('attention-backward', (d) => { d.inputs.gradOutput = [[1, -1], [0, 0], [0, 0]]; }),
    error: 'inputs.gradOutput: expected 1 row (one per query, as the output), got 3',
    schema: false,
  },
  {
    name: 'a gradient narrower than the values is refused, naming inputs.gradOutput',
    doc: changed('attention-backward', (d) => { d.inputs.gradOutput = [[1]]; }),
    error: 'inputs.gradOutput: expected rows of 2 numbers (d_v, the width of value), got rows of 1',
    schema: false,
  },
  {
    name: 'a mask entry other than 0 or 1 is refused, naming inputs.mask[0][2]',
    doc: changed('attention', (d) => { d.inputs.mask = [[1, 0, 2]]; }),
    error: 'inputs.mask[0][2]: expected 0 or 1, got 2',
    schema: true,
  },
  {
    name: 'a mask of the wrong width is refused, naming inputs.mask',
    doc: changed('attention', (d) => { d.inputs.mask = [[1, 0]]; }),
    error: 'inputs.mask: expected rows of 3 numbers (one per key), got rows of 2',
    schema: false,
  },
  {
    name: 'a mask of the wrong height is refused, naming inputs.mask',
    doc: changed('attention', (d) => { d.inputs.mask = [[1, 0, 1], [1, 1, 1]]; }),
    error: 'inputs.mask: expected 1 row (one per query), got 2',
    schema: false,
  },
  {
    name: 'a mask that is none of the four forms is refused, naming inputs.mask',
    doc: changed('attention', (d) => { d.inputs.mask = 'Causal'; }),
    error: 'inputs.mask: expected null, "causal", {"keyLength": L} or a matrix of 0 and 1, got "Causal"',
    schema: true,
  },
  {
    name: 'a padding length beyond the keys is refused, naming inputs.mask.keyLength',
    doc: changed('attention', (d) => { d.inputs.mask = { keyLength: 4 }; }),
    error: 'inputs.mask.keyLength: expected a whole number from 0 to 3 (the number of keys), got 4',
    schema: false,
  },
  {
    name: 'a mask fill written as text is refused, naming inputs.maskFill',
    doc: changed('attention', (d) => { d.inputs.maskFill = '-Infinity'; }),
    error: 'inputs.maskFill: expected a number, got "-Infinity"',
    schema: true,
  },
  {
    name: 'an unknown input is refused, naming inputs.masks',
    doc: changed('attention', (d) => { d.inputs.masks = 'causal'; }),
    error: 'inputs.masks: expected one of the fields "query", "key", "value", "mask", "maskFill", "seed", got an unknown field',
    schema: true,
  },
  {
    name: 'a negative seed is refused, naming inputs.seed',
    doc: changed('attention', (d) => { d.inputs.seed = -1; }),
    error: 'inputs.seed: expected a whole number from 0 to 4294967295, got -1',
    schema: true,
  },
  {
    name: 'more query labels than queries are refused, naming queryLabels',
    doc: changed('attention', (d) => { d.queryLabels = ['q', 'r']; }),
    error: 'queryLabels: expected 1 label (one per query), got 2',
    schema: false,
  },
  {
    name: 'an empty key label is refused, naming keyLabels[1]',
    doc: changed('attention', (d) => { d.keyLabels[1] = ''; }),
    error: 'keyLabels[1]: expected a label of 1 to 64 characters, got ""',
    schema: true,
  },
  {
    name: 'heads that do not divide d_model are refused, naming inputs.heads',
    doc: changed('multi-head', (d) => { d.inputs.heads = 3; }),
    error: 'inputs.heads: expected a divisor of dModel = 16, got 3',
    schema: false,
  },
  {
    name: 'a width written as text is refused, naming inputs.dModel',
    doc: changed('multi-head', (d) => { d.inputs.dModel = '16'; }),
    error: 'inputs.dModel: expected a whole number from 1 to 64, got "16"',
    schema: true,
  },
  {
    name: 'a token with a space is refused, naming inputs.tokens[1]',
    doc: changed('multi-head', (d) => { d.inputs.tokens[1] = 'a b'; }),
    error: 'inputs.tokens[1]: expected a word of 1 to 64 bytes of UTF-8 with no spaces, got "a b"',
    schema: true,
  },
  {
    name: 'a token of 40 characters but 80 bytes of UTF-8 is refused, counting its bytes',
    doc: changed('multi-head', (d) => { d.inputs.tokens[0] = 'é'.repeat(40); }),
    error: 'inputs.tokens[0]: expected a word of 1 to 64 bytes of UTF-8 with no spaces, got 80 bytes',
    schema: false,
  },
  {
    name: 'an empty sentence is refused, naming inputs.tokens',
    doc: changed('multi-head', (d) => { d.inputs.tokens = []; }),
    error: 'inputs.tokens: expected 1 to 1024 words, got an empty list',
    schema: true,
  },
  {
    name: 'a padding mask on a multi-head walkthrough is refused, as its controls offer none or causal',
    doc: changed('multi-head', (d) => { d.inputs.mask = { keyLength: 2 }; }),
    error: 'inputs.mask: expected one of null, "causal", got an object',
    schema: true,
  },
  {
    name: 'a sentence too long for the engine\'s cap on heads × queries × keys is refused, naming inputs.tokens',
    doc: changed('multi-head', (d) => { d.inputs.heads = 4; d.inputs.tokens = Array.from({ length: 1024 }, (_, i) => `w${i}`); }),
    error: 'inputs.tokens: expected heads × queries × keys of at most 2097152 (the engine\'s cap), got 4 × 1024 × 1024 = 4194304',
    schema: false,
  },
  {
    name: 'more than six wave columns are refused, naming inputs.dimensions',
    doc: changed('positional', (d) => { d.inputs.dimensions = [0, 1, 2, 3, 4, 5, 6]; }),
    error: 'inputs.dimensions: expected 1 to 6 column numbers, got 7',
    schema: true,
  },
  {
    name: 'a wave column beyond the encoding\'s width is refused, naming inputs.dimensions[5]',
    doc: changed('positional', (d) => { d.inputs.dimensions[5] = 200; }),
    error: 'inputs.dimensions[5]: expected a column below dModel = 128, got 200',
    schema: false,
  },
  {
    name: 'a wave column written as text is refused, naming inputs.dimensions[0]',
    doc: changed('positional', (d) => { d.inputs.dimensions[0] = '1'; }),
    error: 'inputs.dimensions[0]: expected a whole number from 0 to 1023, got "1"',
    schema: true,
  },
  {
    name: 'heads that do not divide the sentence\'s width are refused, naming inputs.heads',
    doc: changed('positional', (d) => { d.inputs.heads = 3; }),
    error: 'inputs.heads: expected a divisor of tokenDModel = 8, got 3',
    schema: false,
  },
  {
    name: 'an activation the layer does not have is refused, naming inputs.activation',
    doc: changed('encoder', (d) => { d.inputs.activation = 'tanh'; }),
    error: 'inputs.activation: expected one of "relu", "gelu", got "tanh"',
    schema: true,
  },
  {
    name: 'a missing attentionBias is refused, naming inputs.attentionBias',
    doc: changed('encoder', (d) => { delete d.inputs.attentionBias; }),
    error: 'inputs.attentionBias: expected one of "on", "off", got nothing',
    schema: true,
  },
  {
    name: 'a feed-forward wider than its control allows is refused, naming inputs.dFF',
    doc: changed('encoder', (d) => { d.inputs.dFF = 512; }),
    error: 'inputs.dFF: expected a whole number from 1 to 256, got 512',
    schema: true,
  },
  {
    name: 'a scaling experiment over the engine\'s cap on draws is refused, naming inputs.samples',
    doc: changed('scaling', (d) => { d.inputs.samples = 10000; }),
    error: 'inputs.samples: expected samples × keys × 1024 of at most 16777216 (the charts run d_k up to 1024), got 10000 × 5 × 1024 = 51200000',
    schema: false,
  },
  {
    name: 'a d_k below the sweep\'s first width is refused, naming inputs.dK',
    doc: changed('scaling', (d) => { d.inputs.dK = 2; }),
    error: 'inputs.dK: expected a whole number from 4 to 1024, got 2',
    schema: true,
  },
  {
    name: 'a sequence of one token is refused, naming inputs.length',
    doc: changed('entropy', (d) => { d.inputs.length = 1; }),
    error: 'inputs.length: expected a whole number from 2 to 16, got 1',
    schema: true,
  },
  {
    name: 'a fractional width is refused, naming inputs.dModel',
    doc: changed('entropy', (d) => { d.inputs.dModel = 2.5; }),
    error: 'inputs.dModel: expected a whole number from 1 to 64, got 2.5',
    schema: true,
  },
  {
    name: 'a global token past the end of the sequence is refused, naming its place in inputs.globalTokens',
    doc: changed('efficient', (d) => { d.inputs.globalTokens = [0, 8]; }),
    error: 'inputs.globalTokens[1]: expected a position below length = 8, got 8',
    schema: false,
  },
  {
    name: 'a negative window is refused, naming inputs.window',
    doc: changed('efficient', (d) => { d.inputs.window = -1; }),
    error: 'inputs.window: expected a whole number from 0 to 31, got -1',
    schema: true,
  },
  {
    name: 'a largest n the doubling sizes never reach is refused, naming inputs.maxN',
    doc: changed('cost', (d) => { d.inputs.maxN = 100; }),
    error: 'inputs.maxN: expected a power of two from 64 to 4096 (the sizes double from 64), got 100',
    schema: true,
  },
  {
    name: 'more repeats than measureCost allows are refused, naming inputs.repeats',
    doc: changed('cost', (d) => { d.inputs.repeats = 51; }),
    error: 'inputs.repeats: expected a whole number from 1 to 50, got 51',
    schema: true,
  },
  {
    name: 'a training task the engine does not have is refused, listing the tasks',
    doc: changed('training', (d) => { d.inputs.task = 'translate'; }),
    error: 'inputs.task: expected one of "compare", "reverse", "sort", "induction", "iris", got "translate"',
    schema: true,
  },
  {
    name: 'a learning rate of 0 is refused (the rate must be above 0)',
    doc: changed('training', (d) => { d.inputs.learningRate = 0; }),
    error: 'inputs.learningRate: expected a number above 0, up to 10, got 0',
    schema: true,
  },
  {
    name: 'a dropout of 1 is refused (a probability below 1)',
    doc: changed('training', (d) => { d.inputs.dropout = 1; }),
    error: 'inputs.dropout: expected a number from 0, below 1, got 1',
    schema: true,
  },
  {
    name: 'a weight decay given as text is refused',
    doc: changed('training', (d) => { d.inputs.weightDecay = '0.1'; }),
    error: 'inputs.weightDecay: expected a number from 0 to 1, got "0.1"',
    schema: true,
  },
  {
    name: 'more training steps than the page trains to are refused, naming inputs.steps',
    doc: changed('training', (d) => { d.inputs.steps = 100001; }),
    error: 'inputs.steps: expected a whole number from 0 to 100000, got 100001',
    schema: true,
  },
  {
    name: 'training heads that do not divide the training d_model are refused (a rule between fields)',
    doc: changed('training', (d) => { d.inputs.dModel = 16; d.inputs.heads = 3; }),
    error: 'inputs.heads: expected a divisor of dModel = 16, got 3',
    schema: false,
  },
  {
    name: 'a training walkthrough has no steps to word',
    doc: changed('training', (d) => { d.stepTexts = { train: { title: 'Train' } }; }),
    error: 'stepTexts: expected no stepTexts (a "training" walkthrough has no steps), got an object',
    schema: true,
  },
  {
    name: 'an exercise whose tolerance is 0 is refused, naming the exercise’s field',
    doc: changed('attention', (d) => { d.exercises = [{ ...{ id: 'w', type: 'numeric', title: 'A weight', prompt: 'What weight does k2 get?', after: 'scale', stage: 'weight', row: 0, column: 2 }, tolerance: 0 }]; }),
    error: 'exercises[0].tolerance: expected a number above 0, got 0',
    schema: true,
  },
  {
    name: 'an exercise without its question is refused',
    doc: changed('attention', (d) => { const { prompt: _, ...rest } = { id: 'w', type: 'numeric', title: 'A weight', prompt: 'What weight does k2 get?', after: 'scale', stage: 'weight', row: 0, column: 2 }; d.exercises = [rest]; }),
    error: 'exercises[0].prompt: expected a question of 1 to 500 characters, got nothing',
    schema: true,
  },
  {
    name: 'an exercise on a cell outside the walkthrough’s inputs is refused (only the page knows the sizes)',
    doc: changed('attention', (d) => { d.exercises = [{ ...{ id: 'w', type: 'numeric', title: 'A weight', prompt: 'What weight does k2 get?', after: 'scale', stage: 'weight', row: 0, column: 2 }, column: 99 }]; }),
    error: `exercises[0].column: expected a whole number from 0 to ${BASE.attention.inputs.key.length - 1}, got 99`,
    schema: false,
  },
  {
    name: 'two exercises with one id are refused',
    doc: changed('attention', (d) => { d.exercises = [{ id: 'w', type: 'numeric', title: 'A weight', prompt: 'What weight does k2 get?', after: 'scale', stage: 'weight', row: 0, column: 2 }, { id: 'w', type: 'numeric', title: 'A weight', prompt: 'What weight does k2 get?', after: 'scale', stage: 'weight', row: 0, column: 2 }]; }),
    error: 'exercises[1].id: expected a name no other exercise of this walkthrough has, got "w"',
    schema: false,
  },
  {
    name: 'an exercise after a step attention has not got is refused, listing the steps',
    doc: changed('attention', (d) => { d.exercises = [{ ...{ id: 'w', type: 'numeric', title: 'A weight', prompt: 'What weight does k2 get?', after: 'scale', stage: 'weight', row: 0, column: 2 }, after: 'weights' }]; }),
    error: 'exercises[0].after: expected one of "inputs", "scores", "scale", "mask", "softmax", "output", got "weights"',
    schema: true,
  },
  {
    name: 'a pick-key exercise with a numeric exercise’s field is refused, naming it and listing its own',
    doc: changed('attention', (d) => { d.exercises = [{ id: 'p', type: 'pick-key', title: 'Predict', prompt: 'Which key wins?', after: 'scale', row: 0, stage: 'weight' }]; }),
    error: 'exercises[0].stage: expected one of the fields "id", "type", "title", "prompt", "after", "row", got an unknown field',
    schema: true,
  },
  {
    name: 'a pick-key exercise without its query row is refused',
    doc: changed('attention', (d) => { d.exercises = [{ id: 'p', type: 'pick-key', title: 'Predict', prompt: 'Which key wins?', after: 'scale' }]; }),
    error: 'exercises[0].row: expected a whole number from 0 to 0, got nothing',
    schema: true,
  },
  {
    name: 'an exercise of a type the page does not know is refused, listing the types',
    doc: changed('attention', (d) => { d.exercises = [{ id: 'p', type: 'essay', title: 'Explain', prompt: 'Why?' }]; }),
    error: 'exercises[0].type: expected one of "numeric", "pick-key", "order-passes", "value", "pick-cell", got "essay"',
    schema: true,
  },
  {
    name: 'an order-passes exercise takes no cell',
    doc: changed('attention', (d) => { d.exercises = [{ id: 'o', type: 'order-passes', title: 'Order', prompt: 'Order the passes.', row: 0 }]; }),
    error: 'exercises[0].row: expected one of the fields "id", "type", "title", "prompt", "after", got an unknown field',
    schema: true,
  },
  {
    name: 'the cost lab, which shows no matrix, takes no value exercise, naming the one type it may have',
    doc: changed('cost', (d) => { d.exercises = [{ id: 'v', type: 'value', title: 'A number', prompt: 'Which?', step: 'x', panel: 'y', row: 0, column: 0 }]; }),
    error: 'exercises[0].type: expected one of "cost-growth", got "value"',
    schema: true,
  },
  {
    name: 'a cost-growth exercise on a size whose double the page would not measure is refused',
    doc: changed('cost', (d) => { d.exercises = [{ ...GROWTH, n: 1024 }]; }),
    error: 'exercises[0].n: expected one of 64, 128, 256, 512, got 1024',
    schema: true,
  },
  {
    name: 'a cost-growth exercise without its measure is refused, naming the field',
    doc: changed('cost', (d) => { const { measure: _, ...rest } = GROWTH; d.exercises = [rest]; }),
    error: 'exercises[0].measure: expected one of "multiplyAdds", "peakCells", got nothing',
    schema: true,
  },
  {
    name: 'a cost-growth exercise whose tolerance is 0 is refused',
    doc: changed('cost', (d) => { d.exercises = [{ ...GROWTH, tolerance: 0 }]; }),
    error: 'exercises[0].tolerance: expected a number above 0, got 0',
    schema: true,
  },
  {
    name: 'an exercise graded by attention’s diagnose on a walkthrough of another kind is refused, naming the types it may have',
    doc: changed('multi-head', (d) => { d.exercises = [{ id: 'w', type: 'numeric', title: 'A weight', prompt: 'What weight does k2 get?', after: 'scale', stage: 'weight', row: 0, column: 2 }]; }),
    error: 'exercises[0].type: expected one of "value", "pick-cell", got "numeric"',
    schema: true,
  },
  {
    name: 'a pick-cell exercise without its rule is refused, naming the field and the rules',
    doc: changed('multi-head', (d) => { d.exercises = [{ ...PICK, rule: undefined }]; }),
    error: 'exercises[0].rule: expected one of "max", "min", "blocked", got nothing',
    schema: true,
  },
  {
    name: 'a pick-cell exercise with a rule it does not know is refused',
    doc: changed('attention', (d) => { d.exercises = [{ ...PICK, step: 'softmax', panel: 'weights', rule: 'largest' }]; }),
    error: 'exercises[0].rule: expected one of "max", "min", "blocked", got "largest"',
    schema: true,
  },
  {
    name: 'a pick-cell exercise on a row past the largest matrix it can show is refused',
    doc: changed('multi-head', (d) => { d.exercises = [{ ...PICK, row: 24 }]; }),
    error: 'exercises[0].row: expected a whole number from 0 to 23, got 24',
    schema: true,
  },
  {
    name: 'a pick-cell exercise with both a row and a column (one cell, nothing to pick) is refused',
    doc: changed('multi-head', (d) => { d.exercises = [{ ...PICK, column: 2 }]; }),
    error: 'exercises[0].column: expected no column beside a row (the cell is picked within the row; leave both out for the whole matrix), got 2',
    schema: true,
  },
  {
    name: 'a pick-cell exercise whose numbers are neither shown nor hidden is refused',
    doc: changed('entropy', (d) => { d.exercises = [{ ...PICK, numbers: 'blank' }]; }),
    error: 'exercises[0].numbers: expected one of "shown", "hidden", got "blank"',
    schema: true,
  },
  {
    name: 'a pick-cell exercise with a value exercise’s tolerance is refused, listing its own fields',
    doc: changed('multi-head', (d) => { d.exercises = [{ ...PICK, tolerance: 0.01 }]; }),
    error: 'exercises[0].tolerance: expected one of the fields "id", "type", "title", "prompt", "after", "step", "panel", "rule", "row", "column", "numbers", got an unknown field',
    schema: true,
  },
];

describe('bad walkthroughs are refused with a sentence naming the field', () => {
  for (const { name, doc, error, schema } of BAD) {
    test(name, () => {
      const { parsed, schemaOk, schemaErrors } = verdicts(doc);
      assert.deepEqual(parsed, { error });
      if (schema) assert.equal(schemaOk, false, 'the JSON Schema refuses it too');
      else assert.equal(schemaOk, true, `only the page can check this rule, yet the schema says: ${schemaErrors}`);
    });
  }
});

describe('what the validator accepts and returns', () => {
  test('markup in labels, a title and tokens is accepted as text and returned unchanged', () => {
    const markup = '<img src=x onerror=alert(1)>';
    const attention = changed('attention', (d) => {
      d.title = markup;
      d.intro = `<b>${markup}</b> & "quotes"`;
      d.queryLabels = [markup];
      d.keyLabels = ['<script>alert(1)</script>', '&amp;', markup];
    });
    assert.deepEqual(assertValid(attention), attention);
    const sentence = changed('multi-head', (d) => { d.inputs.tokens = ['<script>alert(1)</script>', '<b>', '&lt;']; });
    assert.deepEqual(assertValid(sentence), sentence);
  });

  test('a walkthrough without a lesson is accepted as one of the instructor\'s own', () => {
    const walkthrough = assertValid(changed('attention', (d) => { delete d.lesson; }));
    assert.equal(walkthrough.lesson, undefined);
  });

  test('a $schema field is accepted for editors and left out of the walkthrough', () => {
    const doc = changed('entropy', (d) => { d.$schema = 'https://example.org/walkthrough.schema.json'; });
    const walkthrough = assertValid(doc);
    assert.equal('$schema' in walkthrough, false);
    assert.deepEqual(walkthrough, BASE.entropy);
  });

  test('each mask form is accepted: null, causal, a padding length, a 0/1 matrix, with a finite or null fill', () => {
    for (const mask of [null, 'causal', { keyLength: 0 }, { keyLength: 3 }, [[1, 0, 1]]]) {
      for (const maskFill of [undefined, null, -1e9]) {
        assertValid(changed('attention', (d) => { d.inputs.mask = mask; if (maskFill !== undefined) d.inputs.maskFill = maskFill; }));
      }
    }
  });

  test('cross-attention with a causal mask is accepted', () => {
    assertValid(changed('multi-head', (d) => { d.inputs.sourceTokens = ['le', 'chat', 'dort', 'ici']; d.inputs.mask = 'causal'; }));
  });

  test('an id the page already ships is refused when the caller names the taken ids', () => {
    const taken = new Set(['worked-example']);
    const doc = changed('attention', (d) => { d.id = 'worked-example'; });
    assert.deepEqual(parseWalkthrough(doc, { takenIds: taken }), { error: 'id: expected a name no shipped walkthrough has, got "worked-example"' });
    assert.equal(parseWalkthrough(doc).error, undefined, 'without taken ids the same file passes');
  });

  test('JSON text is parsed first, and text that is not JSON is refused at the top level', () => {
    assert.deepEqual(parseWalkthroughText(JSON.stringify(BASE.scaling)), { walkthrough: BASE.scaling });
    const { error } = parseWalkthroughText('{"id": "x",}');
    assert.match(error, /^\(top level\): expected JSON, got text that is not JSON \(.+\)$/);
    assert.deepEqual(parseWalkthroughText('x'.repeat(1_000_001)), { error: '(top level): expected at most 1000000 characters of JSON, got 1000001' });
  });

  test('inputs at the edges of every range are accepted', () => {
    assertValid(changed('attention', (d) => {
      d.inputs = { query: [Array(16).fill(0)], key: Array.from({ length: 12 }, () => Array(16).fill(1)), value: Array.from({ length: 12 }, () => Array(16).fill(-1)), seed: 4294967295 };
      d.keyLabels = Array.from({ length: 12 }, (_, i) => 'k'.repeat(64 - String(i).length) + i);
    }));
    assertValid(changed('multi-head', (d) => { d.inputs = { tokens: ['x'.repeat(64), 'é'.repeat(32)], dModel: 64, heads: 16, seed: 0 }; }));
    assertValid(changed('multi-head', (d) => { d.inputs.heads = 2; d.inputs.tokens = Array.from({ length: 1024 }, (_, i) => `w${i}`); }));
    assertValid(changed('scaling', (d) => { d.inputs = { dK: 4, keys: 1024, samples: 16, seed: 0 }; }));
    assertValid(changed('positional', (d) => { d.inputs.dModel = 1024; d.inputs.dimensions = [1023]; }));
    assertValid(changed('training', (d) => { d.inputs = { task: 'iris', seed: 4294967295, learningRate: 10, weightDecay: 0, dropout: 0.999, steps: 100000, dModel: 256, heads: 16, layers: 4, dFF: 1024, batchSize: 256, optimizer: 'sgd' }; }));
    assertValid(changed('training', (d) => { d.inputs = { task: 'reverse', learningRate: 1e-9, weightDecay: 1, steps: 0 }; }));
  });
});

describe('the schema and the format doc\'s tables are written from the kinds\' descriptors', () => {
  const REGENERATE = 'run `npx tsc -p tests/page && node scripts/walkthrough-schema.mjs` and commit the result';

  test('docs/walkthrough.schema.json is the one scripts/walkthrough-schema.mjs writes', async () => {
    const { schema } = await generated();
    assert.ok(read(new URL('../../docs/walkthrough.schema.json', import.meta.url)) === schema, `the committed schema is out of date: ${REGENERATE}`);
  });

  test('the input tables of docs/walkthrough-format.md are the ones scripts/walkthrough-schema.mjs writes', async () => {
    const { doc } = await generated();
    assert.ok(FORMAT_DOC === doc, `the format doc's tables are out of date: ${REGENERATE}`);
  });

  test('every kind has its table, with a row per input field', () => {
    for (const kind of KINDS) {
      const table = FORMAT_DOC.split(`<!-- inputs:${kind} `)[1]?.split(`<!-- /inputs:${kind} -->`)[0] ?? '';
      const rows = [...table.matchAll(/^\| `(\w+)` \|/gm)].map((m) => m[1]);
      assert.deepEqual(rows, Object.keys(descriptorOf(kind).inputs), kind);
    }
  });
});

describe('the JSON Schema and the validator agree on names and ranges', () => {
  test('they list the same kinds and lessons', () => {
    assert.deepEqual(SCHEMA.properties.kind.enum, KINDS);
    assert.deepEqual(SCHEMA.properties.lesson.enum, LESSON_IDS);
  });

  test('they list the same steps of each kind for stepTexts', async () => {
    const { fixedStepIds } = await importCompiled('model/pipeline');
    for (const kind of KINDS) {
      const then = SCHEMA.allOf.find((/** @type {any} */ c) => c.if.properties.kind.const === kind).then;
      const ids = fixedStepIds(descriptorOf(kind).steps);
      // A kind with no steps (drawn by a view of its own) takes no stepTexts at all.
      if (ids.length === 0) assert.equal(then.properties.stepTexts, false, kind);
      else assert.deepEqual(then.properties.stepTexts.propertyNames.enum, ids, kind);
    }
  });

  test('their text limits are the same', () => {
    assert.equal(SCHEMA.properties.id.maxLength, TEXT_LIMITS.id);
    assert.equal(SCHEMA.properties.title.maxLength, TEXT_LIMITS.title);
    assert.equal(SCHEMA.properties.intro.maxLength, TEXT_LIMITS.intro);
    assert.equal(SCHEMA.$defs.label.maxLength, TEXT_LIMITS.label);
    assert.equal(SCHEMA.$defs.words.maxItems, TOKENS.count.max);
  });

  test('every whole-number input has the range of its control in its kind\'s descriptor', () => {
    const defs = {
      'multi-head': 'multiHeadInputs', positional: 'positionalInputs', encoder: 'encoderInputs', scaling: 'scalingInputs', entropy: 'entropyInputs',
      flash: 'flashInputs', 'kv-cache': 'kvCacheInputs', rope: 'ropeInputs', alibi: 'alibiInputs', training: 'trainingInputs',
    };
    for (const [kind, def] of Object.entries(defs)) {
      const properties = SCHEMA.$defs[def].properties;
      for (const [name, field] of Object.entries(descriptorOf(kind).inputs)) {
        if (field.type === 'number') {
          const { minimum, exclusiveMinimum, maximum, exclusiveMaximum } = properties[name];
          assert.deepEqual({ min: minimum ?? exclusiveMinimum, max: maximum ?? exclusiveMaximum, aboveMin: exclusiveMinimum !== undefined, belowMax: exclusiveMaximum !== undefined },
            { min: field.min, max: field.max, aboveMin: field.aboveMin === true, belowMax: field.belowMax === true }, `${kind} inputs.${name}`);
        }
        if (field.type !== 'integer') continue;
        assert.deepEqual({ min: properties[name].minimum, max: properties[name].maximum }, { min: field.min, max: field.max }, `${kind} inputs.${name}`);
      }
      assert.deepEqual({ min: properties.seed.minimum, max: properties.seed.maximum }, SEED, `${kind} inputs.seed`);
    }
    assert.equal(SCHEMA.$defs.positionalInputs.properties.dimensions.maxItems, descriptorOf('positional').inputs.dimensions.count.max);
    const attention = SCHEMA.$defs.attentionInputs.properties;
    const fields = descriptorOf('attention').inputs;
    assert.equal(attention.query.maxItems, fields.query.rows.max);
    assert.equal(attention.query.items.maxItems, fields.query.cols.max);
    assert.equal(attention.key.maxItems, fields.key.rows.max);
    assert.equal(attention.value.items.maxItems, fields.value.cols.max);
  });
});
