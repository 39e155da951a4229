// The page's layers (.dependency-cruiser.cjs): the engine's façade ← model/, kinds/, session/
// (no DOM) ← widgets/ (no engine) ← views/ and app.ts ← entries. dependency-cruiser reads every
// import of web/ (type-only ones too) and must find no cycle and no import pointing back up; run
// over tests/page/layer-fixtures/, the same rules must catch one bad import of each sort.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DEPCRUISE = fileURLToPath(new URL('../../node_modules/.bin/depcruise', import.meta.url));

/** @returns {{ rule: string, from: string, to: string }[]} the rules' violations in `folder` */
function violations(/** @type {string} */ folder) {
  const run = spawnSync(DEPCRUISE, [folder, '--config', '.dependency-cruiser.cjs', '--output-type', 'json'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 });
  assert.ok(run.stdout, `depcruise printed nothing: ${run.stderr}`);
  const { summary } = JSON.parse(run.stdout);
  assert.ok(summary.totalCruised > 0, 'some modules were read');
  return summary.violations.map((/** @type {any} */ v) => ({ rule: v.rule.name, from: v.from, to: v.to }));
}

const readable = (/** @type {{ rule: string, from: string, to: string }[]} */ found) => found.map((v) => `${v.rule}: ${v.from} → ${v.to}`).join('\n');

test('the page’s modules import only downward, with no cycle', () => {
  const found = violations('web');
  assert.deepEqual(found, [], `imports against the layers:\n${readable(found)}`);
});

test('each layer rule catches a bad import, and a widget may still import the engine’s types', () => {
  const found = violations('tests/page/layer-fixtures');
  const at = (/** @type {string} */ path) => `tests/page/layer-fixtures/web/${path}`;
  // A cycle is reported from whichever of its modules was read first: its two ends, in order.
  const ends = (/** @type {{ rule: string, from: string, to: string }} */ v) => (v.rule === 'no-cycles' ? [v.from, v.to].sort() : [v.from, v.to]);
  const pairs = found.map((v) => `${v.rule}: ${ends(v).join(' → ')}`).sort();
  assert.deepEqual(pairs, [
    `core-without-dom: ${at('src/model/first.ts')} → ${at('src/widgets/calls-engine.ts')}`,
    `facade-knows-no-page: ${at('lib/index.ts')} → ${at('src/model/leaf.ts')}`,
    `no-cycles: ${at('src/model/first.ts')} → ${at('src/model/second.ts')}`,
    `views-below-entries: ${at('src/views/opens-entry.ts')} → ${at('src/page.ts')}`,
    `widgets-below-views: ${at('src/widgets/calls-engine.ts')} → ${at('src/views/opens-entry.ts')}`,
    `widgets-never-call-the-engine: ${at('src/widgets/calls-engine.ts')} → ${at('lib/index.ts')}`,
  ], readable(found));
});
