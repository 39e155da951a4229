/**
 * The engine's descriptions of its operations (cpp/include/attn/describe/), as the native tool
 * build/native/attn_describe prints them: arguments and result fields, nested. docs/engine.md's
 * tables are written from these (scripts/engine-docs.mjs) and tests/api checks the docs and
 * web/lib/index.d.ts against them. `scripts/build.sh` builds the tool.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const TOOL = fileURLToPath(new URL('../build/native/attn_describe', import.meta.url));

/**
 * @typedef {{ name: string, kind: string, optional: boolean, shape: string, doc: string, default: string, low?: number, high?: number, rows?: number, cols?: number, choices?: string, choiceKind?: string }} ArgumentDescription
 * @typedef {{ name: string, type: string, optional: boolean, doc: string, fields?: FieldDescription[] }} FieldDescription
 * @typedef {{ name: string, title: string, arguments: ArgumentDescription[], result: { type: string, fields?: FieldDescription[] } }} OperationDescription
 */

/** @returns {OperationDescription[]} */
export function loadDescriptions() {
  if (!existsSync(TOOL)) {
    throw new Error(`${TOOL} is missing: build the native engine first (bash scripts/build.sh)`);
  }
  return JSON.parse(execFileSync(TOOL, { encoding: 'utf8' })).operations;
}
