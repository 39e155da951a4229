/**
 * The declarations a consumer of the package sees (web/lib/index.d.ts, which re-exports the
 * generated web/lib/operations.d.ts) held to the engine's own descriptions through the
 * TypeScript compiler API: every operation on AttentionLab, its arguments' names, optionality
 * and types, and its result's fields, nested, with the type of every leaf and the values of every
 * set of choices. engine-types.test.mjs checks the file is what the generator writes; this checks
 * that what it writes means what the descriptions say, whatever the generator does.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

import ts from 'typescript';

import { isOneOf, loadDescriptions } from '../../scripts/engine-descriptions.mjs';

const LIB = fileURLToPath(new URL('../../web/lib/', import.meta.url));
const DECLARATION_FILES = ['index.d.ts', 'operations.d.ts', 'values.d.ts'];

/**
 * Members of AttentionLab that are not engine operations: constants, diagnostics, and the
 * trainer, a stateful object whose types tests/api/trainer-types.test.mjs checks instead.
 */
const NOT_OPERATIONS = ['maxDimension', 'maxSequence', 'maxPeakCells', 'memory', 'createTrainer', 'createLanguageModel', 'loadLanguageModel'];

/** How each leaf of a result may be declared. */
const LEAF_TYPES = {
  matrix: ['Matrix'],
  'matrix[]': ['Matrix[]'],
  vector: ['Vector'],
  indices: ['number[]'],
  strings: ['string[]'],
  number: ['number'],
  integer: ['number'],
  boolean: ['boolean'],
};

/** How each kind of argument may be declared (a choice is checked against its values). */
const ARGUMENT_TYPES = {
  matrix: ['MatrixInput'],
  vector: ['VectorInput'],
  indices: ['VectorInput'],
  strings: ['readonly string[]'],
  text: ['string'],
  matrixLists: ['readonly (readonly MatrixInput[])[]'],
  number: ['number'],
  integer: ['number'],
  boolean: ['boolean'],
  mask: ['Mask'],
};

/** @typedef {import('../../scripts/engine-descriptions.mjs').FieldDescription} FieldDescription */
/** @typedef {import('../../scripts/engine-descriptions.mjs').FieldEntry} FieldEntry */

/**
 * The fields a caller may meet: those of a one_of's alternatives are optional, since which
 * alternative is there depends on the call.
 * @param {FieldEntry[]} fields
 * @returns {FieldDescription[]}
 */
const flattened = (fields) =>
  fields.flatMap((f) => (isOneOf(f) ? f.oneOf.flatMap((alternative) => flattened(alternative.fields ?? []).map((g) => ({ ...g, optional: true }))) : [f]));

/**
 * Reads the declarations into { operation → { args, result } }, where args lists each
 * argument's name, optionality and type and result is the return type as a tree of fields.
 * @param {string} file index.d.ts
 */
function readDeclarations(file) {
  const program = ts.createProgram([file], { strict: true, noEmit: true, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext });
  const checker = program.getTypeChecker();
  const source = /** @type {ts.SourceFile} */ (program.getSourceFile(file));
  const lab = source.statements.find((s) => ts.isInterfaceDeclaration(s) && s.name.text === 'AttentionLab');
  assert.ok(lab, 'index.d.ts declares interface AttentionLab');
  const labType = checker.getTypeAtLocation(/** @type {ts.InterfaceDeclaration} */ (lab).name);

  /** @param {ts.Symbol} symbol */
  const isOptional = (symbol) => (symbol.flags & ts.SymbolFlags.Optional) !== 0;

  /**
   * A type's fields as { name → { optional, types } }; for a union, the fields of every member,
   * a field missing from some member being optional, and its type in each member that has it.
   * @param {ts.Type} type
   * @returns {Map<string, { optional: boolean, type: ts.Type, types: ts.Type[] }>}
   */
  const fieldsOf = (type) => {
    const members = type.isUnion() ? type.types : [type];
    /** @type {Map<string, { optional: boolean, type: ts.Type, types: ts.Type[] }>} */
    const out = new Map();
    for (const member of members) {
      for (const symbol of checker.getPropertiesOfType(member)) {
        const propertyType = checker.getNonNullableType(checker.getTypeOfSymbol(symbol));
        const seen = out.get(symbol.name);
        const optional = isOptional(symbol) || (seen?.optional ?? false);
        out.set(symbol.name, { optional, type: seen?.type ?? propertyType, types: [...(seen?.types ?? []), propertyType] });
      }
    }
    for (const [name, field] of out) {
      if (!members.every((m) => checker.getPropertyOfType(m, name))) field.optional = true;
    }
    return out;
  };

  /** @type {Map<string, { args: ReturnType<typeof fieldsOf>, result: ts.Type }>} */
  const operations = new Map();
  for (const symbol of checker.getPropertiesOfType(labType)) {
    if (NOT_OPERATIONS.includes(symbol.name)) continue;
    const [signature] = checker.getSignaturesOfType(checker.getTypeOfSymbol(symbol), ts.SignatureKind.Call);
    assert.ok(signature, `AttentionLab.${symbol.name} is a method`);
    // A generic method (explainAttention<S>) stands for every S: its arguments and result at
    // the constraint, ExplanationByStage[ExplainStage] for instance.
    const atConstraint = (/** @type {ts.Type} */ t) => checker.getBaseConstraintOfType(t) ?? t;
    const args = atConstraint(checker.getTypeOfSymbol(signature.getParameters()[0]));
    const result = atConstraint(checker.getReturnTypeOfSignature(signature));
    operations.set(symbol.name, { args: fieldsOf(checker.getApparentType(args)), result });
  }

  /**
   * The string literals a type is made of (a union of them, one, or a type parameter's
   * constraint), or undefined when it is not made of string literals only.
   * @param {ts.Type} type
   * @returns {string[] | undefined}
   */
  const literals = (type) => {
    const resolved = type.flags & ts.TypeFlags.TypeParameter ? checker.getBaseConstraintOfType(type) ?? type : type;
    const parts = resolved.isUnion() ? resolved.types : [resolved];
    return parts.every((p) => p.isStringLiteral()) ? parts.map((p) => /** @type {ts.StringLiteralType} */ (p).value).sort() : undefined;
  };
  return { operations, fieldsOf, literals, typeText: (/** @type {ts.Type} */ t) => checker.typeToString(t), checker };
}

/**
 * Every difference between the declarations and the descriptions, as sentences.
 * @param {ReturnType<typeof readDeclarations>} declared
 * @param {import('../../scripts/engine-descriptions.mjs').OperationDescription[]} descriptions
 */
function differences(declared, descriptions) {
  const { operations, fieldsOf, literals, typeText, checker } = declared;
  /** @type {string[]} */
  const out = [];
  const described = descriptions.map((d) => d.name);
  for (const name of operations.keys()) {
    if (!described.includes(name)) out.push(`AttentionLab.${name} is declared but the engine has no such operation`);
  }

  /**
   * Whether a declared type holds exactly the described choices (each type, for a field a
   * union's members declare differently: a selected result's discriminant).
   * @param {string} path
   * @param {string} choices
   * @param {ts.Type[]} types
   */
  const compareChoices = (path, choices, types) => {
    const expected = choices.split('|').sort();
    const found = [...new Set(types.flatMap((t) => literals(t) ?? [`(${typeText(t)})`]))].sort();
    if (found.join('|') !== expected.join('|')) out.push(`${path} should be ${expected.map((c) => `'${c}'`).join(' | ')}, is ${found.join(' | ')}`);
  };

  /**
   * @param {string} path
   * @param {FieldEntry[]} entries
   * @param {ts.Type} type
   */
  const compareFields = (path, entries, type) => {
    const fields = flattened(entries);
    const actual = fieldsOf(type);
    for (const f of fields) {
      const got = actual.get(f.name);
      if (!got) {
        out.push(`${path}.${f.name} is described but not declared`);
        continue;
      }
      if (got.optional !== f.optional) out.push(`${path}.${f.name} is ${f.optional ? '' : 'not '}optional in the engine`);
      if (f.type === 'object') {
        compareFields(`${path}.${f.name}`, f.fields ?? [], got.type);
      } else if (f.type === 'object[]') {
        const element = checker.getIndexTypeOfType(got.type, ts.IndexKind.Number);
        if (!element) out.push(`${path}.${f.name} should be an array`);
        else compareFields(`${path}.${f.name}[]`, f.fields ?? [], element);
      } else if (f.choices) {
        compareChoices(`${path}.${f.name}`, f.choices, got.types);
      } else if (f.type === 'string' || f.type === 'string or null') {
        if (!(got.type.flags & ts.TypeFlags.String)) out.push(`${path}.${f.name} should be a string, is ${typeText(got.type)}`);
      } else if (!LEAF_TYPES[/** @type {keyof LEAF_TYPES} */ (f.type)].includes(typeText(got.type))) {
        out.push(`${path}.${f.name} should be ${LEAF_TYPES[/** @type {keyof LEAF_TYPES} */ (f.type)].join(' or ')}, is ${typeText(got.type)}`);
      }
    }
    for (const name of actual.keys()) {
      if (!fields.some((f) => f.name === name)) out.push(`${path}.${name} is declared but the engine has no such field`);
    }
  };

  for (const d of descriptions) {
    const op = operations.get(d.name);
    if (!op) {
      out.push(`${d.name} is an engine operation missing from AttentionLab`);
      continue;
    }
    for (const a of d.arguments) {
      const got = op.args.get(a.name);
      const path = `${d.name}(args).${a.name}`;
      if (!got) {
        out.push(`${path} is described but not declared`);
        continue;
      }
      if (got.optional !== a.optional) out.push(`${path} is ${a.optional ? '' : 'not '}optional in the engine`);
      if (a.kind === 'choice') compareChoices(path, a.choices ?? '', [got.type]);
      else if (!ARGUMENT_TYPES[/** @type {keyof ARGUMENT_TYPES} */ (a.kind)].includes(typeText(got.type))) {
        out.push(`${path} should be ${ARGUMENT_TYPES[/** @type {keyof ARGUMENT_TYPES} */ (a.kind)].join(' or ')}, is ${typeText(got.type)}`);
      }
    }
    for (const name of op.args.keys()) {
      if (!d.arguments.some((a) => a.name === name)) out.push(`${d.name}(args).${name} is declared but the engine has no such argument`);
    }
    if (d.result.type === 'object') {
      compareFields(`${d.name}()`, d.result.fields ?? [], op.result);
    } else if (!LEAF_TYPES[/** @type {keyof LEAF_TYPES} */ (d.result.type)].includes(typeText(op.result))) {
      out.push(`${d.name}() should return ${d.result.type}, is declared as ${typeText(op.result)}`);
    }
  }
  return out;
}

test('index.d.ts declares every engine operation, its arguments and its whole trace as the engine describes them', () => {
  assert.deepEqual(differences(readDeclarations(join(LIB, 'index.d.ts')), loadDescriptions()), []);
});

test('a field or argument added on one side only, or a choice changed, is reported, whichever side it is', () => {
  const descriptions = loadDescriptions();
  const folder = mkdtempSync(join(tmpdir(), 'attention-lab-types-'));
  try {
    for (const file of DECLARATION_FILES) cpSync(join(LIB, file), join(folder, file));
    const operations = join(folder, 'operations.d.ts');
    const original = readFileSync(operations, 'utf8');
    const edited = original
      .replace('export interface AttentionTrace {', 'export interface AttentionTrace {\n  onlyInTypes: number;')
      .replace("export type Activation = 'relu' | 'gelu';", "export type Activation = 'relu' | 'gelu' | 'tanh';")
      .replace('  logits: MatrixInput;\n}', '  logits: Matrix;\n}');
    assert.notEqual(edited, original);
    writeFileSync(operations, edited);
    const found = differences(readDeclarations(join(folder, 'index.d.ts')), descriptions);
    assert.ok(found.includes('attention().onlyInTypes is declared but the engine has no such field'), found.join('\n'));
    assert.ok(found.includes("feedForward(args).activation should be 'gelu' | 'relu', is gelu | relu | tanh"), found.join('\n'));
    assert.ok(found.includes('softmax(args).logits should be MatrixInput, is Matrix'), found.join('\n'));

    const described = structuredClone(descriptions);
    const softmax = /** @type {import('../../scripts/engine-descriptions.mjs').OperationDescription} */ (described.find((d) => d.name === 'softmax'));
    softmax.result.fields?.push({ name: 'onlyInEngine', type: 'number', optional: false, doc: '' });
    softmax.arguments.push({ name: 'temperature', kind: 'number', optional: true, shape: '', doc: '', default: '1' });
    const diagnose = /** @type {import('../../scripts/engine-descriptions.mjs').OperationDescription} */ (described.find((d) => d.name === 'diagnose'));
    const misconception = /** @type {FieldDescription} */ (diagnose.result.fields?.find((f) => !isOneOf(f) && f.name === 'misconception'));
    misconception.choices = `${misconception.choices}|forgotToSum`;
    const reported = differences(readDeclarations(join(LIB, 'index.d.ts')), described);
    assert.ok(reported.includes('softmax().onlyInEngine is described but not declared'), reported.join('\n'));
    assert.ok(reported.includes('softmax(args).temperature is described but not declared'), reported.join('\n'));
    assert.ok(reported.some((r) => r.startsWith("diagnose().misconception should be 'columnSoftmax' | 'dividedByDk' | 'forgotToSum'")), reported.join('\n'));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
