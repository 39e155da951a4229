// The page's layers (.dependency-cruiser.cjs), lowest first: the engine's façade ← i18n ← model
// ← export ← kinds ← exercises ← state ← session ← authoring and embed ← widgets ← browser ←
// views ← app.ts ← start-page.ts and component/ ← entries. Every file of web/src is in exactly
// one layer; dependency-cruiser reads every import of web/ (type-only ones too) and must find no
// cycle and no import pointing back up; run over tests/page/layer-fixtures/, the same rules must
// catch one bad import of each sort.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DEPCRUISE = fileURLToPath(new URL('../../node_modules/.bin/depcruise', import.meta.url));
/** @type {{ name: string, path: string }[]} */
const LAYERS = createRequire(import.meta.url)('../../.dependency-cruiser.cjs').layers;

/** @returns {{ rule: string, from: string, to: string }[]} the rules' violations in `folder` */
function violations(/** @type {string} */ folder) {
  const run = spawnSync(DEPCRUISE, [folder, '--config', '.dependency-cruiser.cjs', '--output-type', 'json'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 });
  assert.ok(run.stdout, `depcruise printed nothing: ${run.stderr}`);
  const { summary } = JSON.parse(run.stdout);
  assert.ok(summary.totalCruised > 0, 'some modules were read');
  return summary.violations.map((/** @type {any} */ v) => ({ rule: v.rule.name, from: v.from, to: v.to }));
}

/** Each violation as one line; a cycle is reported from whichever of its modules was read first: its two ends, in order. */
const lines = (/** @type {{ rule: string, from: string, to: string }[]} */ found) => found
  .map((v) => `${v.rule}: ${(v.rule === 'no-cycles' ? [v.from, v.to].sort() : [v.from, v.to]).join(' → ')}`)
  .sort();

/** The layers a path of the project is in. */
const layersOf = (/** @type {string} */ file) => LAYERS.filter((layer) => new RegExp(layer.path).test(file)).map((layer) => layer.name);

test('every file of web/src is in exactly one layer', () => {
  const files = readdirSync(new URL('../../web/src/', import.meta.url), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath ?? entry.path, entry.name)).split(path.sep).join('/'));
  assert.ok(files.length > 200, `web/src was read (${files.length} files)`);
  const misplaced = files.map((file) => [file, layersOf(file)]).filter(([, layers]) => layers.length !== 1);
  assert.deepEqual(misplaced, [], 'each file below is in no layer or in several: add its folder to one layer of .dependency-cruiser.cjs');
  // A folder nobody placed is in no layer, and a top-level file only where it is named.
  assert.deepEqual(layersOf('web/src/new-folder/module.ts'), []);
  assert.deepEqual(layersOf('web/src/other.ts'), []);
  assert.deepEqual(layersOf('web/src/app.ts'), ['app']);
});

test('the page’s modules import only downward, with no cycle', () => {
  assert.deepEqual(lines(violations('web')), [], 'imports against the layers');
});

test('each layer rule catches a bad import, and a widget may still name the engine’s and the session’s types', () => {
  const at = (/** @type {string} */ file) => `tests/page/layer-fixtures/web/${file}`;
  // Each layer's up.ts imports the next layer's: one import against each layer rule.
  const chain = ['lib/index.ts', 'src/i18n/up.ts', 'src/model/up.ts', 'src/export/up.ts', 'src/kinds/up.ts', 'src/exercises/up.ts',
    'src/state/up.ts', 'src/session/up.ts', 'src/embed/up.ts', 'src/widgets/up.ts', 'src/browser/up.ts', 'src/views/up.ts',
    'src/app.ts', 'src/start-page.ts', 'src/entries/up.ts'];
  assert.deepEqual(chain.map((file) => layersOf(at(file))).flat(), LAYERS.map((layer) => layer.name), 'one module of each layer, in order');
  const upward = chain.slice(0, -1).map((file, i) => `${LAYERS[i].name}-imports-nothing-above: ${at(file)} → ${at(chain[i + 1])}`);
  assert.deepEqual(lines(violations('tests/page/layer-fixtures')), [
    ...upward,
    `core-without-dom: ${at('src/session/draws.ts')} → ${at('src/export/png.ts')}`,
    `no-cycles: ${at('src/model/first.ts')} → ${at('src/model/second.ts')}`,
    `widgets-never-call-the-engine: ${at('src/widgets/calls-engine.ts')} → ${at('lib/index.ts')}`,
    `widgets-never-run-the-session: ${at('src/widgets/runs-session.ts')} → ${at('src/session/up.ts')}`,
  ].sort());
});
