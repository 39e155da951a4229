// The Embed dialog's public address (web/src/embed/public-address.ts), without a browser: which
// page addresses only this computer can open, what an instructor may type as the site's address,
// and how a link to this page becomes the same link on that site.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { importCompiled } from '../support/compiled.mjs';

const { privateAddress, readPublicAddress, onPublicSite } = await importCompiled('embed/public-address');

describe('privateAddress', () => {
  test('names loopback hosts, localhost names and files on disk', () => {
    assert.equal(privateAddress(new URL('http://127.0.0.1:5173/?w=masks')), '127.0.0.1:5173');
    assert.equal(privateAddress(new URL('http://127.8.0.1/')), '127.8.0.1');
    assert.equal(privateAddress(new URL('http://localhost:4173/lab/')), 'localhost:4173');
    assert.equal(privateAddress(new URL('http://lab.localhost/')), 'lab.localhost');
    assert.equal(privateAddress(new URL('http://[::1]:8080/')), '[::1]:8080');
    assert.equal(privateAddress(new URL('http://0.0.0.0:5173/')), '0.0.0.0:5173');
    assert.equal(privateAddress(new URL('file:///home/me/attention-lab.html')), 'a file on this computer (file:)');
  });

  test('leaves public hosts alone, including ones that merely contain "localhost" or start with 127', () => {
    for (const address of ['https://courses.example.org/lab/', 'http://localhost.example.org/', 'https://127.example.org/', 'http://10.0.0.5/']) {
      assert.equal(privateAddress(new URL(address)), undefined, address);
    }
  });
});

describe('readPublicAddress', () => {
  test('takes a site folder, adding the slash a folder needs, and drops a query or hash', () => {
    assert.equal(readPublicAddress(' https://courses.example.org/attention-lab ').href, 'https://courses.example.org/attention-lab/');
    assert.equal(readPublicAddress('https://courses.example.org/attention-lab/?x=1#y').href, 'https://courses.example.org/attention-lab/');
    assert.equal(readPublicAddress('http://example.org').href, 'http://example.org/');
  });

  test('takes the address of a page as its folder', () => {
    assert.equal(readPublicAddress('https://example.org/lab/index.html').href, 'https://example.org/lab/');
  });

  test('refuses what is not an http(s) address of another computer, naming the field', () => {
    assert.throws(() => readPublicAddress('courses.example.org'), /^Error: public address: expected a web address such as https:\/\/.*got "courses\.example\.org"$/);
    assert.throws(() => readPublicAddress('ftp://example.org/'), /^Error: public address: expected an http or https address, got ftp:$/);
    assert.throws(() => readPublicAddress('http://127.0.0.1:5173/'), /public address: 127\.0\.0\.1:5173 is this computer again/);
  });
});

describe('onPublicSite', () => {
  test('moves the query and hash of a link to this page onto the site, beside the same file', () => {
    const site = new URL('https://courses.example.org/attention-lab/');
    assert.equal(onPublicSite('http://127.0.0.1:5173/?w=causal-mask&step=softmax&embed=1#in=%7B%7D', 'http://127.0.0.1:5173/', site),
      'https://courses.example.org/attention-lab/?w=causal-mask&step=softmax&embed=1#in=%7B%7D');
    assert.equal(onPublicSite('file:///home/me/lab/attention-lab.html?w=masks', 'file:///home/me/lab/attention-lab.html', site),
      'https://courses.example.org/attention-lab/attention-lab.html?w=masks');
  });

  test('refuses a link that is not to this page', () => {
    assert.throws(() => onPublicSite('https://elsewhere.org/?w=x', 'http://127.0.0.1:5173/', new URL('https://example.org/')), /is not under/);
  });
});
