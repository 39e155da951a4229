// `npm start` builds the engine with scripts/build.sh: a newcomer's first run prints no alarming
// lines. Configuring is quiet unless it fails (emcmake echoes its cmake command to stderr), and a
// failing configure still shows CMake's own words. Run here against stand-ins for emcmake and
// cmake, in a copy of the script, so nothing is compiled.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';

const SCRIPT = new URL('../../scripts/build.sh', import.meta.url);

/** A checkout with scripts/build.sh and stand-in tools; `configureFails`: cmake's configure step fails. */
function sandbox(configureFails) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'attention-lab-build-'));
  fs.mkdirSync(path.join(root, 'scripts'));
  fs.copyFileSync(SCRIPT, path.join(root, 'scripts', 'build.sh'));
  const bin = path.join(root, 'bin');
  fs.mkdirSync(bin);
  const tool = (name, body) => fs.writeFileSync(path.join(bin, name), `#!/usr/bin/env bash\n${body}\n`, { mode: 0o755 });
  tool('emcmake', 'echo "configure: $*" >&2\nexec "$@"');
  tool('cmake', `if [ "$1" = --build ]; then echo "[100%] Built target attention_core"; exit 0; fi
while [ $# -gt 0 ]; do if [ "$1" = -B ]; then dir=$2; fi; shift; done
${configureFails ? 'echo "CMake Error at CMakeLists.txt:3 (find_package): xtensor not found" >&2; exit 1' : 'mkdir -p "$dir" && touch "$dir/CMakeCache.txt" && echo "-- Configuring done"'}`);
  return { root, env: { ...process.env, PATH: `${bin}:${process.env.PATH}` } };
}

test('building the engine for the page prints nothing on stderr', () => {
  const { root, env } = sandbox(false);
  const run = spawnSync('bash', [path.join(root, 'scripts', 'build.sh'), 'wasm'], { env, encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stderr, '');
  assert.doesNotMatch(run.stdout, /Configuring done/, 'the configure step is quiet');
  assert.ok(fs.existsSync(path.join(root, 'build', 'wasm', 'CMakeCache.txt')));
});

test('a configure that fails shows CMake’s own words and stops the build', () => {
  const { root, env } = sandbox(true);
  const run = spawnSync('bash', [path.join(root, 'scripts', 'build.sh'), 'wasm'], { env, encoding: 'utf8' });
  assert.notEqual(run.status, 0);
  assert.match(run.stderr, /CMake Error at CMakeLists\.txt:3/);
  assert.doesNotMatch(run.stdout, /Built target/);
});
