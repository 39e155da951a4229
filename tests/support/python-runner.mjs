// Python scripts run for the tests through tests/support/python-fork-server.py: one server per
// set of preloaded modules, a forked process per script (as `python3 -` would run it, without
// importing torch again for each). Replies come back in the order the scripts were sent.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'python-fork-server.py');

/**
 * A runner with `modules` imported once, up front.
 * @param {string} python the interpreter @param {string[]} modules
 */
export function pythonRunner(python, modules) {
  /** @type {import('node:child_process').ChildProcessWithoutNullStreams | undefined} */
  let server;
  /** @type {((reply: { status: number, stdout: string, stderr: string }) => void)[]} */
  const waiting = [];
  let buffered = Buffer.alloc(0);
  const start = () => {
    const child = spawn(python, [SERVER, ...modules], { stdio: ['pipe', 'pipe', 'inherit'] });
    child.stdout.on('data', (chunk) => {
      buffered = Buffer.concat([buffered, chunk]);
      for (;;) {
        const newline = buffered.indexOf(10);
        if (newline < 0) return;
        const length = Number(buffered.subarray(0, newline).toString());
        if (buffered.length < newline + 1 + length) return;
        const reply = JSON.parse(buffered.subarray(newline + 1, newline + 1 + length).toString());
        buffered = buffered.subarray(newline + 1 + length);
        waiting.shift()?.(reply);
      }
    });
    child.on('exit', (code) => {
      for (const resolve of waiting.splice(0)) resolve({ status: -1, stdout: '', stderr: `the Python server stopped (${code})` });
    });
    return child;
  };
  return {
    /** @param {string} script @returns {Promise<{ status: number, stdout: string, stderr: string }>} */
    run(script) {
      server ??= start();
      const bytes = Buffer.from(script, 'utf8');
      const reply = new Promise((resolve) => { waiting.push(resolve); });
      server.stdin.write(`${bytes.length}\n`);
      server.stdin.write(bytes);
      return reply;
    },
    /** Ends the server (its stdin closes; it exits after the last reply). */
    close() { server?.stdin.end(); server = undefined; },
  };
}
