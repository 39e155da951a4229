// The page's link (web/src/state/url-state.ts), without a browser: what readLink makes of an
// address (state and notices) and what writeLink writes. Large edited inputs go in the hash and
// come back digit for digit; every malformed, repeated or oversized part gives a short notice.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { deflateRawSync } from 'node:zlib';

import '../support/json-modules.mjs';
import { importCompiled } from '../support/compiled.mjs';

const { readLink, writeLink } = await importCompiled('state/url-state');
const { ECHO_LIMIT } = await importCompiled('i18n/echo');

/** A link's two parts, as window.location gives them. */
const at = (link) => {
  const url = new URL(link, 'http://lab.test/');
  return { search: url.search, hash: url.hash };
};

/** Full-precision doubles, different in every digit (the engine's inputs are any doubles). */
function matrix(rows, cols, seed) {
  let s = seed;
  return Array.from({ length: rows }, () => Array.from({ length: cols }, () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return (s / 2147483648) * 2 - 1 + s * 1e-17;
  }));
}

describe('edited inputs in the link', () => {
  test('a 32×64 query, key and value round-trip through a link exactly, in the hash, with a short query', () => {
    const inputs = { query: matrix(32, 64, 1), key: matrix(32, 64, 2), value: matrix(32, 64, 3) };
    const link = writeLink({ walkthrough: 'worked-example', step: 'softmax', inputs });
    const { search, hash } = at(link);
    assert.equal(search, '?step=softmax');
    assert.match(hash, /^#in=/);
    // Far below the JSON's own 120 KB, and in the hash, which never reaches the server.
    assert.ok(link.length < 90_000, `link of ${link.length} characters`);
    const { state, notices } = readLink({ search, hash });
    assert.deepEqual(notices, []);
    assert.deepEqual(state, { walkthrough: 'worked-example', step: 'softmax', inputs });
    for (const name of ['query', 'key', 'value']) {
      state.inputs[name].forEach((row, i) => row.forEach((x, j) => assert.ok(Object.is(x, inputs[name][i][j]), `${name}[${i}][${j}]`)));
    }
  });

  test('small inputs stay readable JSON in the hash', () => {
    const inputs = { query: [[2, 2]], key: [[1, 0], [0, 1], [1, 1]], value: [[0.5, 0.3], [0.8, 0.2], [0.1, 0.9]] };
    const link = writeLink({ walkthrough: 'worked-example', step: 'inputs', inputs });
    assert.equal(decodeURIComponent(at(link).hash), `#in=${JSON.stringify(inputs)}`);
    assert.deepEqual(readLink(at(link)).state.inputs, inputs);
  });

  test('an old link with the inputs in the query (?in=) still opens with them', () => {
    const inputs = { query: [[3, 2]], key: [[1, 0], [0, 1], [1, 1]], value: [[0.5, 0.3], [0.8, 0.2], [0.1, 0.9]] };
    const { state, notices } = readLink(at(`?w=worked-example&step=scores&in=${encodeURIComponent(JSON.stringify(inputs))}`));
    assert.deepEqual(notices, []);
    assert.deepEqual(state, { walkthrough: 'worked-example', step: 'scores', inputs });
  });

  test('an instructor’s walkthrough in the hash is kept beside the inputs, and an anchor is not state', () => {
    const inputs = { query: [[3, 2]], key: [[1, 0]], value: [[1]] };
    const link = writeLink({ walkthrough: 'worked-example', step: 'inputs', inputs }, { params: [['src', 'mine.json']], hash: '#walkthrough=%7B%7D&junk=1' });
    const { search, hash } = at(link);
    assert.equal(search, '?src=mine.json');
    assert.deepEqual([...new URLSearchParams(hash.slice(1)).keys()], ['in', 'walkthrough']);
    assert.equal(new URLSearchParams(hash.slice(1)).get('walkthrough'), '{}');
    const skip = readLink({ search: '?w=causal-mask', hash: '#step' });
    assert.deepEqual(skip.notices, []);
    assert.equal(skip.anchor, true);
    assert.equal(readLink(at(link)).anchor, false);
  });

  test('damaged or oversized compressed inputs give a notice and the walkthrough’s own inputs', () => {
    const big = { query: matrix(32, 64, 1), key: matrix(32, 64, 2), value: matrix(32, 64, 3) };
    const { hash } = at(writeLink({ walkthrough: 'worked-example', step: 'inputs', inputs: big }));
    for (const damaged of [hash.slice(0, 500), `${hash.slice(0, 100)}!!${hash.slice(102)}`, '#in=z.AAAA']) {
      const { state, notices } = readLink({ search: '', hash: damaged });
      assert.equal(state.inputs, undefined, damaged.slice(0, 40));
      assert.equal(notices.length, 1);
      assert.match(notices[0], /^The inputs in this link could not be read: .*damaged/);
    }
    // A few hundred bytes that inflate to 64 MB of spaces are refused, not inflated.
    const bomb = Buffer.from(new Uint8Array(64 * 1024 * 1024).fill(32));
    const compressed = deflateRawSync(bomb, { level: 9 }).toString('base64url');
    const { state, notices } = readLink({ search: '', hash: `#in=z.${compressed}` });
    assert.equal(state.inputs, undefined);
    assert.match(notices[0], /inflate to more than 8 MB/);
  });
});

describe('malformed, repeated and oversized link parts', () => {
  test('a stray % in any parameter gives a notice naming it, and src is not used', () => {
    const src = readLink(at('?src=%'));
    assert.equal(src.src, undefined);
    assert.equal(src.notices.length, 1);
    assert.match(src.notices[0], /^The link is malformed: “src” has a “%” that is not followed by two hexadecimal digits/);
    const w = readLink({ search: '?w=%E0%A4%A&step=scores', hash: '' });
    assert.match(w.notices.join('\n'), /malformed: “w”/);
    assert.equal(w.state.walkthrough, 'worked-example');
    assert.equal(w.state.step, 'scores');
    assert.match(readLink({ search: '', hash: '#in=%7B%' }).notices.join('\n'), /link’s # part is malformed: “in”/);
  });

  test('a repeated parameter gives a notice naming it', () => {
    const { state, notices } = readLink(at('?w=causal-mask&w=padding-mask'));
    assert.deepEqual(notices, ['The link gives “w” more than once; the first one was used.']);
    assert.equal(state.walkthrough, 'causal-mask');
  });

  test('notices quote at most ~80 characters of a bad value', async () => {
    const { LESSONS } = await importCompiled('model/walkthroughs');
    // The lesson ids a bad lesson's notice lists grow with the course, not with the bad value.
    const lessonIds = LESSONS.map((/** @type {any} */ lesson) => lesson.id).join(', ');
    const long = 'x'.repeat(5000);
    for (const search of [`?w=${long}`, `?lesson=${long}`, `?step=${long}`, `?${long}=1`, `?w=a&w=${long}&${long}=1&${long}=2`]) {
      const { notices } = readLink({ search, hash: '' });
      assert.ok(notices.length > 0, search.slice(0, 20));
      for (const notice of notices) {
        const quoted = /“([^”]*)”/.exec(notice)?.[1] ?? '';
        assert.ok(Array.from(quoted).length <= ECHO_LIMIT + 1, `${quoted.length} characters quoted: ${notice.slice(0, 120)}`);
        assert.ok(notice.replace(lessonIds, '').length < 400, notice.slice(0, 120));
      }
    }
    assert.match(readLink({ search: `?w=${long}`, hash: '' }).notices[0], /“x{80}…”/);
  });

  test('a control character in a bad value is shown by its code', () => {
    const { notices } = readLink(at('?w=a%00b'));
    assert.match(notices[0], /“a\\u0000b”/);
  });
});

describe('lessons by number', () => {
  test('?lesson=N opens the lesson whose chip shows N, as its name does', async () => {
    const { LESSONS } = await importCompiled('model/walkthroughs');
    LESSONS.forEach((lesson, i) => {
      const byNumber = readLink(at(`?lesson=${i + 1}`));
      assert.deepEqual(byNumber.notices, [], `lesson ${i + 1}`);
      assert.deepEqual(byNumber.state, readLink(at(`?lesson=${lesson.id}`)).state, `lesson ${i + 1} is ${lesson.id}`);
      assert.equal(byNumber.state.walkthrough, lesson.walkthroughs[0].id);
    });
    const masks = LESSONS.findIndex((/** @type {any} */ lesson) => lesson.id === 'masks') + 1;
    assert.equal(readLink(at(`?lesson=${masks}`)).state.walkthrough, 'causal-mask');
  });

  test('the number of "Watch attention learn" opens it, as ?train=compare (its own task) does', async () => {
    const { LESSONS } = await importCompiled('model/walkthroughs');
    const train = LESSONS.findIndex((/** @type {any} */ lesson) => lesson.id === 'train') + 1;
    const { state, notices } = readLink(at(`?lesson=${train}`));
    assert.deepEqual(notices, []);
    assert.equal(state.walkthrough, 'watch-attention-learn');
    assert.deepEqual(state, readLink(at('?train=compare')).state);
  });

  test('a number out of range, or one that is not a whole number, is named in a notice', async () => {
    const { LESSONS } = await importCompiled('model/walkthroughs');
    for (const value of ['0', String(LESSONS.length + 1), '2.5', '-1']) {
      const { state, notices } = readLink(at(`?lesson=${value}`));
      assert.equal(state.walkthrough, 'worked-example', value);
      assert.equal(notices.length, 1, value);
      assert.match(notices[0], new RegExp(`^There is no lesson called “?${value.replace('.', '\\.')}”? \\(expected a number from 1 to ${LESSONS.length} or one of ${LESSONS[0].id}, `));
    }
  });
});

describe('notices in the page’s language', () => {
  test('in Spanish, a link’s notices are Spanish, with the bad value echoed as given; English comes back unchanged', async () => {
    const { setLanguage } = await importCompiled('i18n/messages');
    const link = at('/?w=nope&step=bad%zz&steps=many&weights=all&x=1&x=2#in=~damaged!');
    const english = readLink(link).notices;
    await setLanguage('es');
    try {
      const spanish = readLink(link).notices;
      assert.equal(spanish.length, english.length);
      assert.ok(spanish.some((n) => n.startsWith('No hay ningún recorrido llamado “nope”')), spanish.join('\n'));
      assert.ok(spanish.some((n) => n.includes('mal formado')), spanish.join('\n'));
      assert.ok(spanish.some((n) => n.includes('más de una vez')), spanish.join('\n'));
      for (const notice of spanish) assert.doesNotMatch(notice, /\b(the|is not|so the|was ignored)\b/, notice);
    } finally {
      await setLanguage('en');
    }
    assert.deepEqual(readLink(link).notices, english);
  });
});
