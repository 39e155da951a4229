// What a learner sees first, and how it is shown, in Chromium: the worked example's first numbers
// on the first screen at 1280 × 800 and 375 × 667; every lesson's first screen in light and dark,
// with one number format and formulas that fit or show that they scroll (screenshots for a person
// to look at; the lessons shown step by step are checked so where they are opened anyway:
// walkthrough-screens.test.mjs wide, phone.test.mjs on a phone); feedback in colours that mean right and wrong, apart from the focus ring's, above
// the sticky player bar, axe-clean in both schemes; the Embed dialog saying the size of the file it wrote.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';

import { runAxe, SCREENSHOT_DIR, settled, usePage } from './browser.mjs';
import { checkFirstScreen, FIRST_SCREENS } from './first-screens.mjs';
import { OWN_VIEW_KINDS, SHIPPED, STEPPED } from '../support/shipped-walkthroughs.mjs';

const { open } = usePage();

const SCREENS = { wide: { width: 1280, height: 800 }, phone: { width: 375, height: 667 } };

/** Opens `query` on a screen of the given size and colour scheme. */
async function openOn(query, screen, colorScheme = 'light', ready = undefined) {
  const opened = await open(query, { width: screen.width, colorScheme, ready });
  await opened.page.setViewportSize(screen);
  await opened.page.evaluate(() => window.scrollTo(0, 0));
  return opened;
}


/** The part of the viewport the sticky player bar leaves free: from the top to the bar's top edge. */
const freeBottom = (page) => page.locator('.player').evaluate((player) => Math.min(player.getBoundingClientRect().top, window.innerHeight));

/** Whether the box of each element lies inside the viewport and above the player bar. */
async function onFirstScreen(page, locator) {
  const bottom = await freeBottom(page);
  const width = page.viewportSize()?.width ?? 0;
  const boxes = await locator.evaluateAll((cells) => cells.map((c) => c.getBoundingClientRect().toJSON()));
  return { bottom, boxes, visible: boxes.length > 0 && boxes.every((b) => b.top >= 0 && b.left >= 0 && b.bottom <= bottom && b.right <= width) };
}

describe('the worked example’s first numbers are on the first screen', () => {
  for (const [name, screen] of Object.entries(SCREENS)) {
    // Wide, Q, K and V side by side; on a phone, Q, the first of them (K and V follow it down the page).
    const panels = name === 'wide' ? 'Q, K and V' : 'Q';
    test(`at ${screen.width} × ${screen.height}: the first row of ${panels}, within the viewport and above the player bar`, async () => {
      const { page, problems } = await openOn('', screen);
      const first = page.locator(`#panels figure[data-panel${name === 'wide' ? '' : '="query"'}] td[data-row="0"]`);
      await first.first().waitFor();
      const { bottom, boxes, visible } = await onFirstScreen(page, first);
      assert.ok(visible, `${name}: the first numbers at ${JSON.stringify(boxes.map((b) => [Math.round(b.left), Math.round(b.top), Math.round(b.right), Math.round(b.bottom)]))}, the free screen ends at ${bottom} px`);
      assert.deepEqual(problems, []);
      await page.close();
    });
  }
});

describe('every lesson’s first screen, wide and on a phone, light and dark', () => {
  // The lessons shown step by step are checked where they are opened anyway, with checkFirstScreen:
  // wide by walkthrough-screens.test.mjs, on a phone by phone.test.mjs. Here: that the menu's
  // lessons are those, and the lessons with a view of their own (the two training lessons).
  test('one number format, formulas that fit or show they scroll; screenshots of each', async (t) => {
    const { page: menu } = await openOn('', SCREENS.wide);
    const lessons = await menu.locator('.lesson-link[data-lesson]').evaluateAll((links) => links.map((a) => [a.dataset.lesson, a.getAttribute('href')]));
    await menu.close();
    assert.ok(lessons.length >= 16, `${lessons.length} lessons in the menu`);
    // A lesson's link opens its first walkthrough (?w=…; the training lesson's, ?train=…; the worked example's, none).
    const opens = ([, href]) => {
      const query = new URLSearchParams(href.replace(/^[^?]*/, ''));
      return query.get('w') ?? (query.has('train') ? `train=${query.get('train')}` : 'worked-example');
    };
    const ownView = lessons.filter((lesson) => !STEPPED.has(opens(lesson)));
    // A lesson with a view of its own: a training run (?train=…) or a walkthrough of a kind drawn by its own view.
    const drawnByItsOwnView = ([, href]) => /[?&]train=/.test(href) || OWN_VIEW_KINDS.has(SHIPPED.get(opens([, href]))?.kind);
    assert.deepEqual(ownView.map(drawnByItsOwnView), ownView.map(() => true), `lessons stepped through by no test: ${ownView.map(([l]) => l)}`);
    assert.ok(ownView.length > 0 && ownView.length < lessons.length);
    const problems = [];
    for (const [lesson, href] of ownView) {
      for (const [name, screen] of Object.entries(SCREENS)) {
        // Opened at its size (a phone opens the page at 375 px). It has no step title: its heading says it is drawn.
        const { page, problems: console } = await openOn(href, screen, 'light', '#walkthrough-title');
        problems.push(...(await checkFirstScreen(page, lesson, /** @type {'wide' | 'phone'} */ (name))));
        problems.push(...console.map((c) => `${lesson} (${name}): ${c}`));
        await page.close();
      }
    }
    t.diagnostic(`screenshots in ${FIRST_SCREENS}`);
    assert.deepEqual(problems, []);
  });
});

describe('the lesson strip', () => {
  test('a lesson marked done, far along the strip, does not widen the page', async () => {
    const { page, problems } = await openOn('?w=kv-cache', SCREENS.wide);
    await page.locator('.lesson-link[data-lesson="kv-cache"]').waitFor();
    // What the progress view writes into a done lesson's link: a tick and words for screen readers.
    await page.locator('.lesson-link[data-lesson="attention-cost"]').evaluate((link) => {
      const status = document.createElement('span');
      status.className = 'lesson-status';
      status.innerHTML = '<span aria-hidden="true"> ✓</span><span class="visually-hidden">, done</span>';
      link.append(status);
    });
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), 0);
    const current = await page.locator('.lesson-link[aria-current="page"]').boundingBox();
    const strip = await page.locator('.lesson-list').boundingBox();
    assert.ok(current && strip && current.x >= strip.x && current.x + current.width <= strip.x + strip.width, 'the current lesson is scrolled into view');
    assert.deepEqual(problems, []);
    await page.close();
  });
});

describe('a formula on a phone', () => {
  for (const [query, part] of [['?w=why-scale', 'Var'], ['?w=flash-worked-example&step=normalise', 'O']]) {
    test(`${query}: shrunk to fit, or scrolling from its start with shadows at the edges`, async () => {
      const { page, problems } = await openOn(query, SCREENS.phone);
      await page.locator('#formula math').first().waitFor();
      await settled(page);
      const formula = await page.locator('#formula').evaluate((f) => {
        const math = /** @type {HTMLElement} */ (f.querySelector('math'));
        return {
          overflows: f.scrollWidth > f.clientWidth + 1,
          marked: f.hasAttribute('data-scrolls'),
          tabindex: f.getAttribute('tabindex'),
          shadow: getComputedStyle(f).backgroundImage,
          mathLeft: math.getBoundingClientRect().left,
          boxLeft: f.getBoundingClientRect().left,
          text: math.textContent ?? '',
        };
      });
      assert.ok(formula.text.includes(part), formula.text);
      assert.ok(formula.mathLeft >= formula.boxLeft - 1, `the formula starts at ${formula.mathLeft} px, its box at ${formula.boxLeft} px`);
      if (formula.overflows) {
        assert.ok(formula.marked, 'a formula that scrolls is marked so');
        assert.equal(formula.tabindex, '0', 'and is a keyboard stop');
        assert.match(formula.shadow, /radial-gradient/, 'and shows shadows at its edges');
      }
      assert.deepEqual(problems, []);
      await page.close();
    });
  }
});

describe('operator names', () => {
  test('ln and log are set apart from their arguments, in formulas and in text', async () => {
    const { page, problems } = await openOn('?w=entropy-heads', SCREENS.wide);
    await page.locator('#formula math').first().waitFor();
    // A thin space between "ln" and its argument, as TeX sets it.
    assert.ok(await page.locator('#formula math mi:text-is("ln") + mo[rspace="0.1667em"]').count() > 0);
    // In running text, "ln" is set in a serif, where l and I differ.
    const names = page.locator('.math-name');
    assert.ok(await names.count() > 0, 'the text writes ln n');
    assert.match(await names.first().evaluate((e) => getComputedStyle(e).fontFamily), /serif/i);
    assert.deepEqual(problems, []);
    await page.close();
  });
});

/** The colours of a computed CSS colour string, as [r, g, b]. */
const rgb = (colour) => (colour.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
/** A hue in degrees, from [r, g, b]. */
function hue([r, g, b]) {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  if (max === min) return 0;
  const h = max === r ? (g - b) / (max - min) : max === g ? 2 + (b - r) / (max - min) : 4 + (r - g) / (max - min);
  return ((h * 60) + 360) % 360;
}
/** What a CSS colour (e.g. "var(--focus)") computes to in the page. */
const colourOf = (page, css) => page.evaluate((value) => {
  const probe = document.createElement('span');
  probe.style.color = value;
  document.querySelector('.attention-lab')?.append(probe);
  const colour = getComputedStyle(probe).color;
  probe.remove();
  return colour;
}, css);
const hueDistance = (a, b) => Math.min(Math.abs(a - b), 360 - Math.abs(a - b));

describe('feedback on an answer', () => {
  for (const colorScheme of ['light', 'dark']) {
    test(`${colorScheme}: wrong in red, right in green, neither the focus ring’s colour, above the player bar, axe-clean`, async () => {
      const { page, problems } = await openOn('?w=worked-example-practice&step=exercise-weight-k2', SCREENS.wide, colorScheme);
      const field = page.getByLabel('Your answer');
      const feedback = page.locator('.exercise-feedback');
      const focus = hue(rgb(await colourOf(page, 'var(--focus)')));

      await field.fill('0.665');
      await field.press('Enter');
      await feedback.filter({ hasText: /\S/ }).waitFor();
      assert.equal(await feedback.getAttribute('data-result'), 'wrong');
      const wrong = hue(rgb(await feedback.evaluate((e) => getComputedStyle(e).borderInlineStartColor)));
      assert.ok(hueDistance(wrong, 0) <= 15, `wrong in red (hue ${wrong})`);
      assert.ok(hueDistance(wrong, focus) >= 40, `wrong (hue ${wrong}) apart from the focus ring (hue ${focus})`);
      assert.match(await feedback.evaluate((e) => getComputedStyle(e, '::before').content), /✗/);
      const wrongAxe = await runAxe(page);
      assert.deepEqual(wrongAxe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`), []);

      await field.fill('0.576');
      await field.press('Enter');
      await feedback.filter({ hasText: 'Right' }).waitFor();
      assert.equal(await feedback.getAttribute('data-result'), 'correct');
      const right = hue(rgb(await feedback.evaluate((e) => getComputedStyle(e).borderInlineStartColor)));
      assert.ok(hueDistance(right, 130) <= 30, `right in green (hue ${right})`);
      assert.ok(hueDistance(right, focus) >= 40, `right (hue ${right}) apart from the focus ring (hue ${focus})`);
      const { visible, boxes, bottom } = await onFirstScreen(page, feedback);
      assert.ok(visible, `the feedback at ${JSON.stringify(boxes[0])} is above the player bar (${bottom} px)`);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `feedback-right-${colorScheme}.png`) });
      const rightAxe = await runAxe(page);
      assert.deepEqual(rightAxe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`), []);
      assert.deepEqual(problems, []);
      await page.close();
    });
  }

  test('on a phone, the feedback of an answer checked low on the screen is scrolled above the player bar', async () => {
    const { page, problems } = await openOn('?w=worked-example-practice&step=exercise-weight-k2', SCREENS.phone);
    const field = page.getByLabel('Your answer');
    // The field just above the player bar: its feedback, below it, would start under the bar.
    await field.evaluate((e) => {
      const player = /** @type {HTMLElement} */ (document.querySelector('.player'));
      window.scrollBy(0, e.getBoundingClientRect().bottom - player.getBoundingClientRect().top + 4);
    });
    await field.fill('0.576');
    await field.press('Enter');
    const feedback = page.locator('.exercise-feedback');
    await feedback.filter({ hasText: 'Right' }).waitFor();
    // The page scrolls it into view (smoothly, where the browser animates it): wait until it has stopped.
    await page.waitForFunction(() => new Promise((done) => {
      const at = window.scrollY;
      requestAnimationFrame(() => requestAnimationFrame(() => done(window.scrollY === at)));
    }));
    const { visible, boxes, bottom } = await onFirstScreen(page, feedback);
    assert.ok(visible, `the feedback at ${JSON.stringify(boxes[0])}, the player bar from ${bottom} px`);
    assert.deepEqual(problems, []);
    await page.close();
  });
});

describe('the Embed dialog', () => {
  test('says the size of the file it wrote, from its bytes, as a file manager gives it', async () => {
    const { page, problems } = await openOn('?w=causal-mask', SCREENS.wide);
    await page.locator('.control-embed').click();
    await page.locator('dialog.embed-dialog .download-section').waitFor();
    assert.doesNotMatch(await page.locator('.download-intro').textContent() ?? '', /\d\s*[kKM]B/, 'no size is said before a file is made');
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Single HTML file' }).click()]);
    const bytes = fs.statSync(await file.path()).size;
    const status = await page.locator('.download-status').filter({ hasText: 'Downloaded' }).textContent();
    const said = /\(([\d.,]+) (B|kB|MB)\)/.exec(status ?? '');
    assert.ok(said, status ?? '');
    const scale = { B: 1, kB: 1e3, MB: 1e6 }[said[2]];
    const value = Number(said[1].replace(/,/g, ''));
    assert.ok(Math.abs(value * scale - bytes) <= 0.005 * bytes, `said ${said[0]}, wrote ${bytes} bytes`);
    assert.deepEqual(problems, []);
    await page.close();
  });
});
