// The npm package as a consumer gets it, for tests/e2e/package.test.mjs, bundlers.test.mjs and
// cli.test.mjs: `npm pack` of this checkout (its wasm built already: scripts/test.sh does it, so
// the pack skips the prepack build; the CLI and its template in dist/ are built here, as prepack
// would), and the tarball installed into an app folder with no network.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { buildCli } from '../../scripts/cli/build.mjs';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Child processes get no npm_* variables of an enclosing `npm test`, and no update check. */
const CHILD_ENV = {
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name))),
  npm_config_update_notifier: 'false',
};

/**
 * Runs a command and resolves with its output; a failure's message includes both streams.
 * @param {string} command @param {string[]} args @param {string} cwd
 */
export async function run(command, args, cwd) {
  try {
    return await promisify(execFile)(command, args, { cwd, env: CHILD_ENV, maxBuffer: 32 << 20 });
  } catch (error) {
    const { stdout, stderr } = /** @type {{ stdout: string, stderr: string }} */ (error);
    /** @type {Error} */ (error).message += `\n--- stdout\n${stdout}\n--- stderr\n${stderr}`;
    throw error;
  }
}

/**
 * Packs the package into `tmp` and installs the tarball into `app` (which has its package.json),
 * from a fresh, empty cache: the package has no dependencies, so nothing needs the network.
 * @param {string} tmp @param {string} app
 * @returns {Promise<{ files: { path: string }[], size: number, unpackedSize: number, filename: string }>} what npm pack reported
 */
export async function packAndInstall(tmp, app) {
  await buildCli();
  const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', tmp], ROOT);
  const [packed] = JSON.parse(stdout);
  await run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--cache', path.join(tmp, 'npm-cache'),
    path.join(tmp, packed.filename)], app);
  return packed;
}
