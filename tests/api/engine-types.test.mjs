/**
 * web/lib/operations.d.ts is written from the engine's descriptions by scripts/engine-types.mjs;
 * this fails when an operation, argument, result field or name changed without
 * `node scripts/engine-types.mjs`, and shows that the generator refuses a description it would
 * have to guess about. (types-match-descriptions.test.mjs checks what the declarations mean.)
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { describeEngine, isOneOf } from '../../scripts/engine-descriptions.mjs';
import { DECLARATIONS, renderDeclarations } from '../../scripts/engine-types.mjs';

/** @typedef {import('../../scripts/engine-descriptions.mjs').OperationDescription} OperationDescription */
/** @typedef {import('../../scripts/engine-descriptions.mjs').FieldDescription} FieldDescription */

const engine = describeEngine();

/** @param {import('../../scripts/engine-descriptions.mjs').EngineDescription} described @param {string} name */
const operation = (described, name) => /** @type {OperationDescription} */ (described.operations.find((op) => op.name === name));

test('web/lib/operations.d.ts is what scripts/engine-types.mjs writes from the engine\'s descriptions', () => {
  assert.equal(readFileSync(DECLARATIONS, 'utf8'), renderDeclarations(engine), 'web/lib/operations.d.ts is out of date: run node scripts/engine-types.mjs');
});

test('every operation, its arguments, its result and whether the lite engine has it are written, so the check above can fail', () => {
  const written = renderDeclarations(engine);
  for (const op of engine.operations) {
    assert.match(written, new RegExp(`^  ${op.name}(<S extends \\w+>)?\\(args: `, 'm'), op.name);
    assert.ok(written.includes(`${op.title}: docs/engine.md, \`${op.name}\`.`), op.name);
  }
  assert.ok(written.includes('  softmax(args: SoftmaxArgs): SoftmaxTrace;\n'));
  assert.ok(written.includes('  explainAttention<S extends ExplainStage>(args: ExplainAttentionArgs<S>): ExplanationByStage[S];\n'));
  assert.ok(written.includes('  positionalEncoding(args: PositionalEncodingArgs): Matrix;\n'));
  const lite = engine.operations.filter((op) => op.lite).length;
  assert.equal(written.split('Both engines have it.').length - 1, lite);
  assert.equal(written.split('The full engine only').length - 1, engine.operations.length - lite);

  const changed = structuredClone(engine);
  operation(changed, 'softmax').arguments.push({ name: 'temperature', kind: 'number', optional: true, shape: '', doc: 'divides the logits', default: '1' });
  const withArgument = renderDeclarations(changed);
  assert.ok(withArgument.includes('  /** divides the logits; default 1 */\n  temperature?: number | undefined;\n'));
  operation(changed, 'softmax').result.fields?.push({ name: 'temperature', type: 'number', optional: false, doc: 'as used' });
  assert.ok(renderDeclarations(changed).includes('  /** as used */\n  temperature: number;\n}'));
  operation(changed, 'softmax').lite = false;
  assert.equal(renderDeclarations(changed).split('Both engines have it.').length - 1, lite - 1);
});

test('a type described two ways under one name is refused, not guessed', () => {
  const changed = structuredClone(engine);
  const trace = operation(changed, 'multiHeadAttention').result;
  trace.fields = (trace.fields ?? []).filter((f) => isOneOf(f) || f.name !== 'concat');
  // encoderLayer's attention field still describes MultiHeadAttentionTrace in full.
  assert.throws(() => renderDeclarations(changed), /MultiHeadAttentionTrace is described twice, differently/);
});

test('a selected result whose cases are not the values of its choice is refused', () => {
  const changed = structuredClone(engine);
  const selection = /** @type {import('../../scripts/engine-descriptions.mjs').Selection} */ (operation(changed, 'explainAttention').result.selectedBy);
  selection.cases = selection.cases.filter((c) => c.value !== 'output');
  assert.throws(() => renderDeclarations(changed), /explainAttention\(\): the cases \(score, scaled, weight\) are not the values of stage/);
});

test('an argument group that no operation takes as the group describes it is refused', () => {
  const changed = structuredClone(engine);
  const masking = /** @type {import('../../scripts/engine-descriptions.mjs').ArgumentGroup} */ (changed.argumentGroups.find((g) => g.name === 'MaskingArgs'));
  masking.arguments[1] = { ...masking.arguments[1], default: '-1e9' };
  assert.throws(() => renderDeclarations(changed), /no operation takes the arguments of MaskingArgs/);
});

test('a set of choices described with two different values is refused', () => {
  const changed = structuredClone(engine);
  const argument = operation(changed, 'feedForwardBackward').arguments.find((a) => a.name === 'activation');
  assert.ok(argument);
  argument.choices = 'relu|gelu|tanh';
  assert.throws(() => renderDeclarations(changed), /choice set activation is described as both relu\|gelu and relu\|gelu\|tanh/);
});
