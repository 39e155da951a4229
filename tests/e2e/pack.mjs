// The npm package as a consumer gets it, for tests/e2e/package.test.mjs, bundlers.test.mjs and
// cli.test.mjs: `npm pack` of this checkout, made once for all three (sharedPackage), and the
// tarball installed into an app folder with no network.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { CHILD_ENV, sharedPackage } from '../../scripts/lib/shared-builds.mjs';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

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
 * Installs the packed package into `app` (which has its package.json), from a fresh, empty cache
 * in `tmp`: the package has no dependencies, so nothing needs the network.
 * @param {string} tmp @param {string} app
 * @returns {Promise<{ files: { path: string }[], size: number, unpackedSize: number, filename: string }>} what npm pack reported
 */
export async function packAndInstall(tmp, app) {
  const { tarball, packed } = await sharedPackage();
  await run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--cache', path.join(tmp, 'npm-cache'), tarball], app);
  return packed;
}
