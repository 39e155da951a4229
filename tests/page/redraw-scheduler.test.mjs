// When the lesson "Watch attention learn" draws while a model trains (web/src/views/
// redraw-scheduler.ts), with a fake clock: frames every 16 ms, timers, and a count of the times
// it yielded to the page. The numbers are the policy's (ten status frames a second, parts every
// 300 ms, a yield past 8 ms), so each test says exactly what may be drawn when.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { importCompiled } from '../support/compiled.mjs';

const { RedrawScheduler, REDRAW_TIMING } = await importCompiled('browser/redraw-scheduler');

const FRAME_MS = 16;
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** A clock whose time moves only when `advance(ms)` says, a millisecond at a time. */
function fakeClock() {
  let now = 0;
  let frames = [];
  let timers = [];
  const state = {
    yields: 0,
    clock: {
      now: () => now,
      frame: (callback) => { frames.push(callback); },
      timer: (callback, ms) => {
        const timer = { at: now + ms, callback };
        timers.push(timer);
        return () => { timers = timers.filter((t) => t !== timer); };
      },
      yieldToPage: () => {
        state.yields += 1;
        return settle();
      },
    },
    /** Time spent inside a part's drawing (the clock moves, nothing else runs). */
    spend: (ms) => { now += ms; },
    async advance(ms, every = () => {}) {
      const end = now + ms;
      while (now < end) {
        now += 1;
        every(now);
        for (const timer of timers.filter((t) => t.at <= now)) {
          timers = timers.filter((t) => t !== timer);
          timer.callback();
        }
        if (now % FRAME_MS === 0) {
          const due = frames;
          frames = [];
          for (const callback of due) callback();
        }
        await settle();
      }
    },
  };
  return state;
}

/** A part that counts its draws (and takes `ms` of the clock each time). */
function part(clock, ms = 0) {
  return {
    draws: 0,
    draw() {
      this.draws += 1;
      clock.spend(ms);
    },
  };
}

function scheduler({ running = true, parts, clock }) {
  const state = { running, statusDraws: 0 };
  const redraw = new RedrawScheduler({
    running: () => state.running,
    drawStatus: () => { state.statusDraws += 1; },
    parts,
    clock: clock.clock,
  });
  return { state, redraw };
}

test('while training, twenty progress messages a second draw the status about ten times a second, however many arrive', async () => {
  const clock = fakeClock();
  const { state, redraw } = scheduler({ parts: [], clock });
  // A message every 50 ms for 2 s, as the worker sends them at ~200 steps/s.
  await clock.advance(2000, (t) => t % 50 === 0 && redraw.statusChanged());
  const perSecond = state.statusDraws / 2;
  assert.ok(perSecond >= 1000 / (REDRAW_TIMING.statusMs + FRAME_MS) - 1 && perSecond <= 1000 / REDRAW_TIMING.statusMs + 0.5, `${perSecond} status frames a second`);
});

test('not training, every change is drawn at the next frame', async () => {
  const clock = fakeClock();
  const heads = part(clock);
  const { state, redraw } = scheduler({ running: false, parts: [heads], clock });
  redraw.invalidate(false);
  await clock.advance(FRAME_MS);
  assert.equal(heads.draws, 1);
  redraw.invalidate(false);
  await clock.advance(FRAME_MS);
  assert.equal(heads.draws, 2);
  assert.equal(state.statusDraws, 2);
});

test('while training, new snapshots redraw the parts at most every 300 ms; the learner’s action is drawn at the next frame', async () => {
  const clock = fakeClock();
  const charts = part(clock);
  const { redraw } = scheduler({ parts: [charts], clock });
  redraw.invalidate(true);
  await clock.advance(FRAME_MS);
  assert.equal(charts.draws, 1, 'the first draw');
  // A snapshot every 125 ms (every 25 steps at 200 steps/s) for 3 s.
  await clock.advance(3000, (t) => t % 125 === 0 && redraw.invalidate(false));
  assert.ok(charts.draws - 1 <= 3000 / REDRAW_TIMING.redrawMs && charts.draws - 1 >= 3000 / (REDRAW_TIMING.redrawMs + REDRAW_TIMING.statusMs + FRAME_MS), `${charts.draws - 1} redraws in 3 s`);
  const before = charts.draws;
  redraw.invalidate(true);
  await clock.advance(FRAME_MS);
  assert.equal(charts.draws, before + 1, 'a head switched off is shown at once');
});

test('an off-screen part waits while training, is drawn once near the screen, and every part is drawn when training stops', async () => {
  const clock = fakeClock();
  const charts = part(clock);
  const heads = part(clock);
  const { state, redraw } = scheduler({ parts: [charts, heads], clock });
  redraw.setVisible(heads, false);
  redraw.invalidate(true);
  await clock.advance(FRAME_MS);
  assert.deepEqual([charts.draws, heads.draws], [1, 0]);
  await clock.advance(1000);
  assert.equal(heads.draws, 0, 'still off screen');
  redraw.setVisible(heads, true);
  await clock.advance(REDRAW_TIMING.redrawMs + REDRAW_TIMING.statusMs + FRAME_MS);
  assert.deepEqual([charts.draws, heads.draws], [1, 1], 'drawn on its way in; the charts had nothing new');

  redraw.setVisible(heads, false);
  state.running = false;
  redraw.invalidate(true);
  await clock.advance(FRAME_MS);
  assert.deepEqual([charts.draws, heads.draws], [2, 2], 'stopped: everything is brought up to date');
});

test('a part that took longer than 8 ms yields to the page before the next one is drawn; quick parts draw in one go', async () => {
  const clock = fakeClock();
  const quick = [part(clock, 1), part(clock, 1), part(clock, 1)];
  const { redraw } = scheduler({ running: false, parts: quick, clock });
  redraw.invalidate(true);
  await clock.advance(FRAME_MS);
  assert.deepEqual(quick.map((p) => p.draws), [1, 1, 1]);
  assert.equal(clock.yields, 0);

  const slow = [part(clock, REDRAW_TIMING.budgetMs + 2), part(clock, 1)];
  const second = scheduler({ running: false, parts: slow, clock });
  second.redraw.invalidate(true);
  await clock.advance(2 * FRAME_MS);
  assert.deepEqual(slow.map((p) => p.draws), [1, 1]);
  assert.equal(clock.yields, 1, 'one yield, after the slow part');
});

test('nothing is drawn after dispose', async () => {
  const clock = fakeClock();
  const charts = part(clock);
  const { state, redraw } = scheduler({ parts: [charts], clock });
  redraw.invalidate(true);
  redraw.dispose();
  await clock.advance(1000, (t) => t % 50 === 0 && redraw.statusChanged());
  assert.deepEqual([state.statusDraws, charts.draws], [0, 0]);
});
