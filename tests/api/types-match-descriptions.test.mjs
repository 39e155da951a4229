/**
 * web/lib/index.d.ts is written by hand (Emscripten 3.1.6 cannot emit declarations); this test
 * holds it to the engine's own descriptions through the TypeScript compiler API: every operation
 * on AttentionLab, its arguments' names and optionality, and its result's fields, nested, with
 * the type of every leaf.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

import ts from 'typescript';

import { loadDescriptions } from '../../scripts/engine-descriptions.mjs';

const DECLARATIONS = fileURLToPath(new URL('../../web/lib/index.d.ts', import.meta.url));

/**
 * Members of AttentionLab that are not engine operations: constants, diagnostics, and the
 * trainer, a stateful object whose types tests/api/trainer-types.test.mjs checks instead.
 */
const NOT_OPERATIONS = ['maxDimension', 'maxSequence', 'maxPeakCells', 'memory', 'createTrainer'];

/** How each leaf of a description may be declared. */
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

/**
 * Reads a declarations file into { operation → { args, result } }, where args lists each
 * argument's name and optionality and result is the return type as a tree of fields.
 * @param {string} file
 */
function readDeclarations(file) {
  const program = ts.createProgram([file], { strict: true, noEmit: true });
  const checker = program.getTypeChecker();
  const source = /** @type {ts.SourceFile} */ (program.getSourceFile(file));
  const lab = source.statements.find((s) => ts.isInterfaceDeclaration(s) && s.name.text === 'AttentionLab');
  assert.ok(lab, 'index.d.ts declares interface AttentionLab');
  const labType = checker.getTypeAtLocation(/** @type {ts.InterfaceDeclaration} */ (lab).name);

  /** @param {ts.Symbol} symbol */
  const isOptional = (symbol) => (symbol.flags & ts.SymbolFlags.Optional) !== 0;

  /**
   * A type's fields as { name → { optional, type } }; for a union, the fields of every member,
   * a field missing from some member being optional.
   * @param {ts.Type} type
   * @returns {Map<string, { optional: boolean, type: ts.Type }>}
   */
  const fieldsOf = (type) => {
    const members = type.isUnion() ? type.types : [type];
    /** @type {Map<string, { optional: boolean, type: ts.Type }>} */
    const out = new Map();
    for (const member of members) {
      for (const symbol of checker.getPropertiesOfType(member)) {
        const propertyType = checker.getNonNullableType(checker.getTypeOfSymbol(symbol));
        const seen = out.get(symbol.name);
        const optional = isOptional(symbol) || (seen?.optional ?? false);
        out.set(symbol.name, { optional, type: seen?.type ?? propertyType });
      }
    }
    for (const [name, field] of out) {
      if (!members.every((m) => checker.getPropertyOfType(m, name))) field.optional = true;
    }
    return out;
  };

  /** @type {Map<string, { args: Map<string, { optional: boolean, type: ts.Type }>, result: ts.Type }>} */
  const operations = new Map();
  for (const symbol of checker.getPropertiesOfType(labType)) {
    if (NOT_OPERATIONS.includes(symbol.name)) continue;
    const [signature] = checker.getSignaturesOfType(checker.getTypeOfSymbol(symbol), ts.SignatureKind.Call);
    assert.ok(signature, `AttentionLab.${symbol.name} is a method`);
    const args = checker.getTypeOfSymbol(signature.getParameters()[0]);
    // A generic result such as ExplanationByStage[S] stands for every stage's: its constraint.
    const declared = checker.getReturnTypeOfSignature(signature);
    const result = checker.getBaseConstraintOfType(declared) ?? declared;
    operations.set(symbol.name, { args: fieldsOf(checker.getApparentType(args)), result });
  }
  return { operations, fieldsOf, typeText: (/** @type {ts.Type} */ t) => checker.typeToString(t), checker };
}

/**
 * Every difference between the declarations and the descriptions, as sentences.
 * @param {ReturnType<typeof readDeclarations>} declared
 * @param {import('../../scripts/engine-descriptions.mjs').OperationDescription[]} descriptions
 */
function differences(declared, descriptions) {
  const { operations, fieldsOf, typeText, checker } = declared;
  /** @type {string[]} */
  const out = [];
  const described = descriptions.map((d) => d.name);
  for (const name of operations.keys()) {
    if (!described.includes(name)) out.push(`AttentionLab.${name} is declared but the engine has no such operation`);
  }

  /**
   * @param {string} path
   * @param {import('../../scripts/engine-descriptions.mjs').FieldDescription[]} fields
   * @param {ts.Type} type
   */
  const compareFields = (path, fields, type) => {
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
      } else if (f.type === 'string' || f.type === 'string or null') {
        // (The program here is not strict, so a declared `| null` is not in the type to check.)
        if (!(got.type.flags & ts.TypeFlags.StringLike) && !got.type.isUnion() && !(got.type.flags & ts.TypeFlags.TypeParameter)) {
          out.push(`${path}.${f.name} should be a string, is ${typeText(got.type)}`);
        }
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
      if (!got) out.push(`${d.name}(args).${a.name} is described but not declared`);
      else if (got.optional !== a.optional) out.push(`${d.name}(args).${a.name} is ${a.optional ? '' : 'not '}optional in the engine`);
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
  assert.deepEqual(differences(readDeclarations(DECLARATIONS), loadDescriptions()), []);
});

test('a field or argument added on one side only is reported, whichever side it is', () => {
  const descriptions = loadDescriptions();
  const folder = mkdtempSync(join(tmpdir(), 'attention-lab-types-'));
  try {
    const file = join(folder, 'index.d.ts');
    const original = readFileSync(DECLARATIONS, 'utf8');
    const withExtra = original.replace('export interface AttentionTrace {', 'export interface AttentionTrace {\n  onlyInTypes: number;');
    assert.notEqual(withExtra, original);
    writeFileSync(file, withExtra);
    assert.ok(differences(readDeclarations(file), descriptions).includes('attention().onlyInTypes is declared but the engine has no such field'));

    const described = structuredClone(descriptions);
    const softmax = /** @type {import('../../scripts/engine-descriptions.mjs').OperationDescription} */ (described.find((d) => d.name === 'softmax'));
    softmax.result.fields?.push({ name: 'onlyInEngine', type: 'number', optional: false, doc: '' });
    softmax.arguments.push({ name: 'temperature', kind: 'number', optional: true, shape: '', doc: '', default: '1' });
    const found = differences(readDeclarations(DECLARATIONS), described);
    assert.ok(found.includes('softmax().onlyInEngine is described but not declared'));
    assert.ok(found.includes('softmax(args).temperature is described but not declared'));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
