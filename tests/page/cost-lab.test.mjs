// The cost lab without a browser: its measurement (web/src/session/cost/) driving the cost host on
// the same thread, as the offline page does, over a stand-in for measureCost whose answers are
// known in advance (times that grow as n² or n, a size refused as the engine refuses past its
// memory cap), so each test can say exactly what the measurement must hold. The real engine runs
// it in cost-engine.test.mjs; the chart arithmetic (median, log–log slope) is checked here too.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import '../support/json-modules.mjs';
import { importCompiled } from '../support/compiled.mjs';

const { CostMeasurement } = await importCompiled('session/cost/measurement');
const { sameThreadCostPort } = await importCompiled('session/cost/same-thread');
const { logLogSlope, medianTime, timePoints } = await importCompiled('session/cost/slope');

const VARIANTS = ['full', 'flash', 'chunked', 'linear', 'sparse', 'rnn'];
/** A plan as the lesson makes one (kinds/cost/steps.ts): every variant at n = 64 … maxN. */
const planOf = ({ maxN = 256, d = 8 } = {}) =>
  ({ variants: VARIANTS, sizes: [64, 128, 256].filter((n) => n <= maxN), d, repeats: 3, block: 16, window: 4, seed: 0 });

/**
 * A stand-in for lab.measureCost with the façade's shape: full attention takes n² µs (its repeats
 * 1.0×, 1.1× and 0.9× that), everything else n µs; full attention at n = 256 is refused.
 */
function fakeLab() {
  const calls = [];
  const lab = {
    measureCost(args) {
      calls.push(args);
      const { variant, n, d } = args;
      if (variant === 'full' && n === 256) throw Object.assign(new Error('n: expected at most 16777216 cells for the weights, got 256 × 256 = 65536'), { name: 'AttentionError' });
      const base = (variant === 'full' ? n * n : n) * 1e-6;
      return { variant, n, d, seconds: [base, base * 1.1, base * 0.9], peakCells: variant === 'full' ? n * n : n * d, multiplyAdds: 2 * n * n * d };
    },
  };
  return { lab, calls };
}

/** A measurement over the fake engine, with its events recorded; `settled` waits for the run to stop. */
function measurement(inputs = {}) {
  const { lab, calls } = fakeLab();
  let opened = 0;
  const m = new CostMeasurement(planOf(inputs), () => {
    opened += 1;
    return sameThreadCostPort(lab);
  });
  const events = [];
  m.subscribe((e) => events.push(e));
  const settled = () => new Promise((resolve) => {
    const stop = m.subscribe((e) => {
      if (e.type === 'state' && e.state !== 'running') {
        stop();
        resolve(undefined);
      }
    });
  });
  return { m, calls, events, settled, opened: () => opened };
}

describe('measuring', () => {
  test('every (variant, n) is measured once, smallest n first, with the plan’s arguments, and progress follows each call', async () => {
    const { m, calls, events, settled } = measurement();
    const done = settled();
    m.start();
    assert.equal(m.state, 'running');
    await done;
    assert.equal(m.state, 'finished');
    assert.deepEqual(calls.map((c) => `${c.variant}@${c.n}`), [64, 128, 256].flatMap((n) => m.plan.variants.map((v) => `${v}@${n}`)));
    assert.deepEqual(calls[0], { variant: 'full', n: 64, d: 8, repeats: 3, block: 16, window: 4, seed: 0 });
    const progress = events.filter((e) => e.type === 'progress');
    assert.deepEqual(progress.map((e) => e.done), Array.from({ length: 18 }, (_, i) => i + 1));
    assert.ok(progress.every((e) => e.total === 18));
    assert.deepEqual([progress[0].next.variant, progress[0].next.n], ['flash', 64], 'each event names the call asked next');
    assert.equal(progress[17].next, undefined);
    assert.deepEqual(events.filter((e) => e.type === 'state').map((e) => e.state), ['running', 'finished']);
  });

  test('a size the engine refuses becomes that cell’s note, with the engine’s message, and the run goes on', async () => {
    const { m, settled } = measurement();
    const done = settled();
    m.start();
    await done;
    const refused = m.cells.filter((c) => c.refused);
    assert.deepEqual(refused.map((c) => `${c.variant}@${c.n}`), ['full@256']);
    assert.match(refused[0].refused, /^n: expected at most 16777216 cells/);
    assert.equal(m.done, m.total, 'refused cells count as done');
    assert.ok(m.cellsOf('rnn').every((c) => c.result), 'the variants after it were measured');
  });

  test('Cancel ends the run at once, keeps what was measured, and Continue measures only what is missing, on a new port', async () => {
    const { m, calls, events, opened } = measurement();
    let cancelled = false;
    m.subscribe((e) => {
      if (e.type === 'progress' && e.done === 5 && !cancelled) {
        cancelled = true;
        m.cancel();
      }
    });
    const stoppedAt = new Promise((resolve) => m.subscribe((e) => e.type === 'state' && e.state === 'cancelled' && resolve(undefined)));
    m.start();
    await stoppedAt;
    // Whatever the closed port still had in hand is dropped: nothing changes afterwards.
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(m.state, 'cancelled');
    assert.equal(m.done, 5);
    assert.equal(calls.length, 5, 'no call after Cancel');
    const kept = m.cells.slice(0, 5).map((c) => c.result);
    assert.ok(kept.every(Boolean));

    const finished = new Promise((resolve) => m.subscribe((e) => e.type === 'state' && e.state === 'finished' && resolve(undefined)));
    m.start();
    await finished;
    assert.equal(opened(), 2, 'a new port (a new worker) for the second run');
    assert.equal(calls.length, 18, 'the five measured cells were not measured again');
    assert.deepEqual(m.cells.slice(0, 5).map((c) => c.result), kept);
    assert.equal(events.filter((e) => e.type === 'state' && e.state === 'cancelled').length, 1);
  });

  test('a reply that arrives after Cancel, from the closed port, changes nothing', async () => {
    /** A port that answers only when told to, like a worker terminated in the middle of a call. */
    const posted = [];
    let listener;
    const m = new CostMeasurement(planOf(), () => ({
      post: (request) => posted.push(request),
      listen: (l) => { listener = l; },
      close: () => {},
    }));
    m.start();
    assert.equal(posted.length, 1);
    m.cancel();
    listener({ type: 'measured', id: posted[0].id, result: { variant: 'full', n: 64, d: 8, seconds: [1], peakCells: 1, multiplyAdds: 1 } });
    assert.equal(m.done, 0);
    assert.equal(m.state, 'cancelled');
  });

  test('Start while running or when everything is measured does nothing; clear forgets every measurement', async () => {
    const { m, calls, settled } = measurement({ maxN: 64 });
    const done = settled();
    m.start();
    m.start();
    await done;
    assert.equal(calls.length, 6);
    m.start();
    assert.equal(m.state, 'finished');
    m.clear();
    assert.equal(m.done, 0);
    assert.equal(m.state, 'idle');
  });
});

describe('what the chart draws from the measurements', () => {
  test('the time of a cell is the median of its repeats, one of the measured times itself', () => {
    assert.equal(medianTime([3, 1, 2]), 2);
    assert.equal(medianTime([4, 1, 3, 2]), 2, 'an even count takes the lower middle one, never an average');
    assert.equal(medianTime([5]), 5);
  });

  test('the slope of times growing as n² is 2 and as n is 1; fewer than two sizes, or a time of 0, give none', async () => {
    const { m, settled } = measurement({ maxN: 128 });
    const done = settled();
    m.start();
    await done;
    assert.ok(Math.abs(logLogSlope(timePoints(m.cellsOf('full'))) - 2) < 1e-12);
    assert.ok(Math.abs(logLogSlope(timePoints(m.cellsOf('linear'))) - 1) < 1e-12);
    assert.equal(logLogSlope([[64, 1]]), undefined);
    assert.equal(logLogSlope([[64, 0], [128, 1]]), undefined);
  });

  test('a least-squares slope through noisy points lies between the slopes of its pieces', () => {
    const slope = logLogSlope([[64, 1], [128, 3], [256, 10]]);
    assert.ok(slope > Math.log2(3) && slope < Math.log2(10 / 3), `slope ${slope}`);
  });

  test('refused and unmeasured cells are left out of the points', async () => {
    const { m, settled } = measurement();
    const done = settled();
    m.start();
    await done;
    assert.deepEqual(timePoints(m.cellsOf('full')).map(([n]) => n), [64, 128]);
  });
});
