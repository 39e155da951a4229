// A Node project using the installed package as an ES module. Prints what it found as JSON on
// stdout; ../package.test.mjs checks it.
import { readFile } from 'node:fs/promises';
import { AttentionError, loadAttentionLab } from 'attention-lab';

const EXAMPLE = { query: [[1, 2]], key: [[1, 0], [0, 1], [1, 1]], value: [[0.5, 0.3], [0.8, 0.2], [0.1, 0.9]] };

/** The first error `fn` throws or rejects with, as plain data. */
async function caught(fn) {
  try {
    await fn();
  } catch (error) {
    return { isAttentionError: error instanceof AttentionError, argument: error.argument, message: error.message };
  }
  return null;
}

const lab = await loadAttentionLab();
const { weights, output } = lab.attention(EXAMPLE);

// The .wasm beside the installed index.js, handed over as bytes.
const wasmPath = new URL('wasm/attention-core.wasm', import.meta.resolve('attention-lab'));
const fromBytes = (await loadAttentionLab({ wasmBinary: await readFile(wasmPath) })).attention(EXAMPLE).output;

const missingWasm = new URL('missing/attention-core.wasm', import.meta.url).href;

process.stdout.write(JSON.stringify({
  entry: import.meta.resolve('attention-lab'),
  weights,
  output,
  fromBytes,
  badInput: await caught(() => lab.attention({ ...EXAMPLE, key: [[1, 0], [0, 1], [1]] })),
  missingWasm,
  wrongUrl: await caught(() => loadAttentionLab({ wasmUrl: missingWasm })),
}));
