// No text a learner sees refers to a document they cannot see ("a blog post this
// lesson draws on…", "the tutorial's layer", "a notebook this lesson follows"). Every shipped
// walkthrough is opened with the real engine and every step built; the words of every step
// (title, text, panel captions and details, facts, parameter labels), the walkthrough's title and
// intro and the lesson menu are searched for references to unseen sources. Public papers are
// cited by author and year, which this does not flag.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import { importCompiled } from '../support/compiled.mjs';
import { SHIPPED } from '../support/shipped-walkthroughs.mjs';

const lab = await loadAttentionLab();
const { Session } = await importCompiled('session/session');
const { LESSON_TITLES } = await importCompiled('model/lessons');


/** Words that point at a document the learner has not got. */
const UNSEEN = /\b(blog|tutorials?|notebooks?|the article|the post|draws on|this lesson follows|the seed (?:document|tutorial|notebook)s?|seed 00\d)\b/i;

/** Every string in a built step, however deep (panels, facts, fields, labels). */
function strings(value, out = []) {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) strings(item, out);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      // Numbers and engine arguments are not words; a formula is LaTeX, not prose.
      if (key === 'data' || key === 'args' || key === 'formula') continue;
      strings(item, out);
    }
  }
  return out;
}

test('no walkthrough, step or lesson title refers to a source the learner cannot see', async () => {
  const found = [];
  const check = (where, text) => {
    const match = UNSEEN.exec(text);
    if (match) found.push(`${where}: “…${text.slice(Math.max(0, match.index - 40), match.index + 40)}…”`);
  };
  for (const [id, title] of LESSON_TITLES) check(`lesson ${id}`, title);
  for (const [id, walkthrough] of SHIPPED) {
    check(`${id} title`, walkthrough.title);
    check(`${id} intro`, walkthrough.intro);
    const s = new Session(lab, { find: (name) => SHIPPED.get(name), fallback: 'worked-example' });
    assert.equal(await s.open({ walkthrough: id, step: 'inputs' }), true, id);
    for (const step of s.steps) {
      for (const text of strings(step)) check(`${id} / ${step.id}`, text);
    }
  }
  assert.deepEqual(found, []);
});

test('the pattern catches the phrasings the issue quotes', () => {
  for (const text of ['a blog post this lesson draws on', 'the tutorial’s layer', 'a notebook this lesson follows', 'as seed 003 does']) {
    assert.match(text, UNSEEN, text);
  }
  for (const text of ['Vaswani et al. (2017)', 'seed 3 draws the weights', 'the random seed']) {
    assert.doesNotMatch(text, UNSEEN, text);
  }
});
