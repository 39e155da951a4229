// What an offline file opens (web/src/embed/baked-package.ts), without a browser: the link baked
// into the template (the page's link without src, the walkthrough named, an instructor's own
// carried whole), the data block written so nothing in it can end the element or expand as a
// replacement pattern, and read back with anything malformed ignored.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { importCompiled } from '../support/compiled.mjs';

const { bakeTemplate, offlineLink, PACKAGE_MARKER, readBakedPackage } = await importCompiled('embed/baked-package');

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
