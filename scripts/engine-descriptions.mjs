/**
 * The engine's descriptions of its operations (cpp/include/attn/describe/), as the native tool
 * attn_describe prints them: arguments, result fields (nested, with the names the façade's types
 * give them), whether the lite engine binds each, and the argument groups the types name.
 * docs/engine.md's tables (scripts/engine-docs.mjs) and web/lib/operations.d.ts
 * (scripts/engine-types.mjs) are written from these, and tests/api checks both against them.
 * `scripts/build.sh sanitize` (which `npm test` runs) and `scripts/build.sh` build the tool, and
 * the descriptions are the same in either build; TOOL is the one place that says where.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The newest of the tool's builds (undefined when neither is built). */
export const TOOL = ['sanitize', 'native']
  .map((build) => fileURLToPath(new URL(`../build/${build}/attn_describe`, import.meta.url)))
  .filter((tool) => existsSync(tool))
  .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];

/**
 * @typedef {{ name: string, kind: string, optional: boolean, shape: string, doc: string, default: string, low?: number, high?: number, rows?: number, cols?: number, choices?: string, choiceKind?: string, choiceDoc?: string }} ArgumentDescription
 * @typedef {{ value: string, alternative: number, typeName: string }} VariantCase
 * @typedef {{ argument: string, common: string, byValue: string, cases: VariantCase[] }} Selection
 *   how a choice argument picks the alternative of a result's one_of, and each case's name
 * @typedef {{ type: string, typeName?: string, selectedBy?: Selection, fields?: FieldEntry[] }} ObjectDescription
 * @typedef {ObjectDescription & { name: string, optional: boolean, doc: string, choices?: string, choiceKind?: string, choiceDoc?: string }} FieldDescription
 * @typedef {{ oneOf: ObjectDescription[] }} OneOf the fields of one alternative or another
 * @typedef {FieldDescription | OneOf} FieldEntry
 * @typedef {{ multiplyAdds: number, text: string, estimate: string, measured: string }} WorkBudget
 *   the most multiply-adds one call may take (text: as the docs write it), how they are counted,
 *   and the measurement it was chosen from
 * @typedef {{ name: string, title: string, lite: boolean, budget?: WorkBudget, arguments: ArgumentDescription[], result: ObjectDescription }} OperationDescription
 * @typedef {{ name: string, doc: string, arguments: ArgumentDescription[] }} ArgumentGroup
 * @typedef {{ operations: OperationDescription[], argumentGroups: ArgumentGroup[] }} EngineDescription
 */

/** @returns {EngineDescription} */
export function describeEngine() {
  if (!TOOL) {
    throw new Error('build/sanitize/attn_describe is missing: build it first (bash scripts/build.sh sanitize)');
  }
  return JSON.parse(execFileSync(TOOL, { encoding: 'utf8' }));
}

/** @returns {OperationDescription[]} */
export function loadDescriptions() {
  return describeEngine().operations;
}

/**
 * @param {FieldEntry} entry
 * @returns {entry is OneOf}
 */
export const isOneOf = (entry) => 'oneOf' in entry;

/**
 * What a generator does when run as a script: rewrites `file` as `written` if it differs, or
 * with `--check` only says whether it is up to date (exit 1 if not).
 * @param {string} file
 * @param {(current: string) => string} write the file's new text from its current one ('' when absent)
 * @param {string} command the command that rewrites it, for the message
 */
export function writeGenerated(file, write, command) {
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const written = write(current);
  const name = relative(fileURLToPath(new URL('..', import.meta.url)), file);
  if (process.argv.includes('--check')) {
    if (written !== current) {
      console.error(`${name} is out of date: run ${command}`);
      process.exit(1);
    }
  } else if (written !== current) {
    writeFileSync(file, written);
    console.log(`${name}: rewritten`);
  }
}
