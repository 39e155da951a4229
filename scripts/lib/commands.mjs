// Whether a command runs here: optional tools (nginx, MkDocs, the other browsers' drivers) are
// looked for this way, and a test that needs a missing one is skipped with the reason.
import { spawnSync } from 'node:child_process';

/** True when `command args` runs and exits with 0. */
export const commandWorks = (command, args = []) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;

/**
 * Undefined when `command args` runs, else `why` (a skip reason naming the package to install).
 * @param {string} command @param {string[]} args @param {string} why
 */
export const missingCommand = (command, args, why) => (commandWorks(command, args) ? undefined : why);
