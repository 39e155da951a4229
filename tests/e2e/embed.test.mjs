// Embedding: the link parameters (embed=1, hide=…), the Embed button and its snippet, and the
// iframe protocol with a real parent page of another origin, in both load orders.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { launchBrowser, openPage, runAxe, SCREENSHOT_DIR, servePage, settledUrl } from './browser.mjs';
import { serveFiles } from '../../scripts/lib/static-server.mjs';

const docs = fileURLToPath(new URL('../../docs', import.meta.url));
const snippets = fs.mkdtempSync(path.join(os.tmpdir(), 'attention-lab-snippets-'));

/** A course page with nothing on it yet; the tests add the frame and the host script in either order. */
const COURSE_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A course page</title>
<style>body { margin: 0; font-family: sans-serif } main { max-width: 50rem; margin: 0 auto; padding: 1rem }
iframe { display: block; width: 100% }</style></head>
<body><main><h1>A course page</h1><p>Some text before the lab.</p></main></body></html>`;

/** @type {Awaited<ReturnType<typeof servePage>>} */ let lab;
/** @type {Awaited<ReturnType<typeof serveFiles>>} */ let course;
/** @type {Awaited<ReturnType<typeof launchBrowser>>} */ let browser;
before(async () => {
  lab = await servePage();
  course = await serveFiles({ pages: { '/course.html': COURSE_PAGE }, folders: { '/docs/': docs, '/snippets/': snippets } });
  browser = await launchBrowser();
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
});
after(async () => {
  await browser?.close();
  await course?.close();
  await lab?.close();
  fs.rmSync(snippets, { recursive: true, force: true });
});

/** Opens the lab itself at `search`. */
const open = (search = '', options = {}) => openPage(browser.context, lab.url + search, options);

/** Opens a page of the course server, which is another origin than the lab. */
const openCourse = (pagePath) => openPage(browser.context, course.url + pagePath, { ready: 'h1' });

/** The frame (not a FrameLocator: the tests evaluate in it) of the iframe matching `selector`. */
async function frameOf(page, selector) {
  const frame = await (await page.locator(selector).elementHandle())?.contentFrame();
  assert.ok(frame, `no frame in ${selector}`);
  return frame;
}

const currentStep = (page) => page.locator('#step-list button[aria-current="step"]').getAttribute('data-step');

/** Polls `read` until `check` holds (or 10 s pass, then fails with the last value). */
async function until(read, check, what) {
  let value;
  for (const deadline = Date.now() + 10_000; Date.now() < deadline;) {
    value = await read();
    if (check(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  assert.fail(`${what}: still ${JSON.stringify(value)} after 10 s`);
}

describe('embed link parameters', () => {
  test('embed=1 with w and step opens that step with the header kept only for screen readers and no lesson menu', async () => {
    const { page, problems } = await open('?embed=1&w=causal-mask&step=softmax');
    assert.equal(await currentStep(page), 'softmax');
    assert.match(await page.locator('#walkthrough-title').textContent(), /Causal mask/);
    const header = await page.locator('.site-header').boundingBox();
    assert.ok(header && header.width <= 1 && header.height <= 1, `the header takes ${JSON.stringify(header)}`);
    assert.equal(await page.getByRole('heading', { level: 1, name: 'Attention Lab' }).count(), 1);
    assert.equal(await page.locator('#lessons').isVisible(), false);
    assert.equal(await page.locator('.control-embed').count(), 0);
    assert.equal(await page.locator('.notice').count(), 0);
    assert.ok((await settledUrl(page)).includes('embed=1'), 'stepping keeps the embed parameters in the address');
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('lesson= opens a lesson’s first walkthrough by its name or its number, w= still picks one exactly, and an unknown lesson is named in a notice', async () => {
    const byLesson = await open('?embed=1&lesson=masks&step=softmax');
    assert.match(await byLesson.page.locator('#walkthrough-title').textContent(), /Causal mask/);
    assert.equal(await currentStep(byLesson.page), 'softmax');
    await byLesson.page.close();
    const both = await open('?lesson=masks&w=padding-mask');
    assert.match(await both.page.locator('#walkthrough-title').textContent(), /Padding/i);
    await both.page.close();
    const unknown = await open('?lesson=nope');
    await unknown.page.locator('.notice', { hasText: /^There is no lesson called “nope” \(expected a number from 1 to \d+ or one of why-qkv, worked-example, backward-pass, self-attention/ }).waitFor();
    // The number on the lesson's chip works as well as its name.
    const masks = await unknown.page.locator('.lesson-link[data-lesson="masks"] .lesson-number').textContent();
    await unknown.page.close();
    const byNumber = await open(`?lesson=${masks}&step=softmax`);
    assert.match(await byNumber.page.locator('#walkthrough-title').textContent(), /Causal mask/);
    assert.equal(await byNumber.page.locator('.notice').count(), 0);
    await byNumber.page.close();
  });

  test('an embedded page ignores parameters an LMS or course site adds, without a notice; the full page names them', async () => {
    const embedded = await open('?embed=1&w=causal-mask&utm_source=lms&launch_id=42');
    assert.match(await embedded.page.locator('#walkthrough-title').textContent(), /Causal mask/);
    assert.equal(await embedded.page.locator('.notice').count(), 0);
    await embedded.page.close();
    const full = await open('?w=causal-mask&utm_source=lms');
    await full.page.locator('.notice', { hasText: 'The link parameter “utm_source” is not one this page knows' }).waitFor();
    await full.page.close();
  });

  test('hide=prose,editors hides the explanations, leaves cells uneditable and shows the parameters as read-only facts', async () => {
    const full = await open('?w=causal-mask');
    await full.page.locator('figure[data-panel="query"] td[data-row]').first().click();
    assert.equal(await full.page.locator('figure[data-panel="query"] input').count(), 1, 'without hide, a click opens the cell editor');
    await full.page.close();

    const { page, problems } = await open('?embed=1&w=causal-mask&hide=prose,editors');
    assert.equal(await page.locator('.intro').isVisible(), false);
    assert.equal(await page.locator('#step-text').isVisible(), false);
    assert.ok((await page.locator('#step-title').textContent())?.trim(), 'the step title stays');
    await page.locator('figure[data-panel="query"] td[data-row]').first().click();
    assert.equal(await page.locator('figure[data-panel="query"] input').count(), 0);
    assert.equal(await page.locator('fieldset.parameters').count(), 0);
    assert.ok(await page.locator('.facts-panel dd').first().isVisible(), 'the parameters are shown as facts');
    assert.equal(await page.locator('.control-reset').count(), 0);
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('hide=player hides the step controls and hide=steps hides the step list', async () => {
    const player = await open('?embed=1&hide=player');
    assert.equal(await player.page.locator('.player').isVisible(), false);
    assert.ok(await player.page.locator('.step-nav').isVisible());
    await player.page.close();
    const steps = await open('?embed=1&hide=steps');
    assert.equal(await steps.page.locator('.step-nav').isVisible(), false);
    assert.ok(await steps.page.locator('.player').isVisible());
    await steps.page.close();
  });

  test('a part that does not exist gives a visible notice naming it, and the other parts are still hidden', async () => {
    const { page } = await open('?embed=1&hide=prose,sidebar');
    const notice = page.locator('.notice');
    await notice.first().waitFor();
    assert.match(await notice.first().textContent(), /“sidebar” is not a part of the page/);
    assert.equal(await page.locator('#step-text').isVisible(), false);
    await page.close();
  });

  test('an embedded page has no accessibility violations, in light and dark', async () => {
    for (const colorScheme of /** @type {const} */ (['light', 'dark'])) {
      const { page } = await open('?embed=1&w=causal-mask&step=softmax&hide=steps', { colorScheme });
      const { violations } = await runAxe(page);
      assert.deepEqual(violations.map((v) => `${v.id}: ${v.help} e.g. ${v.nodes[0]?.target}`), [], colorScheme);
      await page.close();
    }
  });

  test('a compact embed at 480×600 does not scroll sideways and keeps its step controls on one row (screenshot embed-compact-480.png)', async () => {
    const { page, problems } = await open('?embed=1&w=causal-mask&step=softmax', { width: 480 });
    await page.setViewportSize({ width: 480, height: 600 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.equal(overflow, 0);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'embed-compact-480.png') });
    const bar = await page.locator('.player').boundingBox();
    assert.ok(bar && bar.height < 50, `the step controls take ${bar?.height}px: they wrap onto a second row`);
    assert.deepEqual(problems, []);
    await page.close();
  });
});

/**
 * Edits the first query number of the causal mask, goes to its softmax step and opens the
 * Embed dialog; returns the page, the textarea and the iframe address the snippet names.
 */
async function openEmbedDialog() {
  const opened = await open('?w=causal-mask');
  const { page } = opened;
  await page.locator('figure[data-panel="query"] td[data-row="0"][data-col="0"]').click();
  await page.locator('figure[data-panel="query"] td[data-row="0"][data-col="0"] input').fill('2.5');
  await page.keyboard.press('Enter');
  await page.locator('figure[data-panel="query"] td[data-row="0"][data-col="0"]').filter({ hasText: '2.5' }).waitFor();
  await page.locator('#step-list button[data-step="softmax"]').click();
  await page.locator('.control-embed').click();
  const code = page.locator('dialog.embed-dialog textarea');
  await code.waitFor();
  return { ...opened, code, src: async () => snippetSrc(await code.inputValue()) };
}

/** The iframe address in a snippet (attribute-escaped in it). */
function snippetSrc(snippet) {
  const src = /<iframe src="([^"]*)"/.exec(snippet)?.[1];
  assert.ok(src, `no iframe src in ${snippet}`);
  return new URL(src.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'));
}

describe('the Embed button', () => {
  test('the snippet names the walkthrough, step and edited inputs, follows its options, copies, and Escape returns focus to the button', async () => {
    const { page, code, src, problems } = await openEmbedDialog();
    const url = await src();
    assert.equal(url.origin, new URL(lab.url).origin);
    assert.equal(url.searchParams.get('embed'), '1');
    assert.equal(url.searchParams.get('w'), 'causal-mask');
    assert.equal(url.searchParams.get('step'), 'softmax');
    assert.equal(JSON.parse(new URLSearchParams(url.hash.slice(1)).get('in') ?? '{}').query?.[0]?.[0], 2.5);
    assert.equal(url.searchParams.get('hide'), null);
    const snippet = await code.inputValue();
    assert.match(snippet, /title="Attention Lab: Causal mask/);
    assert.ok(snippet.includes(`<script src="${new URL('embed-host.js', lab.url).href}" async></script>`), snippet);

    await page.getByLabel('Hide the explanations').check();
    assert.equal((await src()).searchParams.get('hide'), 'prose');
    await page.getByLabel('Hide the list of steps').check();
    assert.deepEqual((await src()).searchParams.get('hide')?.split(',').sort(), ['prose', 'steps']);
    await page.getByLabel('Hide the explanations').uncheck();
    await page.getByLabel('Hide the list of steps').uncheck();
    assert.equal((await src()).searchParams.get('hide'), null);

    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(lab.url).origin });
    await page.locator('.embed-copy').click();
    await page.locator('.embed-status').filter({ hasText: 'Copied' }).waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), await code.inputValue());

    await page.keyboard.press('Escape');
    await page.locator('dialog.embed-dialog').waitFor({ state: 'detached' });
    assert.equal(await page.evaluate(() => document.activeElement?.className), 'control-embed');
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('served from 127.0.0.1 the dialog warns that only this computer opens it; a public address moves the snippet there, and an invalid one is named while the last good one stays', async () => {
    const { page, code, src, problems } = await openEmbedDialog();
    const warning = page.locator('.embed-warning');
    assert.match(await warning.textContent(), new RegExp(`^This page runs on ${new URL(lab.url).host.replace(/\./g, '\\.')}\\. Only this computer can open that address`));
    const field = page.getByLabel('Public address of the site');
    await field.fill('https://courses.example.org/attention-lab');
    const moved = await src();
    assert.equal(`${moved.origin}${moved.pathname}`, 'https://courses.example.org/attention-lab/');
    assert.equal(moved.searchParams.get('w'), 'causal-mask');
    assert.equal(moved.searchParams.get('step'), 'softmax');
    assert.equal(JSON.parse(new URLSearchParams(moved.hash.slice(1)).get('in') ?? '{}').query?.[0]?.[0], 2.5);
    assert.ok((await code.inputValue()).includes('<script src="https://courses.example.org/attention-lab/embed-host.js" async></script>'));
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'embed-dialog-public-address.png') });

    await field.fill('ftp://courses.example.org/');
    await field.press('Tab');
    assert.match(await page.locator('.embed-address-error').textContent(), /^public address: expected an http or https address, got ftp:\. The code below still uses the last good address\.$/);
    assert.equal(await field.getAttribute('aria-invalid'), 'true');
    assert.equal((await src()).origin, 'https://courses.example.org');
    const axe = await runAxe(page, 'dialog.embed-dialog');
    assert.deepEqual(axe.violations.map((v) => v.id), []);

    await field.fill('');
    assert.equal((await src()).origin, new URL(lab.url).origin, 'an empty field goes back to this page');
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('the snippet pasted into a page of another origin shows the same step with the edited inputs, sized to its content', async () => {
    const { page, code } = await openEmbedDialog();
    const snippet = await code.inputValue();
    await page.close();
    fs.writeFileSync(path.join(snippets, 'course.html'),
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pasted</title></head><body><h1>Pasted</h1>\n${snippet}\n</body></html>`);

    const host = await openCourse('snippets/course.html');
    const frame = await frameOf(host.page, 'iframe');
    await frame.locator('#step-title').filter({ hasText: /\S/ }).waitFor();
    assert.equal(await currentStep(frame), 'softmax');
    await until(() => host.page.locator('iframe').evaluate((f) => f.getBoundingClientRect().height), (h) => h !== 720, 'the frame height');
    await frame.locator('#step-list button[data-step="inputs"]').click();
    assert.equal(await frame.locator('figure[data-panel="query"] td[data-row="0"][data-col="0"]').textContent(), '2.5');
    assert.deepEqual(host.problems, []);
    await host.page.close();
  });
});

/**
 * Starts recording, in the course page, the host script's events (per frame id) and the raw
 * messages that reach the window.
 */
const record = (page) => page.evaluate(() => {
  const w = /** @type {any} */ (window);
  w.received = [];
  w.raw = [];
  for (const type of ['ready', 'resize', 'step', 'completed', 'error', 'answered', 'score']) {
    document.addEventListener(`attention-lab:${type}`, (event) => w.received.push({ frame: /** @type {HTMLElement} */ (event.target).id, ...event.detail }));
  }
  window.addEventListener('message', (event) => w.raw.push(event.data));
});
/** @returns {Promise<any[]>} */
const received = (page, type) => page.evaluate((t) => /** @type {any} */ (window).received.filter((m) => m.type === t), type);

/** Adds an iframe of the lab at `search` to the course page and waits for its first step. */
async function addFrame(page, search, id = 'lab') {
  await page.evaluate(({ src, id, origin }) => {
    const frame = document.createElement('iframe');
    Object.assign(frame, { src, id, title: 'Attention Lab' });
    frame.setAttribute('data-attention-lab', origin);
    frame.height = '300';
    document.querySelector('main')?.append(frame);
  }, { src: lab.url + search, id, origin: new URL(lab.url).origin });
  const frame = await frameOf(page, `iframe#${id}`);
  await frame.locator('#step-title').filter({ hasText: /\S/ }).waitFor();
  return frame;
}

const addHostScript = (page) => page.addScriptTag({ url: new URL('embed-host.js', lab.url).href });

/**
 * Waits until the iframe is as tall as its content (±2 px) and stays so, then checks that no
 * more resize messages come (setting the frame to the reported height does not make the content
 * grow) and that nothing inside the frame scrolls. Returns the settled height.
 */
async function expectSizedToContent(page, frame, id = 'lab') {
  const measure = async () => ({
    frame: await page.locator(`iframe#${id}`).evaluate((f) => f.clientHeight),
    content: await frame.evaluate(() => document.documentElement.getBoundingClientRect().height),
    resizes: await page.evaluate(() => /** @type {any} */ (window).raw?.filter((m) => m.type === 'resize').length ?? 0),
  });
  let previous = await measure();
  const settled = await until(async () => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    const now = await measure();
    const stable = JSON.stringify(now) === JSON.stringify(previous);
    previous = now;
    return { ...now, stable };
  }, (m) => m.stable && Math.abs(m.frame - m.content) <= 2, 'frame vs content height');
  const scrolls = await frame.evaluate(() => document.documentElement.scrollHeight - document.documentElement.clientHeight);
  assert.ok(scrolls <= 1, `the frame still scrolls by ${scrolls}px`);
  return settled.frame;
}

describe('the iframe protocol, with a course page of another origin', () => {
  test('host script first (twice), then the frame: the frame is sized to its content and ready fires once per message', async () => {
    const { page, problems } = await openCourse('course.html');
    await record(page);
    // A course page's own rule for iframes: border-box with a border (the frame's content must still fit).
    await page.addStyleTag({ content: 'iframe { box-sizing: border-box; border: 3px solid #888; }' });
    await addHostScript(page);
    await addHostScript(page); // one snippet per frame: the script twice on a page
    const frame = await addFrame(page, '?embed=1&w=causal-mask&step=mask');
    await until(() => received(page, 'ready'), (list) => list.length > 0, 'ready events');
    const [ready] = await received(page, 'ready');
    assert.deepEqual({ ...ready, height: typeof ready.height }, {
      frame: 'lab', source: 'attention-lab', version: 1, type: 'ready', height: 'number', completed: false,
      lesson: 'masks', walkthrough: 'causal-mask', step: 'mask', index: 4, total: 7,
    });
    await expectSizedToContent(page, frame);
    const messages = await page.evaluate(() => /** @type {any} */ (window).raw.filter((m) => m.source === 'attention-lab').length);
    assert.equal((await page.evaluate(() => /** @type {any} */ (window).received)).length, messages, 'one event per message, however often the script is on the page');
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('frame first, host script later: a parent without the script gets raw ready messages, and the script’s hello brings ready and resize', async () => {
    const { page, problems } = await openCourse('course.html');
    await record(page);
    const frame = await addFrame(page, '?embed=1');
    const raw = await until(() => page.evaluate(() => /** @type {any} */ (window).raw), (list) => list.some((m) => m.type === 'ready'), 'raw messages');
    assert.ok(raw.every((m) => m.source === 'attention-lab' && m.version === 1), JSON.stringify(raw));
    assert.equal(await page.locator('iframe#lab').evaluate((f) => f.clientHeight), 300, 'without the script nothing sizes the frame');
    assert.deepEqual(await received(page, 'ready'), []);

    await addHostScript(page);
    await until(() => received(page, 'ready'), (list) => list.length === 1, 'ready after hello');
    assert.ok((await received(page, 'resize')).length >= 1, 'a resize after hello');
    const [step] = await received(page, 'step');
    assert.deepEqual(step, { frame: 'lab', source: 'attention-lab', version: 1, type: 'step', lesson: 'worked-example', walkthrough: 'worked-example', step: 'inputs', index: 0, total: 5 });
    await expectSizedToContent(page, frame);
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('a frame whose engine cannot load says why: an error message with its height, also in answer to a late hello', async () => {
    const { page } = await openCourse('course.html');
    await record(page);
    await page.route('**/*.wasm', (route) => route.fulfill({ status: 404, body: 'gone' }));
    await page.evaluate(({ src, origin }) => {
      const frame = document.createElement('iframe');
      Object.assign(frame, { src, id: 'lab', title: 'Attention Lab' });
      frame.setAttribute('data-attention-lab', origin);
      document.querySelector('main')?.append(frame);
    }, { src: `${lab.url}?embed=1`, origin: new URL(lab.url).origin });
    const raw = await until(() => page.evaluate(() => /** @type {any} */ (window).raw), (list) => list.some((m) => m.type === 'error'), 'an error message');
    const error = raw.find((m) => m.type === 'error');
    assert.match(error.message, /^The attention engine could not start: .*\.wasm/);
    assert.ok(error.height > 0);
    await addHostScript(page); // arrives late: its hello gets the error again
    const [event] = await until(() => received(page, 'error'), (list) => list.length === 1, 'error after hello');
    assert.equal(event.message, error.message);
    assert.equal(await page.locator('iframe#lab').evaluate((f) => f.clientHeight), event.height);
    await page.close();
  });

  test('an answer in the frame is sent to the parent with an xAPI-shaped statement, and so is the score', async () => {
    const { page, problems } = await openCourse('course.html');
    await record(page);
    await addHostScript(page);
    const frame = await addFrame(page, '?embed=1&w=worked-example-practice&step=exercise-score-k2');
    await frame.getByLabel('Your answer').fill('3');
    await frame.getByLabel('Your answer').press('Enter');
    const [answered] = await until(() => received(page, 'answered'), (list) => list.length === 1, 'answered');
    assert.equal(answered.exercise, 'score-k2');
    assert.equal(answered.correct, true);
    assert.equal(answered.statement.verb.id, 'http://adlnet.gov/expapi/verbs/answered');
    assert.match(answered.statement.object.id, /\?w=worked-example-practice#exercise=score-k2$/);
    assert.deepEqual({ ...answered.statement.result, duration: undefined }, {
      success: true, response: '3', duration: undefined,
      // The attempt and the engine's diagnosis, for a class report to read.
      extensions: { 'urn:attention-lab:xapi:attempt': 1, 'urn:attention-lab:xapi:misconception': null },
    });
    assert.match(answered.statement.result.duration, /^PT\d+(\.\d+)?S$/);
    const [score] = await until(() => received(page, 'score'), (list) => list.length === 1, 'score');
    assert.equal(score.statement.verb.id, 'http://adlnet.gov/expapi/verbs/scored');
    assert.deepEqual(score.statement.result, { completion: false, score: { raw: 1, min: 0, max: 4, scaled: 0.25 } });
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('stepping in the frame fires step events, every step seen fires completed once, and the height follows the content', async () => {
    const { page, problems } = await openCourse('course.html');
    await record(page);
    await addHostScript(page);
    const frame = await addFrame(page, '?embed=1');
    const heights = [await expectSizedToContent(page, frame)];
    const total = 5;
    for (let index = 1; index < total; index += 1) {
      await frame.locator('.control-next').click();
      const steps = await until(() => received(page, 'step'), (list) => list.at(-1)?.index === index, `step event ${index}`);
      assert.deepEqual(Object.keys(steps.at(-1)).sort(), ['frame', 'index', 'lesson', 'source', 'step', 'total', 'type', 'version', 'walkthrough']);
      assert.equal(steps.at(-1).step, await currentStep(frame));
      assert.equal(steps.at(-1).total, total);
      assert.equal((await received(page, 'completed')).length, index === total - 1 ? 1 : 0);
      heights.push(await expectSizedToContent(page, frame));
    }
    assert.ok(new Set(heights).size > 1, `the steps all had the same height ${heights[0]}px, so the height was not followed`);
    await frame.locator('.control-first').click();
    await frame.locator('.control-last').click();
    await until(() => received(page, 'step'), (list) => list.at(-1)?.index === total - 1, 'the last step again');
    assert.deepEqual((await received(page, 'completed')).map(({ walkthrough, total: t, lesson }) => ({ walkthrough, total: t, lesson })),
      [{ walkthrough: 'worked-example', total, lesson: 'worked-example' }]);
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('the example host page in docs/ sizes both of its frames and logs their steps', async () => {
    const { page, problems } = await openCourse(`docs/embed-example.html?lab=${encodeURIComponent(lab.url)}`);
    for (const id of ['worked-example', 'causal-mask']) {
      await page.locator(`iframe#${id}`).scrollIntoViewIfNeeded();
      const frame = await frameOf(page, `iframe#${id}`);
      await frame.locator('#step-title').filter({ hasText: /\S/ }).waitFor();
      await expectSizedToContent(page, frame, id);
      await page.locator(`#log li[data-frame="${id}"][data-type="ready"]`).first().waitFor();
    }
    const causal = await frameOf(page, 'iframe#causal-mask');
    await causal.locator('.control-next').click();
    await page.locator('#log li[data-frame="causal-mask"][data-type="step"]', { hasText: 'softmax' }).waitFor();
    assert.deepEqual(problems, []);
    await page.close();
  });
});
