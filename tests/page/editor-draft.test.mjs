// The walkthrough editor's draft (web/src/authoring/draft.ts), without a DOM: a copy of the
// walkthrough started from under an id of its own; one field changed by its path; the fields a
// refusal names; the exercise forms derived from the schema's branches; a new exercise of each
// type the attention kind offers, valid at once where its fields are choices, and once the
// instructor names a step and panel where it needs them.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { importCompiled } from '../support/compiled.mjs';
import { SHIPPED } from '../support/shipped-walkthroughs.mjs';

const { checkDraft, draftFrom, exerciseFields, getAt, newExercise, pathParts, refusedPaths, setAt } = await importCompiled('authoring/draft');
const { asOwnCopy, freshId } = await importCompiled('authoring/own-copy');

const taken = (/** @type {string} */ id) => SHIPPED.has(id);
const WORDS = { title: 'Your turn', prompt: 'Write the question here.' };

describe('the draft', () => {
  test('a shipped walkthrough is copied under an id of its own, out of its lesson; the original is untouched', () => {
    const original = SHIPPED.get('worked-example');
    const draft = draftFrom(original, taken);
    assert.equal(draft.id, 'worked-example-copy');
    assert.equal(draft.lesson, undefined);
    assert.deepEqual(draft.inputs, original.inputs);
    draft.inputs.query[0][0] = 99;
    assert.notEqual(original.inputs.query[0][0], 99);
    assert.equal(freshId('worked-example', (id) => taken(id) || id === 'worked-example-copy'), 'worked-example-copy-2');
    assert.equal(freshId('mine', taken), 'mine');
    assert.equal(freshId('x'.repeat(64), (id) => id === 'x'.repeat(64)), `${'x'.repeat(59)}-copy`);
  });

  test('a field is set by its path, making what is on the way; undefined removes it and an emptied entry goes', () => {
    assert.deepEqual(pathParts('exercises[1].row'), ['exercises', 1, 'row']);
    assert.deepEqual(pathParts('stepTexts.scores.title'), ['stepTexts', 'scores', 'title']);
    const draft = { id: 'a', exercises: [{ id: 'e', row: 0 }, { id: 'f', row: 1 }] };
    const changed = setAt(draft, 'exercises[1].row', 2);
    assert.equal(getAt(changed, 'exercises[1].row'), 2);
    assert.equal(getAt(draft, 'exercises[1].row'), 1, 'the draft before is kept as it was');
    const worded = setAt(draft, 'stepTexts.scores.title', 'Matches');
    assert.deepEqual(worded.stepTexts, { scores: { title: 'Matches' } });
    assert.equal(setAt(worded, 'stepTexts.scores.title', undefined).stepTexts, undefined);
  });

  test('a refusal names its fields, the engine’s behind its sentence too', () => {
    assert.deepEqual(refusedPaths('exercises[0].row: expected a whole number from 0 to 0, got 5'), ['exercises[0].row']);
    assert.deepEqual(refusedPaths('This walkthrough’s exercises cannot be shown: exercises[0].panel: expected a matrix of step "window", got "x"'), ['exercises[0].panel']);
    assert.deepEqual(refusedPaths('Your walkthrough (#walkthrough): stepTexts.sofmax: expected one of the steps'), ['stepTexts.sofmax']);
    assert.deepEqual(refusedPaths('The engine refused these inputs: query must not be empty'), []);
  });

  test('the draft is checked as a file is: a valid copy passes, a shipped id is refused naming id', () => {
    const draft = draftFrom(SHIPPED.get('worked-example'), taken);
    assert.equal(checkDraft(draft, SHIPPED).walkthrough.id, 'worked-example-copy');
    assert.equal(checkDraft({ ...draft, id: 'causal-mask' }, SHIPPED).error, 'id: expected a name no shipped walkthrough has, got "causal-mask"');
    assert.match(checkDraft(setAt(draft, 'title', ''), SHIPPED).error, /^title: /);
  });
});

describe('the exercise forms', () => {
  test('each type’s fields come from its schema branch: choices for enums, whole numbers, numbers, text; required or not', () => {
    assert.deepEqual(exerciseFields('numeric').map(({ name, control, required }) => [name, control, required]), [
      ['stage', 'select', true], ['row', 'integer', true], ['column', 'integer', true], ['tolerance', 'number', false],
    ]);
    assert.deepEqual(exerciseFields('numeric')[0].options, ['score', 'scaled', 'weight', 'output']);
    assert.deepEqual(exerciseFields('order-passes'), []);
    assert.deepEqual(exerciseFields('pick-cell').map((f) => f.name), ['step', 'panel', 'rule', 'row', 'column', 'numbers']);
  });

  test('a new exercise of each type has an id of its own; those that need only choices are valid at once', () => {
    const base = draftFrom(SHIPPED.get('worked-example'), taken);
    const add = (draft, type) => setAt(draft, 'exercises', [...(draft.exercises ?? []), newExercise(type, draft.exercises ?? [], WORDS, 'scores')]);
    let draft = base;
    for (const type of ['numeric', 'pick-key', 'order-passes']) draft = add(draft, type);
    assert.deepEqual(draft.exercises.map((e) => e.id), ['numeric-1', 'pick-key-1', 'order-passes-1']);
    assert.deepEqual(draft.exercises[0], { id: 'numeric-1', type: 'numeric', title: 'Your turn', prompt: 'Write the question here.', after: 'scores', stage: 'score', row: 0, column: 0 });
    assert.ok('walkthrough' in checkDraft(draft, SHIPPED), JSON.stringify(checkDraft(draft, SHIPPED)));
    // A pick-the-cell exercise names a step and a panel, left empty for the instructor (the walkthrough
    // opened refuses a step it does not have, naming the field: tests/e2e/editor.test.mjs).
    const picked = add(draft, 'pick-cell');
    assert.deepEqual([picked.exercises[3].step, picked.exercises[3].panel, picked.exercises[3].rule], ['', '', 'max']);
    const given = setAt(setAt(picked, 'exercises[3].step', 'softmax'), 'exercises[3].panel', 'weights');
    assert.ok('walkthrough' in checkDraft(given, SHIPPED), JSON.stringify(checkDraft(given, SHIPPED)));
  });
});

describe('a copied file', () => {
  test('keeps its text unless its id is a shipped walkthrough’s, which is replaced by one of its own', () => {
    const copy = JSON.stringify({ ...SHIPPED.get('causal-mask') });
    const own = asOwnCopy(copy, taken);
    assert.deepEqual(own.renamed, { from: 'causal-mask', to: 'causal-mask-copy' });
    assert.equal(JSON.parse(own.text).id, 'causal-mask-copy');
    assert.deepEqual(asOwnCopy('{"id":"mine"}', taken), { text: '{"id":"mine"}' });
    assert.deepEqual(asOwnCopy('not json', taken), { text: 'not json' });
  });
});
