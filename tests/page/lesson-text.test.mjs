// The lessons in Spanish (web/src/i18n/lessons/es.json): a translation is data, keyed as the
// walkthrough keys its words. Each translated walkthrough is still a valid walkthrough file, each
// translated string quotes the same numbers as the English it stands for (a decimal comma for a
// point) and keeps its links, and the coverage is counted: which English strings have no Spanish
// yet is printed, and the figure may not fall.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import '../support/json-modules.mjs';
import { importCompiled } from '../support/compiled.mjs';

const lab = await loadAttentionLab();
const { LESSONS, WALKTHROUGHS } = await importCompiled('model/walkthroughs');
const { Session } = await importCompiled('session/session');
const { parseWalkthrough } = await importCompiled('authoring/validate-walkthrough');
const { translatedWalkthrough } = await importCompiled('model/lesson-text');
const { STAGES } = await importCompiled('model/pipeline');
const { setLanguage } = await importCompiled('i18n/messages');
const { setPageLocale } = await importCompiled('model/format');

const SPANISH = JSON.parse(readFileSync(new URL('../../web/src/i18n/lessons/es.json', import.meta.url), 'utf8'));
/** Translated strings out of every English string of the course; raise it as lessons are translated. */
const COVERAGE_FLOOR = 1;

/** The numbers a text quotes, written the English way ("0,941" → "0.941", "[1,5; 1,5]" → 1.5, 1.5). */
const numbersIn = (text, decimal) => [...text.matchAll(decimal === ',' ? /\d+(?:,\d+)?/g : /\d+(?:\.\d+)?/g)]
  .map((m) => m[0].replace(',', '.')).sort();
const linksIn = (text) => [...text.matchAll(/\]\((\?[^)]*)\)/g)].map((m) => m[1]);

/** Each walkthrough's steps on its own inputs, as the session builds them (in the page's language). */
async function stepsOf(walkthrough) {
  const session = new Session(lab, { find: (id) => WALKTHROUGHS.get(id), fallback: 'worked-example' });
  await session.open({ walkthrough: walkthrough.id, step: 'inputs' });
  return session.steps.filter((s) => !s.id.startsWith('exercise-'));
}

/**
 * The steps' words in Spanish that come from the kinds' own words (kinds/<kind>/words-es.ts):
 * what a step without a Spanish `stepTexts` entry shows, by walkthrough, step and field, where
 * it is not the English.
 */
async function kindWordsInSpanish() {
  const found = new Map();
  // English words with Spanish numbers: a step whose numbers alone change is not translated.
  const english = new Map();
  setPageLocale('es');
  try {
    for (const walkthrough of WALKTHROUGHS.values()) english.set(walkthrough.id, await stepsOf(walkthrough));
    await setLanguage('es');
    for (const walkthrough of WALKTHROUGHS.values()) {
      const spanishSteps = await stepsOf(walkthrough);
      english.get(walkthrough.id).forEach((step, i) => {
        for (const field of ['title', 'text']) {
          if (spanishSteps[i]?.[field] !== step[field]) found.set(`${walkthrough.id}.stepTexts.${step.id}.${field}`, spanishSteps[i][field]);
        }
      });
    }
  } finally {
    await setLanguage('en');
    setPageLocale(undefined);
  }
  return found;
}

const FROM_KINDS = await kindWordsInSpanish();

/** Every English string of the course a learner reads in a walkthrough's own words, with its Spanish (if any). */
async function pairs() {
  const found = [];
  for (const lesson of LESSONS) found.push({ where: `lesson ${lesson.id}`, english: lesson.title, spanish: SPANISH.lessons[lesson.id] });
  for (const stage of STAGES) found.push({ where: `stage ${stage.id}`, english: stage.label, spanish: SPANISH.stages?.[stage.id] });
  for (const walkthrough of WALKTHROUGHS.values()) {
    const es = SPANISH.walkthroughs[walkthrough.id] ?? {};
    found.push({ where: `${walkthrough.id}.title`, english: walkthrough.title, spanish: es.title });
    found.push({ where: `${walkthrough.id}.intro`, english: walkthrough.intro, spanish: es.intro });
    for (const exercise of walkthrough.exercises ?? []) {
      for (const field of ['title', 'prompt']) {
        found.push({ where: `${walkthrough.id}.exercises.${exercise.id}.${field}`, english: exercise[field], spanish: es.exercises?.[exercise.id]?.[field] });
      }
    }
    // The steps' words on the walkthrough's own inputs: its stepTexts, else the kind's.
    for (const step of await stepsOf(walkthrough)) {
      for (const field of ['title', 'text']) {
        const where = `${walkthrough.id}.stepTexts.${step.id}.${field}`;
        found.push({ where, english: step[field], spanish: es.stepTexts?.[step.id]?.[field] ?? FROM_KINDS.get(where) });
      }
    }
  }
  return found;
}

const ALL = await pairs();

test('every translated walkthrough is still a valid walkthrough, of a shipped id', () => {
  for (const [id, text] of Object.entries(SPANISH.walkthroughs)) {
    const walkthrough = WALKTHROUGHS.get(id);
    assert.ok(walkthrough, `${id} is not a shipped walkthrough`);
    const parsed = parseWalkthrough(JSON.parse(JSON.stringify(translatedWalkthrough(walkthrough, text))));
    assert.ok(!('error' in parsed), `${id}: ${parsed.error}`);
  }
  for (const id of Object.keys(SPANISH.lessons)) assert.ok(LESSONS.some((l) => l.id === id), `no lesson ${id}`);
  for (const id of Object.keys(SPANISH.stages ?? {})) assert.ok(STAGES.some((s) => s.id === id), `no stage ${id}`);
});

test('each Spanish string quotes the numbers and keeps the links of its English', () => {
  const translated = ALL.filter((p) => p.spanish !== undefined);
  const keys = new Set(ALL.map((p) => p.where));
  for (const [id, text] of Object.entries(SPANISH.walkthroughs)) {
    for (const [step, words] of Object.entries(text.stepTexts ?? {})) {
      for (const field of Object.keys(words)) assert.ok(keys.has(`${id}.stepTexts.${step}.${field}`), `${id}: no step ${step}`);
    }
  }
  for (const { where, english, spanish } of translated) {
    assert.deepEqual(numbersIn(spanish, ','), numbersIn(english, '.'), `${where}:\n  ${english}\n  ${spanish}`);
    assert.deepEqual(linksIn(spanish), linksIn(english), where);
  }
});

test('coverage of the course in Spanish (untranslated strings listed)', (t) => {
  const missing = ALL.filter((p) => p.spanish === undefined);
  const coverage = 1 - missing.length / ALL.length;
  t.diagnostic(`Spanish: ${ALL.length - missing.length} of ${ALL.length} strings (${(100 * coverage).toFixed(1)} %); untranslated: ${missing.map((p) => p.where).join(', ')}`);
  assert.ok(coverage >= COVERAGE_FLOOR, `coverage ${coverage}`);
});

test('on inputs a learner changed, every kind’s steps are in Spanish (kinds/<kind>/words-es.ts), with the English numbers', async () => {
  const { descriptorOf, isStepped, loadKind } = await importCompiled('kinds/index');
  const { wholeBuild } = await importCompiled('kinds/kind');
  const { loadLessonModel } = await importCompiled('session/language-model-source');
  const builds = async () => {
    const found = [];
    // A walkthrough its own view draws has no steps (the training view's words: tests/page/i18n-views.test.mjs).
    for (const walkthrough of [...WALKTHROUGHS.values()].filter((w) => isStepped(w.kind))) {
      const kind = await loadKind(walkthrough.kind);
      const inputs = kind.changeInputs(lab, walkthrough.inputs, 'seed', 7);
      const model = descriptorOf(walkthrough.kind).languageModel ? await loadLessonModel(lab) : undefined;
      found.push(...wholeBuild(kind.build(lab, walkthrough, inputs, undefined, model)).steps.map((step) => ({ where: `${walkthrough.id}.${step.id}`, step })));
    }
    return found;
  };
  setPageLocale('es');
  const english = await builds();
  await setLanguage('es');
  try {
    const spanish = await builds();
    assert.equal(spanish.length, english.length);
    english.forEach(({ where, step }, i) => {
      for (const field of ['title', 'text']) {
        const es = spanish[i].step[field];
        assert.notEqual(es, step[field], `${where}.${field} is not in Spanish: ${es}`);
        assert.deepEqual(numbersIn(es, ','), numbersIn(step[field], ','), `${where}.${field}:\n  ${step[field]}\n  ${es}`);
      }
    });
  } finally {
    await setLanguage('en');
    setPageLocale(undefined);
  }
});
