/**
 * Writes web/lib/operations.d.ts, the declarations of every engine operation (its arguments, the
 * types of its result, its method of AttentionOperations, each with TSDoc), from the engine's own
 * descriptions; `--check` only says whether the file is up to date
 * (tests/api/engine-types.test.mjs runs that check).
 *
 *   node scripts/engine-types.mjs          rewrite web/lib/operations.d.ts
 *   node scripts/engine-types.mjs --check  exit 1 if it is out of date
 *
 * Everything a type needs is in the descriptions: a result's name (fields_of<T>::type_name), a
 * string's set of values (a choice_set), which argument selects the alternative of an
 * explanation and the name of each case (fields_of<T>::selected_by). Nothing here knows an
 * operation by name; a description that leaves a type ambiguous (two different types under one
 * name, a case that is no value of its choice) is an error, not a guess.
 */
import { fileURLToPath } from 'node:url';

import { describeEngine, isOneOf, writeGenerated } from './engine-descriptions.mjs';

/** @typedef {import('./engine-descriptions.mjs').ArgumentDescription} ArgumentDescription */
/** @typedef {import('./engine-descriptions.mjs').FieldDescription} FieldDescription */
/** @typedef {import('./engine-descriptions.mjs').FieldEntry} FieldEntry */
/** @typedef {import('./engine-descriptions.mjs').ObjectDescription} ObjectDescription */
/** @typedef {import('./engine-descriptions.mjs').OperationDescription} OperationDescription */

export const DECLARATIONS = fileURLToPath(new URL('../web/lib/operations.d.ts', import.meta.url));

const HEADER = `// The engine's operations: written by \`node scripts/engine-types.mjs\` from the descriptions in
// cpp/include/attn/describe/ (as build/native/attn_describe prints them). Do not edit by hand:
// change a description, rebuild (bash scripts/build.sh) and run the script again;
// tests/api/engine-types.test.mjs fails until the file is what the script writes.
// What each operation computes, pass by pass: docs/engine.md.`;

/** An argument's type by its kind (a choice is its set's union, a mask the Mask type). */
const ARGUMENT_TYPES = {
  matrix: 'MatrixInput',
  vector: 'VectorInput',
  indices: 'VectorInput',
  strings: 'ReadonlyArray<string>',
  text: 'string',
  matrixLists: 'ReadonlyArray<ReadonlyArray<MatrixInput>>',
  number: 'number',
  integer: 'number',
  boolean: 'boolean',
  mask: 'Mask',
};

/** A result leaf's type by its description's name for it. */
const LEAF_TYPES = {
  matrix: 'Matrix',
  'matrix[]': 'Matrix[]',
  vector: 'Vector',
  indices: 'number[]',
  strings: 'string[]',
  number: 'number',
  integer: 'number',
  boolean: 'boolean',
  string: 'string',
};

/** The types of values.d.ts (hand-written: what crosses the boundary) these declarations use. */
const VALUE_TYPES = ['Mask', 'Matrix', 'MatrixInput', 'Vector', 'VectorInput'];

/** @param {string} name */
const pascal = (name) => name[0].toUpperCase() + name.slice(1);

/** @param {string} value */
const literal = (value) => `'${value}'`;

/**
 * A TSDoc comment, on one line when it fits.
 * @param {string} indent
 * @param {string[]} lines
 */
function comment(indent, lines) {
  const safe = lines.filter((line) => line !== '').map((line) => line.replaceAll('*/', '*\\/'));
  if (safe.length === 0) return [];
  if (safe.length === 1) return [`${indent}/** ${safe[0]} */`];
  return [`${indent}/**`, ...safe.map((line) => `${indent} * ${line}`), `${indent} */`];
}

/**
 * What the docs say of an argument beyond its doc: shape first, then range, caps and default.
 * @param {ArgumentDescription} a
 */
export function argumentDoc(a) {
  const parts = [a.shape ? `(${a.shape}) ${a.doc}` : a.doc];
  if (a.kind === 'integer') parts.push(`a whole number, ${a.low} … ${a.high}`);
  if (a.rows !== undefined && (a.rows !== 1024 || a.cols !== 1024)) parts.push(`up to ${a.rows} rows × ${a.cols} columns`);
  if (a.optional && a.default) parts.push(`default ${a.kind === 'choice' ? literal(a.default) : a.default}`);
  return parts.join('; ');
}

/** The declarations being written: each named type once, in the order first needed. */
class Declarations {
  constructor() {
    /** @type {Map<string, { values: string, doc: string }>} choice kind → its set */
    this.choices = new Map();
    /** @type {Map<string, string>} type name → what it was declared from, to refuse a second meaning */
    this.named = new Map();
    /** @type {Array<string[] | null>} declarations, a slot taken before a type's members are written */
    this.blocks = [];
    /** @type {Set<string>} the types of values.d.ts used */
    this.values = new Set();
  }

  /**
   * The union type of a set of choices, declared once per kind.
   * @param {{ choices?: string, choiceKind?: string, choiceDoc?: string }} described
   */
  choice(described) {
    const { choices = '', choiceKind = '', choiceDoc = '' } = described;
    const seen = this.choices.get(choiceKind);
    if (seen && seen.values !== choices) throw new Error(`choice set ${choiceKind} is described as both ${seen.values} and ${choices}`);
    if (!seen) this.choices.set(choiceKind, { values: choices, doc: choiceDoc });
    return pascal(choiceKind);
  }

  /**
   * Declares `name` once; a second description of it must be the same.
   * @param {string} name
   * @param {unknown} from what it is declared from
   * @param {() => string[]} lines its declaration, written when first declared
   * @param {Array<string[] | null>} [into] the section it is written in
   */
  declare(name, from, lines, into = this.blocks) {
    const key = JSON.stringify(from);
    const seen = this.named.get(name);
    if (seen !== undefined) {
      if (seen !== key) throw new Error(`${name} is described twice, differently`);
      return;
    }
    this.named.set(name, key);
    const slot = into.push(null) - 1;
    into[slot] = lines();
  }

  /**
   * A type written from values.d.ts's types, which are then imported.
   * @param {string} type
   */
  uses(type) {
    for (const name of type.match(/\w+/g) ?? []) if (VALUE_TYPES.includes(name)) this.values.add(name);
    return type;
  }

  /**
   * An argument's type.
   * @param {ArgumentDescription} a
   */
  argumentType(a) {
    if (a.kind === 'choice') return this.choice(a);
    const type = ARGUMENT_TYPES[/** @type {keyof ARGUMENT_TYPES} */ (a.kind)];
    if (!type) throw new Error(`argument ${a.name}: no type for kind ${a.kind}`);
    return this.uses(type);
  }

  /**
   * The members of an interface of arguments, one per argument.
   * @param {ArgumentDescription[]} args
   * @param {string} [selecting] the argument typed by the type parameter S
   */
  argumentMembers(args, selecting) {
    return args.flatMap((a) => {
      const type = a.name === selecting ? 'S' : this.argumentType(a);
      return [...comment('  ', [argumentDoc(a)]), `  ${a.name}${a.optional ? '?' : ''}: ${type}${a.optional ? ' | undefined' : ''};`];
    });
  }

  /**
   * A field's type.
   * @param {FieldDescription} f
   * @param {string} where the field's path, for the doc of a type it names
   * @returns {string}
   */
  fieldType(f, where) {
    switch (f.type) {
      case 'object':
        return this.objectType(f, `${where}: ${f.doc}`);
      case 'object[]':
        return `${this.objectType(f, `${where}[]: ${f.doc}`)}[]`;
      case 'string':
        return f.choiceKind ? this.choice(f) : 'string';
      case 'string or null':
        return `${f.choiceKind ? this.choice(f) : 'string'} | null`;
      default: {
        const type = LEAF_TYPES[/** @type {keyof LEAF_TYPES} */ (f.type)];
        if (!type) throw new Error(`${where}: no type for ${f.type}`);
        return this.uses(type);
      }
    }
  }

  /**
   * The members of an object's fields; the fields of a one_of's alternatives are optional.
   * @param {FieldEntry[]} fields
   * @param {string} owner the type (or path) they belong to, for docs
   * @param {string} indent
   * @param {(f: FieldDescription) => string} [typeOf] a field's type, when not its described one
   * @returns {string[]}
   */
  fieldMembers(fields, owner, indent, typeOf = (f) => this.fieldType(f, `${owner}.${f.name}`)) {
    /** @type {Map<string, string>} name → type, to refuse an alternative's field of another type */
    const declared = new Map();
    return fields.flatMap((entry) => {
      const members = isOneOf(entry)
        ? entry.oneOf.flatMap((alternative) => (alternative.fields ?? []).map((f) => (isOneOf(f) ? f : { ...f, optional: true })))
        : [entry];
      return members.flatMap((f) => {
        if (isOneOf(f)) throw new Error(`${owner}: a one_of inside a one_of`);
        const type = typeOf(f);
        const seen = declared.get(f.name);
        if (seen !== undefined) {
          if (seen !== type) throw new Error(`${owner}.${f.name} is both ${seen} and ${type}`);
          return [];
        }
        declared.set(f.name, type);
        return [...comment(indent, [f.doc]), `${indent}${f.name}${f.optional ? '?' : ''}: ${type};`];
      });
    });
  }

  /**
   * An object's type: its declared name, or the object written inline when it has none.
   * @param {ObjectDescription} o
   * @param {string} doc what the type is, for its TSDoc
   * @returns {string}
   */
  objectType(o, doc) {
    if (o.selectedBy) throw new Error(`${o.typeName}: only an operation's result may be selected by an argument`);
    const fields = o.fields ?? [];
    if (!o.typeName) return ['{', ...this.fieldMembers(fields, doc, '    '), '  }'].join('\n');
    const name = o.typeName;
    this.declare(name, fields, () => [...comment('', [doc]), `export interface ${name} {`, ...this.fieldMembers(fields, name, '  '), '}']);
    return name;
  }

  /**
   * A result whose alternative a choice argument selects: the fields every case shares
   * (generic in the value), one interface per case, the map from value to case and the union
   * of all cases. Returns the type parameter's constraint and the method's result.
   * @param {OperationDescription} op
   */
  selectedResult(op) {
    const { result } = op;
    const selection = /** @type {import('./engine-descriptions.mjs').Selection} */ (result.selectedBy);
    const where = `${op.name}()`;
    const argument = op.arguments.find((a) => a.name === selection.argument && a.kind === 'choice');
    if (!argument) throw new Error(`${where} is selected by ${selection.argument}, which is not a choice argument of ${op.name}`);
    const kind = this.choice(argument);
    const values = (argument.choices ?? '').split('|');
    const caseValues = selection.cases.map((c) => c.value);
    if ([...caseValues].sort().join('|') !== [...values].sort().join('|')) {
      throw new Error(`${where}: the cases (${caseValues.join(', ')}) are not the values of ${argument.name} (${values.join(', ')})`);
    }
    const fields = result.fields ?? [];
    const oneOfs = fields.filter(isOneOf);
    const common = /** @type {FieldDescription[]} */ (fields.filter((f) => !isOneOf(f)));
    if (oneOfs.length !== 1) throw new Error(`${where}: a selected result has exactly one one_of`);
    const { oneOf } = /** @type {import('./engine-descriptions.mjs').OneOf} */ (oneOfs[0]);
    if (!common.some((f) => f.name === selection.argument)) throw new Error(`${where} has no field ${selection.argument} to say which case it is`);

    const commonName = selection.common;
    this.declare(commonName, { kind, common }, () => [
      ...comment('', [`What every case of ${op.name}'s result has: the cell, and the ${selection.argument} it is in.`]),
      `export interface ${commonName}<S extends ${kind}> {`,
      ...this.fieldMembers(common, commonName, '  ', (f) => (f.name === selection.argument ? 'S' : this.fieldType(f, `${commonName}.${f.name}`))),
      '}',
    ]);
    /** @type {Map<string, import('./engine-descriptions.mjs').VariantCase[]>} */
    const byName = new Map();
    for (const c of selection.cases) byName.set(c.typeName, [...(byName.get(c.typeName) ?? []), c]);
    for (const [name, cases] of byName) {
      const alternative = oneOf[cases[0].alternative];
      if (!alternative || cases.some((c) => c.alternative !== cases[0].alternative)) {
        throw new Error(`${where}: ${name} names ${alternative ? 'more than one alternative' : `no alternative (${cases[0].alternative})`}`);
      }
      const which = cases.map((c) => literal(c.value));
      const heading = cases.length > 1 ? `${name}<S extends ${kind}> extends ${commonName}<S>` : `${name} extends ${commonName}<${which[0]}>`;
      const shown = which.length > 1 ? `${which.slice(0, -1).join(', ')} or ${which[which.length - 1]}` : which[0];
      this.declare(name, { commonName, alternative }, () => [
        ...comment('', [`What ${op.name} returns for ${selection.argument} ${shown}.`]),
        `export interface ${heading} {`,
        ...this.fieldMembers(alternative.fields ?? [], name, '  '),
        '}',
      ]);
    }
    const caseType = (/** @type {import('./engine-descriptions.mjs').VariantCase} */ c) =>
      (byName.get(c.typeName)?.length ?? 0) > 1 ? `${c.typeName}<${literal(c.value)}>` : c.typeName;
    this.declare(selection.byValue, selection, () => [
      ...comment('', [`What ${op.name} returns for each ${selection.argument}.`]),
      `export interface ${selection.byValue} {`,
      ...values.map((v) => `  ${v}: ${caseType(/** @type {import('./engine-descriptions.mjs').VariantCase} */ (selection.cases.find((c) => c.value === v)))};`),
      '}',
    ]);
    const unionName = result.typeName;
    if (!unionName) throw new Error(`${where}: a selected result needs a type name`);
    this.declare(unionName, { byValue: selection.byValue, kind }, () => [
      ...comment('', [`What ${op.name} returns, whichever the ${selection.argument}.`]),
      `export type ${unionName} = ${selection.byValue}[${kind}];`,
    ]);
    return { constraint: kind, returns: `${selection.byValue}[S]` };
  }
}

/**
 * The first description of an argument group that no operation takes as described there, if any.
 * @param {import('./engine-descriptions.mjs').ArgumentGroup} group
 * @param {OperationDescription[]} operations
 */
function groupTakenBy(group, operations) {
  const same = (/** @type {ArgumentDescription} */ a, /** @type {ArgumentDescription} */ b) => JSON.stringify(a) === JSON.stringify(b);
  return operations.find((op) => group.arguments.every((a) => op.arguments.some((b) => same(a, b))));
}

/**
 * The whole of web/lib/operations.d.ts.
 * @param {import('./engine-descriptions.mjs').EngineDescription} engine
 */
export function renderDeclarations({ operations, argumentGroups }) {
  const d = new Declarations();
  /** @type {string[]} */
  const methods = [];
  for (const op of operations) {
    const argsName = `${pascal(op.name)}Args`;
    d.blocks.push([`// ---- ${op.name}: ${op.title}`]);
    // An operation whose result a choice selects is generic in that choice, its arguments too.
    const selecting = op.arguments.find((a) => a.name === op.result.selectedBy?.argument && a.kind === 'choice');
    const constraint = selecting && d.choice(selecting);
    d.declare(argsName, op.arguments, () => [
      ...comment('', [`The arguments of ${op.name} — ${op.title}.`]),
      constraint ? `export interface ${argsName}<S extends ${constraint} = ${constraint}> {` : `export interface ${argsName} {`,
      ...d.argumentMembers(op.arguments, selecting?.name),
      '}',
    ]);
    const selected = op.result.selectedBy ? d.selectedResult(op) : undefined;
    const returns = selected
      ? selected.returns
      : op.result.type === 'object'
        ? d.objectType(op.result, `What ${op.name} returns — ${op.title}.`)
        : d.fieldType(/** @type {FieldDescription} */ ({ ...op.result, name: '', optional: false, doc: '' }), `${op.name}()`);
    methods.push(
      ...comment('  ', [
        `${op.title}: docs/engine.md, \`${op.name}\`.`,
        op.lite ? 'Both engines have it.' : 'The full engine only: on the lite engine (`{ training: false }`) it throws an AttentionError.',
        ...(op.budget ? [`Past its work budget (${op.budget.text} multiply-adds, about ten seconds) it throws an AttentionError naming the argument, before any work.`] : []),
      ]),
      selected
        ? `  ${op.name}<S extends ${selected.constraint}>(args: ${argsName}<S>): ${returns};`
        : `  ${op.name}(args: ${argsName}): ${returns};`,
    );
  }
  /** @type {Array<string[] | null>} */
  const groups = [];
  for (const group of argumentGroups) {
    if (!groupTakenBy(group, operations)) throw new Error(`no operation takes the arguments of ${group.name} as it describes them`);
    d.declare(group.name, group.arguments, () => [...comment('', [group.doc]), `export interface ${group.name} {`, ...d.argumentMembers(group.arguments), '}'], groups);
  }
  const choiceTypes = [...d.choices].map(([kind, { values, doc }]) => [...comment('', [doc]), `export type ${pascal(kind)} = ${values.split('|').map(literal).join(' | ')};`]);
  const sections = [
    [HEADER],
    [`import type { ${VALUE_TYPES.filter((t) => d.values.has(t)).join(', ')} } from './values.js';`],
    ['// ---- the sets of choices'],
    ...choiceTypes,
    ...d.blocks,
    ['// ---- the arguments several operations share, for building a request from parts'],
    ...groups,
    [
      '/** Every engine operation: the methods of AttentionLab that the engine describes. Every call may throw an AttentionError. */',
      'export interface AttentionOperations {',
      ...methods,
      '}',
    ],
  ];
  return `${sections.map((lines) => (lines ?? []).join('\n')).join('\n\n')}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeGenerated(DECLARATIONS, () => renderDeclarations(describeEngine()), 'node scripts/engine-types.mjs');
}
