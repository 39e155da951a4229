// What an offline file opens (web/src/embed/baked-package.ts), without a browser: the link baked
// into the template (the page's link without src, the walkthrough named, an instructor's own
// carried whole), the data block written so nothing in it can end the element or expand as a
// replacement pattern, and read back with anything malformed ignored; the language model's file
// in a block of its own, only in the file of a walkthrough that reads it.
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';

import { importCompiled } from '../support/compiled.mjs';
import { importBundled, ROOT } from '../../scripts/offline/single-file.mjs';

const { bakeTemplate, MODEL_MARKER, offlineLink, PACKAGE_MARKER, readBakedModel, readBakedPackage } = await importCompiled('embed/baked-package');
// offline-package.ts inlines the SCORM schemas with Vite's import.meta.glob: bundled, as the CLI is.
const { offlineFile } = await importBundled(path.join(ROOT, 'web', 'src', 'embed', 'offline-package.ts'));

const SHIPPED = { id: 'causal-mask', title: 'Causal mask' };
const MINE = { id: 'my-example', kind: 'attention', title: 'Mine </script> $& <b>', inputs: { query: [[1, 2]] } };

describe('offlineLink', () => {
  test('keeps the step, the embed options and the edited inputs, names the walkthrough first and drops src', () => {
    const link = offlineLink('?step=softmax&embed=1&hide=prose&src=walks%2Fa.json#in=%7B%7D', SHIPPED, true);
    assert.equal(link, '?w=causal-mask&step=softmax&embed=1&hide=prose#in=%7B%7D');
  });

  test('an instructor’s walkthrough travels in the hash, replacing any there; a shipped one clears it', () => {
    const mine = offlineLink('?w=my-example#walkthrough=old&in=x', MINE, false);
    const hash = new URLSearchParams(mine.slice(mine.indexOf('#') + 1));
    assert.deepEqual(JSON.parse(hash.get('walkthrough')), MINE);
    assert.equal(hash.get('in'), 'x');
    assert.equal(offlineLink('#walkthrough=old', SHIPPED, true), '?w=causal-mask');
    assert.equal(offlineLink('', SHIPPED, true), '?w=causal-mask');
  });
});

describe('bakeTemplate and readBakedPackage', () => {
  const template = `<html><head><title>Attention Lab</title>${PACKAGE_MARKER}</head><body><script>var a = "<\\/script>";</script></body></html>`;

  test('writes the link and SCORM settings into the data block and the title, and reads them back', () => {
    const baked = { link: offlineLink('', MINE, false), scorm: { version: '2004', mastery: 75 } };
    const html = bakeTemplate(template, baked, 'Attention Lab: Mine </script> $&');
    assert.match(html, /<title>Attention Lab: Mine &lt;\/script&gt; \$&amp;<\/title>/);
    const block = /<script type="application\/json" id="attention-lab-package">([^]*?)<\/script>/.exec(html)?.[1];
    assert.ok(block && !block.includes('<'), 'no "<" inside the block');
    assert.deepEqual(readBakedPackage(block), baked);
    assert.ok(html.endsWith('<body><script>var a = "<\\/script>";</script></body></html>'));
  });

  test('a template without the data block is refused by name', () => {
    assert.throws(() => bakeTemplate('<html></html>', { link: '?w=x' }, 't'), /no data block/);
  });

  test('nothing baked, malformed JSON or a foreign shape open the plain page; bad SCORM settings are dropped', () => {
    assert.equal(readBakedPackage('null'), undefined);
    assert.equal(readBakedPackage(null), undefined);
    assert.equal(readBakedPackage('{"link":'), undefined);
    assert.equal(readBakedPackage('{"href":"?w=x"}'), undefined);
    assert.deepEqual(readBakedPackage('{"link":"?w=x","scorm":null}'), { link: '?w=x' });
    assert.deepEqual(readBakedPackage('{"link":"?w=x","scorm":{"version":"3","mastery":80}}'), { link: '?w=x' });
    assert.deepEqual(readBakedPackage('{"link":"?w=x","scorm":{"version":"1.2","mastery":101}}'), { link: '?w=x' });
    assert.deepEqual(readBakedPackage('{"link":"?w=x","scorm":{"version":"1.2","mastery":80,"extra":1}}'), { link: '?w=x', scorm: { version: '1.2', mastery: 80 } });
  });
});

describe('the language model in an offline file', () => {
  const template = `<html><head><title>Attention Lab</title>${PACKAGE_MARKER}${MODEL_MARKER}</head><body></body></html>`;
  const block = (/** @type {string} */ html) => /<script type="application\/octet-stream" id="attention-lab-language-model">([^<]*)<\/script>/.exec(html)?.[1];
  // Every byte value, and more than one chunk of the encoder's.
  const model = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 7919) % 256);

  test('a walkthrough that reads the model carries its bytes as base64, read back byte for byte', () => {
    const walkthrough = { id: 'model-reads-a-sentence', kind: 'model-sentence', title: 'A sentence', inputs: {} };
    const file = offlineFile(template, { format: 'html', walkthrough, shipped: true, languageModel: model });
    const text = new TextDecoder().decode(file.bytes);
    assert.match(block(text), /^[A-Za-z0-9+/]+=*$/);
    assert.deepEqual(readBakedModel(block(text)), model);
  });

  test('one that does not read it leaves the block empty, even when given the bytes', () => {
    const file = offlineFile(template, { format: 'html', walkthrough: { ...MINE }, shipped: false, languageModel: model });
    assert.equal(block(new TextDecoder().decode(file.bytes)), '');
    assert.equal(readBakedModel(''), undefined);
    assert.equal(readBakedModel('not base64!'), undefined);
  });

  test('the file of a walkthrough that reads the model is refused without its bytes, naming languageModel', () => {
    const walkthrough = { id: 'inside-the-model', kind: 'inside-model', title: 'Inside', inputs: {} };
    assert.throws(() => offlineFile(template, { format: 'scorm12', walkthrough, shipped: true }), /^Error: languageModel: expected the language model file's bytes, which “inside-the-model” reads/);
  });
});
