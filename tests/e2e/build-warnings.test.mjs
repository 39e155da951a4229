// `npm start` and `npm run build` print no warnings that alarm a newcomer: the offline template's
// build (a classic script, so Vite's dynamic-import helper finds no import.meta, and plugins
// that take seconds by design) writes nothing to the console. Built here afresh, not from the cache.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { buildSingleHtml } from '../../scripts/offline/single-file.mjs';

test('the offline template builds without a warning', async () => {
  const said = [];
  const { warn, log, error } = console;
  const write = process.stderr.write.bind(process.stderr);
  console.warn = (...args) => said.push(args.join(' '));
  console.log = (...args) => said.push(args.join(' '));
  console.error = (...args) => said.push(args.join(' '));
  process.stderr.write = (chunk, ...rest) => {
    said.push(String(chunk));
    return typeof rest.at(-1) === 'function' ? (rest.at(-1)(), true) : true;
  };
  let html = '';
  try {
    html = await buildSingleHtml({ entry: 'src/entries/offline-template.ts' });
  } finally {
    Object.assign(console, { warn, log, error });
    process.stderr.write = write;
  }
  assert.match(html, /<script>/);
  assert.deepEqual(said.map((s) => s.replace(/\x1b\[[0-9;]*m/g, '').split('\n')[0]), []);
});
