// The fields web/lib/index.d.ts declares for the hand-written parts of the API (the trainer,
// the language model), for the tests that hold a real result's fields to them.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';

import ts from 'typescript';

const DECLARATIONS = fileURLToPath(new URL('../../web/lib/index.d.ts', import.meta.url));
const program = ts.createProgram([DECLARATIONS], { strict: true, noEmit: true });
const checker = program.getTypeChecker();
const source = /** @type {ts.SourceFile} */ (program.getSourceFile(DECLARATIONS));

/** The declared fields of an exported interface, or of a field of it given by `path`. */
export function declaredFields(/** @type {string} */ name, /** @type {string[]} */ path = []) {
  const node = source.statements.find((s) => ts.isInterfaceDeclaration(s) && s.name.text === name);
  assert.ok(node, `index.d.ts declares ${name}`);
  let type = checker.getTypeAtLocation(/** @type {ts.InterfaceDeclaration} */ (node).name);
  for (const field of path) {
    const symbol = /** @type {ts.Symbol} */ (checker.getPropertyOfType(type, field));
    type = checker.getNonNullableType(checker.getTypeOfSymbol(symbol));
  }
  return checker.getPropertiesOfType(type).map((s) => s.name).sort();
}

export const keys = (/** @type {object} */ value) => Object.keys(value).sort();
