// The end-to-end tests serve the shared build with vite preview as `npm start` does, but without
// loading vite.config.js's build plugins (scripts/lib/browser.mjs previewPage): that holds only
// while the config's serving settings are the ones previewPage repeats. A plugin that serves
// (configurePreviewServer), a preview section or another base in vite.config.js fails here, so
// that previewPage gets it too.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import config from '../../vite.config.js';

test('vite.config.js serves with what previewPage repeats: root web, base ./, compress-assets the only serving plugin, no preview settings', () => {
  assert.equal(config.root, 'web');
  assert.equal(config.base, './');
  assert.equal(config.preview, undefined);
  const plugins = /** @type {any[]} */ (config.plugins).flat();
  assert.deepEqual(plugins.filter((p) => p.configurePreviewServer).map((p) => p.name), ['attention-lab:compress-assets']);
});
