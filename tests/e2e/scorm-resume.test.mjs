// Both SCORM packages (1.2 and 2004 4th edition) of a walkthrough with exercises, in headless
// Chromium against scorm-again's run-time: its Scorm12API / Scorm2004API on the LMS's window as
// `API` / `API_1484_11`, the package's launch page in a frame. An answer becomes an interaction,
// the score and the status follow; the learner leaves (the SCO suspends and terminates), and a
// relaunch with the stored CMI loaded continues at the same step with the same answers (every
// attempt kept in suspend_data, a question answered again appended as one more interaction and
// never lowering the score; a record of the first version read too); once the
// learner has passed or failed and seen every step, the SCO exits normally (1.2: "", 2004:
// "normal") so that the LMS closes the attempt. A
// corrupt suspend_data starts from the beginning with a notice, and a refused call is a notice
// too, never a broken lesson. The LMS's learner id (cmi.core.student_id, cmi.learner_id) draws
// the practice's numbers for that learner, and its answers are graded and resumed on them.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { loadAttentionLab } from 'attention-lab';
import { buildScormPackage, readZip } from '../../scripts/offline/scorm-package.mjs';
import { serveFiles } from '../../scripts/lib/static-server.mjs';
import { launchBrowser, openPage, runAxe } from './browser.mjs';
import { LMS_PAGES, SCORM_AGAIN } from './scorm-support.mjs';
import { drawnFor, shownInputs } from '../support/drawn-numbers.mjs';

const lab = await loadAttentionLab({ training: false });

/** What each version calls its elements, read from the run-time's CMI as JSON, for one test body. */
const VERSIONS = [
  {
    scorm: '1.2',
    page: LMS_PAGES['1.2'],
    cmi: ({ cmi }) => ({
      status: cmi.core.lesson_status,
      raw: cmi.core.score.raw,
      location: cmi.core.lesson_location,
      exit: cmi.core.exit,
      sessionTime: cmi.core.session_time,
      interactions: Object.values(cmi.interactions).map((i) => `${i.id} ${i.type} ${i.student_response} ${i.result} ${i.latency}`),
      suspendData: cmi.suspend_data,
    }),
    status: { partial: { status: 'incomplete' }, passed: { status: 'passed' } },
    // CMITimespan; the SCO writes HHHH:MM:SS.SS, scorm-again keeps it as HH:MM:SS.SS.
    latency: /^\d{2,4}:\d{2}:\d{2}(\.\d{1,2})?$/,
    sessionTime: /^\d{2,4}:\d{2}:\d{2}(\.\d{1,2})?$/,
    wrong: 'wrong',
    /** cmi.core.exit once the attempt is over: "" (a normal exit). */
    over: '',
  },
  {
    scorm: '2004',
    page: LMS_PAGES['2004'],
    cmi: ({ cmi }) => ({
      status: `${cmi.completion_status} ${cmi.success_status}`,
      raw: cmi.score.raw,
      scaled: cmi.score.scaled,
      location: cmi.location,
      exit: cmi.exit,
      sessionTime: cmi.session_time,
      interactions: Object.values(cmi.interactions).map((i) => `${i.id} ${i.type} ${i.learner_response} ${i.result} ${i.latency}`),
      suspendData: cmi.suspend_data,
    }),
    status: { partial: { status: 'incomplete unknown', scaled: '0.5' }, passed: { status: 'incomplete passed', scaled: '0.75' } },
    latency: /^PT(\d+H)?(\d+M)?\d+(\.\d+)?S$/,
    sessionTime: /^PT(\d+H)?(\d+M)?\d+(\.\d+)?S$/,
    wrong: 'incorrect',
    over: 'normal',
  },
];

for (const version of VERSIONS) {
  describe(`the SCORM ${version.scorm} package in scorm-again`, () => {
    let dir;
    let server;
    let browser;
    before(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), `attention-lab-scorm-${version.scorm}-`));
      const built = await buildScormPackage({ walkthrough: 'worked-example-practice', embed: true, outDir: dir, mastery: 75, scorm: version.scorm });
      assert.equal(built.href, 'attention-lab.html');
      fs.mkdirSync(path.join(dir, 'package'));
      for (const [name, bytes] of Object.entries(readZip(built.zip))) fs.writeFileSync(path.join(dir, 'package', name), bytes);
      const exam = await buildScormPackage({ walkthrough: 'worked-example-practice', embed: true, exam: true, outDir: path.join(dir, 'exam'), mastery: 75, scorm: version.scorm });
      fs.mkdirSync(path.join(dir, 'exam-package'));
      for (const [name, bytes] of Object.entries(readZip(exam.zip))) fs.writeFileSync(path.join(dir, 'exam-package', name), bytes);
      server = await serveFiles({
        pages: { '/lms.html': version.page, '/exam-lms.html': version.page.replace('src="package/', 'src="exam-package/') },
        folders: { '/package/': path.join(dir, 'package'), '/exam-package/': path.join(dir, 'exam-package'), '/scorm-again/': SCORM_AGAIN },
      });
      browser = await launchBrowser();
    });
    after(async () => {
      await browser?.close();
      await server?.close();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    });

    /**
     * Opens the LMS with the SCO launched (the exam package's with `exam`), optionally with a stored
     * CMI; returns the page, the frame and a reader of the CMI.
     */
    const launch = async (stored, refuse, { exam = false } = {}) => {
      const hash = `#${new URLSearchParams({ ...(stored ? { cmi: JSON.stringify(stored) } : {}), ...(refuse ? { refuse } : {}) })}`;
      const { page, problems } = await openPage(browser.context, `${server.url}${exam ? 'exam-lms.html' : 'lms.html'}${hash}`, { ready: 'iframe' });
      const sco = page.frameLocator('#sco');
      await sco.locator('#step-title').filter({ hasText: /\S/ }).waitFor();
      // The run-time's CMI as it would send it to the LMS's server (SCO-write-only elements included).
      const cmi = () => page.evaluate(`(${version.cmi})(window.lms.renderCMIToJSONObject())`);
      return { page, problems, sco, cmi };
    };
    const answer = async (sco, step, text) => {
      await sco.locator(`#step-list button[data-step="exercise-${step}"]`).click();
      await sco.getByLabel('Your answer').fill(text);
      await sco.getByLabel('Your answer').press('Enter');
      await sco.locator('.exercise-feedback').filter({ hasText: /\S/ }).waitFor();
    };
    /** The learner leaves: the SCO's frame is emptied, and the SCO terminates. */
    const leave = async (page) => {
      await page.evaluate(() => { document.getElementById('sco').src = 'about:blank'; });
      await page.waitForFunction(() => window.lms.isTerminated());
      return page.evaluate(() => window.lms.renderCMIToJSONObject());
    };

    test('records answers, score and status; a relaunch continues at the step with the answers', async () => {
      const first = await launch();
      await answer(first.sco, 'score-k2', '3');
      await answer(first.sco, 'scaled-k2', '3'); // unscaled: wrong
      await answer(first.sco, 'weight-k2', '0.576');
      let cmi = await first.cmi();
      assert.equal(cmi.raw, '50');
      assert.deepEqual(cmi.interactions.map((i) => i.split(' ').slice(0, 4).join(' ')),
        ['score-k2 numeric 3 correct', `scaled-k2 numeric 3 ${version.wrong}`, 'weight-k2 numeric 0.576 correct']);
      for (const i of cmi.interactions) assert.match(i.split(' ')[4], version.latency);
      for (const [key, value] of Object.entries(version.status.partial)) assert.equal(cmi[key], value, key);
      assert.equal(cmi.location, 'exercise-weight-k2');
      assert.equal(cmi.suspendData, '{"v":2,"x":["score-k2","scaled-k2","weight-k2"],"a":[[0,"3",1],[1,"3",0],[2,"0.576",1]]}');

      const stored = await leave(first.page);
      cmi = await first.cmi();
      assert.equal(cmi.exit, 'suspend');
      assert.match(cmi.sessionTime, version.sessionTime);
      assert.deepEqual(first.problems, []);
      await first.page.close();

      const again = await launch(stored);
      // The same step, its answer in the field with the engine's feedback, and the earlier answers kept.
      assert.equal(await again.sco.locator('#step-list button[aria-current="step"]').getAttribute('data-step'), 'exercise-weight-k2');
      assert.equal(await again.sco.getByLabel('Your answer').inputValue(), '0.576');
      assert.equal(await again.sco.locator('.exercise-feedback').getAttribute('data-result'), 'correct');
      await again.sco.locator('#step-list button[data-step="exercise-scaled-k2"]').click();
      assert.equal(await again.sco.getByLabel('Your answer').inputValue(), '3');
      assert.match(await again.sco.locator('.exercise-feedback').textContent(), /without dividing the scores by √d_k/);
      // The last answer brings the score to 3 of 4: passed against a mastery of 75.
      await answer(again.sco, 'output-0', '0.355');
      cmi = await again.cmi();
      assert.equal(cmi.raw, '75');
      for (const [key, value] of Object.entries(version.status.passed)) assert.equal(cmi[key], value, key);
      assert.equal(cmi.interactions.length, 4);
      assert.equal(JSON.parse(cmi.suspendData).a.length, 4);
      // A question answered again, wrong: recorded as one more interaction, and the score stays.
      const before = cmi.interactions;
      await answer(again.sco, 'score-k2', '2');
      assert.equal(await again.sco.locator('.exercise-feedback').getAttribute('data-result'), 'wrong');
      cmi = await again.cmi();
      assert.equal(cmi.raw, '75');
      assert.deepEqual(cmi.interactions.slice(0, 4), before, 'the earlier interactions are not written again');
      assert.equal(cmi.interactions[4].split(' ').slice(0, 4).join(' '), `score-k2 numeric 2 ${version.wrong}`);
      assert.deepEqual(JSON.parse(cmi.suspendData).a.map((a) => a.slice(1, 3)), [['3', 1], ['3', 0], ['0.576', 1], ['0.355', 1], ['2', 0]]);
      assert.equal(await again.sco.locator("#notices .notice").count(), 0, await again.sco.locator("#notices").textContent());
      // Passed, but not every step seen: the attempt goes on, suspended.
      const passed = await leave(again.page);
      assert.equal((await again.cmi()).exit, 'suspend');
      assert.deepEqual(again.problems, []);
      await again.page.close();

      // Every step seen as well: the attempt is over, and the SCO exits normally so the LMS closes it.
      const last = await launch(passed);
      const total = await last.sco.locator('#step-list button').count();
      await last.sco.locator('.control-first').click();
      for (let seen = 1; seen < total; seen += 1) await last.sco.locator('.control-next').click();
      await leave(last.page);
      cmi = await last.cmi();
      assert.equal(cmi.exit, version.over);
      assert.equal(cmi.status, version.scorm === '1.2' ? 'passed' : 'completed passed');
      assert.deepEqual(last.problems, []);
      await last.page.close();
    });

    test('the LMS’s learner id draws the practice’s numbers for that learner, graded on them and kept on relaunch', async () => {
      const id = 'learner-7';
      const stored = version.scorm === '1.2' ? { core: { student_id: id } } : { learner_id: id };
      const first = await launch(stored);
      assert.equal(await first.sco.locator('#own-numbers').textContent(), `Your own numbers, drawn for “${id}”: other learners have other ones.`);
      const frame = () => first.page.frames().find((f) => f.url().includes('attention-lab.html'));
      const numbers = drawnFor(lab, id);
      assert.deepEqual(await shownInputs(frame()), numbers);
      const score = lab.attention(numbers).scores[0][2];
      await answer(first.sco, 'score-k2', String(score));
      assert.equal(await first.sco.locator('.exercise-feedback').getAttribute('data-result'), 'correct');
      assert.equal((await first.cmi()).interactions[0].split(' ').slice(0, 4).join(' '), `score-k2 numeric ${score} correct`);
      const kept = await leave(first.page);
      await first.page.close();
      const again = await launch(kept);
      assert.equal(await again.sco.getByLabel('Your answer').inputValue(), String(score));
      assert.equal(await again.sco.locator('.exercise-feedback').getAttribute('data-result'), 'correct');
      assert.deepEqual(again.problems, []);
      await again.page.close();
    });

    test('answers given on edited inputs resume on those inputs', async () => {
      const first = await launch();
      const query = (sco) => sco.locator('figure[data-panel="query"] td[data-row="0"][data-col="0"]');
      await query(first.sco).click();
      await query(first.sco).locator('input').fill('2');
      await query(first.sco).locator('input').press('Enter');
      await query(first.sco).filter({ hasText: /^2$/ }).waitFor();
      await answer(first.sco, 'score-k2', '4'); // 2·1 + 2·1 on the edited query
      assert.equal(await first.sco.locator('.exercise-feedback').getAttribute('data-result'), 'correct');
      const stored = await leave(first.page);
      const record = JSON.parse((await first.cmi()).suspendData);
      // The attempt carries a fingerprint of the inputs it was given on; the inputs themselves are kept once.
      assert.match(record.a[0][3], /^[0-9a-f]{8}$/);
      assert.deepEqual(record, { v: 2, x: ['score-k2'], a: [[0, '4', 1, record.a[0][3]]], i: '{"query":[[2,2]],"key":[[1,0],[0,1],[1,1]],"value":[[0.5,0.3],[0.8,0.2],[0.1,0.9]]}' });
      await first.page.close();

      const again = await launch(stored);
      assert.equal(await again.sco.getByLabel('Your answer').inputValue(), '4');
      assert.equal(await again.sco.locator('.exercise-feedback').getAttribute('data-result'), 'correct');
      await again.sco.locator('#step-list button[data-step="inputs"]').click();
      assert.equal(await query(again.sco).textContent(), '2');
      await answer(again.sco, 'scaled-k2', '2.828');
      const resumed = JSON.parse((await again.cmi()).suspendData);
      assert.deepEqual([resumed.x, resumed.a.map((a) => a.slice(0, 3))], [['score-k2', 'scaled-k2'], [[0, '4', 1], [1, '2.828', 1]]]);
      assert.equal(resumed.a[1][3], record.a[0][3], 'given on the same inputs');
      const { violations } = await runAxe(again.page);
      assert.deepEqual(violations.map((v) => v.id), []);
      assert.deepEqual(again.problems, []);
      await again.page.close();
    });

    test('a record of the first version resumes with its answers, graded again by the engine, and is written anew with every attempt', async () => {
      const first = await launch();
      const stored = await leave(first.page);
      await first.page.close();
      stored.cmi.suspend_data = '{"v":1,"a":[["score-k2","3",1],["scaled-k2","3",2]]}';
      const again = await launch(stored);
      await again.sco.locator('#step-list button[data-step="exercise-score-k2"]').click();
      assert.equal(await again.sco.getByLabel('Your answer').inputValue(), '3');
      assert.equal(await again.sco.locator('.exercise-feedback').getAttribute('data-result'), 'correct');
      await answer(again.sco, 'weight-k2', '0.576');
      const cmi = await again.cmi();
      assert.equal(cmi.suspendData, '{"v":2,"x":["score-k2","scaled-k2","weight-k2"],"a":[[0,"3",1],[1,"3",0],[2,"0.576",1]]}');
      assert.equal(cmi.raw, '50');
      assert.deepEqual(again.problems, []);
      await again.page.close();
    });

    test('an exam resumes with its answered questions shut and no step open past the next question', async () => {
      const first = await launch(undefined, undefined, { exam: true });
      await answer(first.sco, 'score-k2', '2');
      assert.equal(await first.sco.locator('.exercise-feedback').getAttribute('data-result'), 'recorded');
      const stored = await leave(first.page);
      await first.page.close();

      const again = await launch(stored, undefined, { exam: true });
      assert.equal(await again.sco.locator('#step-list button[aria-current="step"]').getAttribute('data-step'), 'exercise-score-k2');
      assert.ok(await again.sco.getByLabel('Your answer').isDisabled(), 'the answered question stays shut');
      assert.equal(await again.sco.getByLabel('Your answer').inputValue(), '2');
      assert.ok(await again.sco.locator('#step-list button[data-step="scores"]').isEnabled());
      assert.ok(await again.sco.locator('#step-list button[data-step="scale"]').isDisabled(), 'past the next question, shut');
      assert.equal((await again.cmi()).interactions.length, 1);
      assert.deepEqual(again.problems, []);
      await again.page.close();
    });

    test('a corrupt suspend_data starts from the beginning, with a notice', async () => {
      const first = await launch();
      await answer(first.sco, 'score-k2', '3');
      const stored = await leave(first.page);
      await first.page.close();
      stored.cmi.suspend_data = 'lesson=3;answers=?';
      const again = await launch(stored);
      assert.match(await again.sco.locator('#notices').textContent(), /saved answers in this course could not be read, so the lesson starts from the beginning/);
      assert.equal(await again.sco.locator('#step-list button[aria-current="step"]').getAttribute('data-step'), 'inputs');
      await again.sco.locator('#step-list button[data-step="exercise-score-k2"]').click();
      assert.equal(await again.sco.getByLabel('Your answer').inputValue(), '');
      // The notice and the lesson in the LMS's frame, as axe sees them (it goes into frames).
      const { violations } = await runAxe(again.page);
      assert.deepEqual(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), []);
      assert.deepEqual(again.problems, []);
      await again.page.close();
    });

    test('a call the LMS refuses gives one notice, and the lesson and the rest of the record go on', async () => {
      const { page, problems, sco, cmi } = await launch(undefined, 'cmi.suspend_data');
      await answer(sco, 'score-k2', '3');
      await answer(sco, 'scaled-k2', '2.121');
      assert.equal(await sco.locator('#notices .notice').count(), 1);
      assert.match(await sco.locator('#notices').textContent(), /refused part of this lesson’s record, so your place, answers or score there may be incomplete/);
      assert.equal((await cmi()).raw, '50');
      assert.equal(await sco.locator('.exercise-feedback').getAttribute('data-result'), 'correct');
      // The refusal is logged for the instructor as information, not as an error of the page.
      assert.deepEqual(problems, []);
      await page.close();
    });
  });
}
