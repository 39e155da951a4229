// The H5P package (web/src/embed/h5p-package.ts) and what its library reads and says
// (web/src/embed/h5p-content.ts), without a player: the zip holds only what H5P hosts accept, as
// their validators check it (h5p-php-library's H5PValidator, Lumi's PackageValidator: the rules
// quoted below are theirs); content.json round-trips and refuses what is not the lab's; the
// learner a host names; an answer's statement under the content's activity, which hosts do not
// record as the content's result. Playing the package in two H5P players is
// tests/e2e/h5p-players.test.mjs.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { strFromU8, unzipSync } from 'fflate';

import { importCompiled } from '../support/compiled.mjs';
import { importBundled, ROOT } from '../../scripts/offline/single-file.mjs';

const { H5P_LIBRARY, H5P_LIBRARY_FILE, H5P_LIBRARY_FOLDER, h5pPackage } = await importCompiled('embed/h5p-package');
const { answerStatement, exerciseActivity, h5pLearner, passes, readH5pParams, EXERCISE_EXTENSION } = await importCompiled('embed/h5p-content');
const { answersFromStatements } = await importCompiled('report/class-statements');
const { offlineFile } = await importBundled(path.join(ROOT, 'web', 'src', 'embed', 'offline-package.ts'));

/** A stand-in for the built library's script (the real one is 3 MB): the packer only checks its name. */
const SCRIPT = 'var H5P = H5P || {}; H5P.AttentionLab = function () {};';
const MINE = {
  id: 'my-example', kind: 'attention', title: 'Mine: “ñ” & <b>',
  inputs: { query: [[1, 2]], keys: [[1, 0], [0, 1], [1, 1]], values: [[0.5, 0.3], [0.8, 0.2], [0.1, 0.9]] },
};
const unzip = (bytes) => Object.fromEntries(Object.entries(unzipSync(bytes)).map(([name, data]) => [name, data]));
const json = (files, name) => JSON.parse(strFromU8(files[name]));

// h5p-php-library's H5PValidator ($h5pRequired, $libraryRequired, the default whitelists) and
// Lumi's schemas: versions as numbers, the folder machineName-major.minor, coreApi ≤ 1.27.
const H5P_REQUIRED = { title: /^.{1,255}$/, language: /^[-a-zA-Z]{1,10}$/, mainLibrary: /^[$a-z_][0-9a-z_.$]{1,254}$/i };
const LIBRARY_WHITELIST = 'json png jpg jpeg gif bmp tif tiff eot ttf woff woff2 otf webm mp4 ogg mp3 m4a wav txt pdf rtf doc docx xls xlsx ppt pptx odt ods odp csv diff patch swf md textile vtt webvtt gltf glb js css svg xml'.split(' ');

describe('the H5P package', () => {
  const files = unzip(h5pPackage(SCRIPT, { walkthrough: MINE, link: '?w=my-example&lang=es#walkthrough=x', mastery: 70 }));

  test('holds h5p.json at its root, content/content.json and the library’s folder, and nothing else', () => {
    assert.deepEqual(Object.keys(files).sort(), [
      `${H5P_LIBRARY_FOLDER}/dist/${H5P_LIBRARY_FILE}`, `${H5P_LIBRARY_FOLDER}/library.json`, `${H5P_LIBRARY_FOLDER}/semantics.json`,
      'content/content.json', 'h5p.json',
    ]);
    assert.equal(H5P_LIBRARY_FOLDER, 'H5P.AttentionLab-1.0');
    for (const name of Object.keys(files)) {
      assert.ok(name === 'h5p.json' || name.includes('/'), `${name}: hosts unpack nothing else at the root`);
      assert.ok(!/(^|\/)[._]/.test(name), `${name}: hosts skip names starting with . or _`);
      assert.ok(LIBRARY_WHITELIST.includes(name.slice(name.lastIndexOf('.') + 1)), `${name}: not in the hosts' whitelist`);
    }
    assert.equal(strFromU8(files[`${H5P_LIBRARY_FOLDER}/dist/${H5P_LIBRARY_FILE}`]), SCRIPT);
  });

  test('h5p.json: every field hosts require, in their form, the lab its main and only library, the link’s language', () => {
    const h5p = json(files, 'h5p.json');
    for (const [field, rule] of Object.entries(H5P_REQUIRED)) assert.match(String(h5p[field]), rule, field);
    assert.equal(h5p.title, 'Attention Lab: Mine: “ñ” & <b>');
    assert.equal(h5p.language, 'es');
    assert.equal(h5p.mainLibrary, 'H5P.AttentionLab');
    assert.deepEqual(h5p.embedTypes, ['iframe']);
    assert.deepEqual(h5p.preloadedDependencies, [{ machineName: 'H5P.AttentionLab', majorVersion: 1, minorVersion: 0 }]);
    assert.match(h5p.license, /^(CC BY|CC BY-SA|CC BY-ND|CC BY-NC|CC BY-NC-SA|CC BY-NC-ND|CC0 1\.0|GNU GPL|PD|ODC PDDL|CC PDM|U|C)$/);
    const untitled = json(unzip(h5pPackage(SCRIPT, { walkthrough: { ...MINE, title: 'x'.repeat(400) }, link: '?w=my-example', mastery: 80 })), 'h5p.json');
    assert.equal(untitled.title.length, 255);
    assert.equal(untitled.language, 'en');
  });

  test('library.json: numbers where Lumi’s schema wants numbers, a runnable library whose script exists, a core API Lumi 10 speaks', () => {
    const library = json(files, `${H5P_LIBRARY_FOLDER}/library.json`);
    for (const field of ['majorVersion', 'minorVersion', 'patchVersion', 'runnable']) assert.equal(typeof library[field], 'number', field);
    assert.equal(library.machineName, 'H5P.AttentionLab');
    assert.equal(library.runnable, 1);
    assert.match(library.title, /^.{1,255}$/);
    for (const { path: file } of library.preloadedJs) {
      assert.match(file, /^((\\|\/)?[a-z_\-\s0-9.]+)+\.js$/i);
      assert.ok(files[`${H5P_LIBRARY_FOLDER}/${file}`], `${file} is in the package`);
    }
    assert.ok(library.coreApi.majorVersion === 1 && library.coreApi.minorVersion <= 27);
  });

  test('the library’s patch version follows the npm package’s version (hosts replace a library only by a higher one)', () => {
    const [major, minor, patch] = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version.split(/[.-]/).map(Number);
    assert.equal(H5P_LIBRARY.patchVersion, major * 10000 + minor * 100 + patch);
  });

  test('semantics.json declares every key content.json holds (PHP hosts drop any other); the lesson in base64 text survives their escaping', () => {
    const declared = json(files, `${H5P_LIBRARY_FOLDER}/semantics.json`).map((field) => field.name);
    const withModel = unzip(h5pPackage(SCRIPT, { walkthrough: MINE, link: '?w=my-example', mastery: 80, languageModel: new Uint8Array([1, 2, 3]) }));
    for (const content of [json(files, 'content/content.json'), json(withModel, 'content/content.json')]) {
      for (const key of Object.keys(content)) assert.ok(declared.includes(key), `${key} is declared`);
      for (const text of [content.lesson, content.languageModel ?? '']) assert.match(text, /^[A-Za-z0-9+/=]*$/);
    }
    assert.equal(json(files, 'content/content.json').passPercentage, 70);
  });

  test('the same lesson gives the same bytes; a script that is not the library’s is refused', () => {
    const request = { walkthrough: MINE, link: '?w=my-example', mastery: 80 };
    assert.deepEqual(h5pPackage(SCRIPT, request), h5pPackage(SCRIPT, request));
    assert.throws(() => h5pPackage('<!doctype html>', request), /does not define H5P\.AttentionLab: is it a build of web\/src\/entries\/h5p-library\.ts\?/);
  });

  test('offlineFile makes it as format h5p: the link an offline file bakes, the model only for a lesson that reads it', () => {
    const file = offlineFile(SCRIPT, { format: 'h5p', walkthrough: MINE, shipped: false, link: '?step=softmax&embed=1', mastery: 60 });
    assert.equal(file.name, 'attention-lab-my-example.h5p');
    const content = readH5pParams(json(unzip(file.bytes), 'content/content.json'));
    assert.equal(content.mastery, 60);
    assert.equal(content.languageModel, undefined);
    const hash = new URLSearchParams(content.link.slice(content.link.indexOf('#') + 1));
    assert.match(content.link, /^\?w=my-example&step=softmax&embed=1#/);
    assert.deepEqual(JSON.parse(hash.get('walkthrough')), MINE);
    assert.throws(() => offlineFile(SCRIPT, { format: 'h5p5', walkthrough: MINE, shipped: false }), /format: expected html, scorm12, scorm2004 or h5p, got “h5p5”/);
  });
});

describe('what the H5P library reads and says', () => {
  test('content.json read back: the link, the pass mark (80 when absent), the model’s bytes', () => {
    const link = '?w=my-example#walkthrough=%7B%22title%22%3A%22%C3%B1%22%7D';
    const params = { lesson: Buffer.from(link).toString('base64'), passPercentage: 65, languageModel: Buffer.from([7, 8]).toString('base64') };
    assert.deepEqual(readH5pParams(params), { link, mastery: 65, languageModel: new Uint8Array([7, 8]) });
    assert.deepEqual(readH5pParams({ lesson: params.lesson }), { link, mastery: 80 });
  });

  test('content that is not the lab’s is refused naming the field', () => {
    assert.match(readH5pParams(null).error, /^the content’s parameters: expected an object/);
    assert.match(readH5pParams({}).error, /^lesson: expected the lesson as Attention Lab writes it/);
    assert.match(readH5pParams({ lesson: '%%%' }).error, /^lesson: expected/);
    assert.match(readH5pParams({ lesson: Buffer.from('w=x').toString('base64') }).error, /^lesson: expected a lesson’s link beginning with “\?”/);
    const lesson = Buffer.from('?w=x').toString('base64');
    assert.equal(readH5pParams({ lesson, passPercentage: 101 }).error, 'passPercentage: expected a whole percent from 0 to 100, got 101');
    assert.equal(readH5pParams({ lesson, passPercentage: '80' }).error, 'passPercentage: expected a whole percent from 0 to 100, got "80"');
    assert.match(readH5pParams({ lesson, languageModel: 42 }).error, /^languageModel: expected the language model as base64 text/);
  });

  test('the learner: the host’s user id, else its email address, else its name, else the visitor H5P made up', () => {
    assert.equal(h5pLearner({ id: 'u-42', mail: 'ana@example.test', name: 'Ana' }, undefined), 'u-42');
    assert.equal(h5pLearner({ id: 7 }, undefined), '7');
    assert.equal(h5pLearner({ mail: 'ana@example.test', name: 'Ana' }, undefined), 'ana@example.test');
    assert.equal(h5pLearner({ id: ' ', name: 'Ana' }, undefined), 'Ana');
    assert.equal(h5pLearner(undefined, { account: { name: '5f1c-uuid', homePage: 'http://host' }, objectType: 'Agent' }), '5f1c-uuid');
    assert.equal(h5pLearner(undefined, { objectType: 'Agent' }), undefined);
  });

  test('an answer: the exercise’s activity under the content’s (so hosts do not store it as the content’s result), the engine’s diagnosis in its result', () => {
    const event = { type: 'answered', walkthrough: 'worked-example-practice', exercise: 'score', interaction: 'numeric', response: '3', correct: false, misconception: 'unscaled', attempt: 2, latencySeconds: 12.345 };
    const parts = answerStatement(event, 'http://moodle.test/mod/h5pactivity/view.php?id=5', 'Your turn: a score');
    assert.equal(parts.object.id, 'http://moodle.test/mod/h5pactivity/view.php?id=5&subContentId=worked-example-practice.score');
    assert.deepEqual(parts.context.contextActivities.parent, [{ id: 'http://moodle.test/mod/h5pactivity/view.php?id=5', objectType: 'Activity' }]);
    assert.deepEqual(parts.object.definition.extensions[EXERCISE_EXTENSION], { walkthrough: 'worked-example-practice', exercise: 'score' });
    assert.equal(parts.object.definition.interactionType, 'numeric');
    assert.deepEqual(parts.result, {
      score: { min: 0, max: 1, raw: 0, scaled: 0 }, success: false, completion: true, response: '3', duration: 'PT12.35S',
      extensions: { 'urn:attention-lab:xapi:attempt': 2, 'urn:attention-lab:xapi:misconception': 'unscaled' },
    });
    assert.equal(exerciseActivity('1', 'w', 'e'), '1?subContentId=w.e');
  });

  test('the class report reads an answer of an H5P package, whose activity id is the host’s, by the exercise its definition names', () => {
    const event = { type: 'answered', walkthrough: 'worked-example-practice', exercise: 'score', interaction: 'numeric', response: '3', correct: false, misconception: 'unscaled', attempt: 1, latencySeconds: 4 };
    // As H5P's core makes the template (h5p-x-api-event.js): actor, verb, timestamp; Lumi's content id is a bare number.
    const statement = {
      actor: { name: 'Ana', mbox: 'mailto:ana@example.test', objectType: 'Agent' },
      verb: { id: 'http://adlnet.gov/expapi/verbs/answered', display: { 'en-US': 'answered' } },
      timestamp: '2026-11-29T10:00:00.000Z',
      ...answerStatement(event, '1', 'Your turn: a score'),
    };
    const read = answersFromStatements(JSON.stringify([statement]));
    assert.deepEqual(read.answers.map(({ learner, walkthrough, exercise, correct, misconception, attempt }) => ({ learner, walkthrough, exercise, correct, misconception, attempt })), [
      { learner: 'mbox|mailto:ana@example.test', walkthrough: 'worked-example-practice', exercise: 'score', correct: false, misconception: 'unscaled', attempt: 1 },
    ]);
  });

  test('passing: the share right reaches the pass mark; a lesson without exercises passes', () => {
    assert.equal(passes(4, 5, 80), true);
    assert.equal(passes(3, 5, 80), false);
    assert.equal(passes(0, 0, 80), true);
    assert.equal(passes(0, 3, 0), true);
  });
});
