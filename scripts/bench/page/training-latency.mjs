// Part 4 of the page benchmark: input latency in the lesson "Watch attention learn" (?train=reverse)
// while it trains, against the same page not training, and against training on the page's own
// thread. The target: input → next paint p95 < 50 ms while training in the worker.
//
// Conditions (the same production build; nothing in web/src changed):
//   idle         the served page, not training (the baseline)
//   worker       the served page, training in its Web Worker (as `npm start` serves it)
//   same thread  the served page under a Content-Security-Policy `worker-src 'none'`: the worker
//                is refused, so the page falls back to session/training/same-thread.ts, the port
//                the offline single file uses; the run checks the page then has no worker
// Inputs, each sequence after a few unmeasured warm-up ones, spaced by a seeded random 50–150 ms
// so they land at any point of the trainer's chunks:
//   key    a key press in the "Train to step" field (focused; a digit typed, then Backspace, in
//          turn): the field repaints. The field stays enabled while training.
//   click  a click on the loss chart's "The numbers as a table" disclosure: the table opens or
//          closes (layout and paint of up to a few hundred rows).
// Two measures of each input:
//   next paint   event.timeStamp (when the browser received the input) → the first task after
//                the next animation frame, from a capturing listener added by the benchmark
//                (the rAF-after-handler method; every input gets a number)
//   Event Timing the browser's own interaction duration (PerformanceObserver type 'event',
//                durationThreshold 16: the max over an interaction's events of startTime →
//                next paint, in 8 ms steps). Interactions under 16 ms are not reported, so a
//                percentile that falls among them reads "< 16".
import { percentile, summary } from '../stats.mjs';
import { markdownTable as table } from '../tables.mjs';
import { VIEWPORT } from './loads.mjs';

/** The page stays responsive while a model trains: input → next paint p95 under this. */
export const LATENCY_TARGET_P95_MS = 50;
const EVENT_TIMING_THRESHOLD_MS = 16;
/** Far beyond what a sequence of inputs lasts, so training never finishes during one. */
const TRAIN_TO_STEP = 100000;

export const CONDITIONS = [
  { id: 'idle', label: 'not training', train: false, headers: undefined },
  { id: 'worker', label: 'training in the Web Worker', train: true, headers: undefined },
  { id: 'same-thread', label: 'training on the page’s thread (worker refused by CSP)', train: true, headers: { 'Content-Security-Policy': "worker-src 'none'" } },
];

/** Seeded gaps in [50, 150) ms (an LCG: the same spacing in every run). */
function gaps(count, seed = 12345) {
  let state = seed >>> 0;
  return Array.from({ length: count }, () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return 50 + Math.floor((state / 2 ** 32) * 100);
  });
}

/** In the page: records both measures of every keydown and click from now on. */
function listen() {
  const w = /** @type {any} */ (window);
  const record = { since: 0, inputs: [], interactions: {}, longTasks: [] };
  w.__latency = record;
  new PerformanceObserver((list) => {
    for (const e of /** @type {any[]} */ (list.getEntries())) {
      // Entries arrive late: one of a warm-up input may come after the reset.
      if (!e.interactionId || e.startTime < record.since) continue;
      const seen = record.interactions[e.interactionId];
      if (!seen || e.duration > seen.duration) {
        record.interactions[e.interactionId] = { name: e.name, duration: e.duration, inputDelay: e.processingStart - e.startTime };
      }
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: false });
  // What else keeps the page's thread busy meanwhile (tasks over 50 ms: redraws, training chunks).
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.startTime >= record.since) record.longTasks.push(e.duration);
  }).observe({ type: 'longtask', buffered: false });
  for (const type of ['keydown', 'click']) {
    window.addEventListener(type, (event) => {
      const handled = performance.now();
      const onSummary = event.target instanceof Element && event.target.closest('#training-loss summary') !== null;
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => event.timeStamp >= record.since && record.inputs.push({ type, onSummary, inputDelay: handled - event.timeStamp, toNextPaint: performance.now() - event.timeStamp });
        channel.port2.postMessage(0);
      });
    }, { capture: true });
  }
}

const stepOf = async (page) => Number((await page.locator('#training-status').textContent()).match(/^Step (\d+)/)?.[1] ?? NaN);

/** Where the loss chart's disclosure is; asked again when a redraw replaced it meanwhile. */
async function disclosureBox(page) {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const box = await page.evaluate(() => {
      const summary = document.querySelector('#training-loss summary');
      let rect = summary?.getBoundingClientRect();
      if (!summary || !rect || rect.height === 0) return null;
      if (rect.top < 0 || rect.bottom > window.innerHeight) {
        summary.scrollIntoView({ block: 'center' });
        rect = summary.getBoundingClientRect();
      }
      return { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
    });
    if (box) return box;
    await page.waitForTimeout(20);
  }
  throw new Error('the loss chart has no "The numbers as a table" disclosure');
}

/** One sequence of inputs of one kind; returns the page's records of the measured ones. */
async function sequence(page, kind, count, warmup) {
  const wait = gaps(count + warmup);
  if (kind === 'key') await page.locator('#train-target').focus();
  for (let i = 0; i < count + warmup; i += 1) {
    if (i === warmup) await page.evaluate(() => { const r = /** @type {any} */ (window).__latency; Object.assign(r, { since: performance.now(), inputs: [], interactions: {}, longTasks: [] }); });
    if (kind === 'key') {
      await page.keyboard.press(i % 2 === 0 ? '7' : 'Backspace');
    } else {
      // Where the disclosure is now (the chart is redrawn while training); then a gap, so the
      // click does not land just as the page's thread has answered this question.
      const box = await disclosureBox(page);
      await page.waitForTimeout(wait[i] / 2);
      await page.mouse.click(box.x + 10, box.y + box.height / 2);
    }
    await page.waitForTimeout(kind === 'key' ? wait[i] : wait[i] / 2);
  }
  await page.waitForTimeout(500); // the last input's frame
  const record = await page.evaluate(() => ({ ...(/** @type {any} */ (window).__latency), until: performance.now() }));
  // Back to the run's value: leaving the field commits it (a digit left over would be refused).
  if (kind === 'key') await page.locator('#train-target').fill(String(TRAIN_TO_STEP));
  return record;
}

/** Nearest-rank percentile of `count` interactions of which only those ≥ the threshold are known. */
function thresholdPercentile(known, count, p) {
  const rank = Math.min(count, Math.max(1, Math.ceil((p / 100) * count)));
  const unknown = count - known.length; // all below the threshold, so the lowest ranks
  return rank <= unknown ? null : [...known].sort((a, b) => a - b)[rank - unknown - 1];
}

function summarise(record, count) {
  const toNextPaint = record.inputs.map((x) => x.toNextPaint);
  const durations = Object.values(record.interactions).map((x) => x.duration);
  return {
    inputs: record.inputs.length,
    missed: count - record.inputs.length,
    clicksOffTarget: record.inputs.filter((x) => x.type === 'click' && !x.onSummary).length,
    toNextPaint: summary(toNextPaint),
    longTasks: { count: record.longTasks.length, max: Math.max(0, ...record.longTasks), busyShare: record.longTasks.reduce((a, b) => a + b, 0) / (record.until - record.since) },
    inputDelay: summary(record.inputs.map((x) => x.inputDelay)),
    eventTiming: {
      reported: durations.length,
      p50: thresholdPercentile(durations, count, 50),
      p95: thresholdPercentile(durations, count, 95),
      max: durations.length ? Math.max(...durations) : null,
      inputDelayP95: durations.length ? percentile(Object.values(record.interactions).map((x) => x.inputDelay), 95) : null,
    },
    samples: record.inputs,
  };
}

/**
 * Measures one condition: opens ?train=reverse&speed=max (training as fast as the engine can) at `url`, sets the run to TRAIN_TO_STEP steps,
 * presses Train if the condition trains, and runs both input sequences.
 */
export async function latencyCondition(context, url, condition, options, log) {
  const page = await context.newPage();
  await page.setViewportSize(VIEWPORT);
  try {
    await page.goto(`${url}?train=reverse&speed=max`);
    await page.locator('#training-status[data-state="ready"]').waitFor({ timeout: 60_000 });
    await page.locator('#training-loss summary').waitFor({ timeout: 30_000 });
    await page.locator('#train-target').fill(String(TRAIN_TO_STEP));
    await page.locator('#train-target').dispatchEvent('change');
    await page.evaluate(listen);
    let startStep = 0;
    if (condition.train) {
      await page.locator('#train-button').click();
      await page.waitForFunction(() => Number(document.getElementById('training-status')?.textContent?.match(/^Step (\d+)/)?.[1]) >= 20, null, { timeout: 60_000 });
      startStep = await stepOf(page);
    }
    const workers = page.workers().length;
    if (condition.id === 'worker' && workers === 0) throw new Error('worker: the page trains without a Web Worker');
    if (condition.id === 'same-thread' && workers > 0) throw new Error('same-thread: the page started a worker despite the CSP');
    const started = performance.now();
    const kinds = {};
    for (const kind of ['key', 'click']) {
      kinds[kind] = summarise(await sequence(page, kind, options.latencyInputs, options.latencyWarmup), options.latencyInputs);
    }
    const seconds = (performance.now() - started) / 1000;
    const endStep = await stepOf(page);
    const state = await page.locator('#training-status').getAttribute('data-state');
    if (condition.train && state !== 'training') throw new Error(`${condition.id}: the run stopped training (${state}) while measured`);
    log(`    ${condition.id}: ${Object.entries(kinds).map(([k, s]) => `${k} p95 ${s.toNextPaint.p95.toFixed(1)} ms`).join(', ')}; ${endStep - startStep} steps trained meanwhile`);
    return { ...condition, workers, stepsTrained: endStep - startStep, stepsPerSecond: (endStep - startStep) / seconds, seconds, kinds };
  } finally {
    await page.close();
  }
}

const ms = (x) => (x === null || x === undefined ? `< ${EVENT_TIMING_THRESHOLD_MS}` : x >= 100 ? x.toFixed(0) : x.toFixed(1));

/** Part 4 of the page benchmark's Markdown report. */
export function latencyReport(latency, options) {
  const out = ['', `## 4. Input latency while training (?train=reverse; ${options.latencyInputs} inputs of each kind after ${options.latencyWarmup} warm-up, 50–150 ms apart; ms)`, ''];
  const rows = latency.flatMap((c) => Object.entries(c.kinds).map(([kind, s]) => [
    c.label, kind, `${s.inputs}${s.missed ? ` (${s.missed} lost)` : ''}`,
    ms(s.toNextPaint.median), `**${ms(s.toNextPaint.p95)}**`, ms(s.toNextPaint.max), ms(s.inputDelay.p95),
    ms(s.eventTiming.p50), ms(s.eventTiming.p95), ms(s.eventTiming.max), `${s.eventTiming.reported}`,
    `${s.longTasks.count}, ${(100 * s.longTasks.busyShare).toFixed(0)} %, ${ms(s.longTasks.max || null)}`,
    c.train ? `${c.stepsPerSecond.toFixed(0)}` : '—',
  ]));
  out.push(table(['condition', 'input', 'measured', 'next paint p50', 'p95', 'max', 'input delay p95', 'Event Timing p50', 'p95', 'max', '≥ 16 ms', 'long tasks: count, share of time, max', 'steps/s meanwhile'], rows, ['l', 'l']));
  out.push('', 'next paint: event.timeStamp → the first task after the next animation frame (rAF after the handler). input delay: event.timeStamp → the benchmark\'s capturing listener runs (time the input waited for the page\'s thread). Event Timing: the browser\'s interaction duration (PerformanceObserver type "event", durationThreshold 16, 8 ms steps); "< 16" where the percentile falls among interactions too short to be reported. long tasks: the page\'s tasks over 50 ms during the sequence (PerformanceObserver type "longtask"), their share of its time and the longest.');
  const training = latency.filter((c) => c.id === 'worker');
  const verdicts = training.flatMap((c) => Object.entries(c.kinds).map(([kind, s]) => `${kind} ${s.toNextPaint.p95 < LATENCY_TARGET_P95_MS ? 'met' : 'MISSED'} (${ms(s.toNextPaint.p95)})`));
  out.push('', `Target p95 < ${LATENCY_TARGET_P95_MS} ms while training in the Web Worker: ${verdicts.join(', ')}.`);
  const offTarget = latency.flatMap((c) => Object.values(c.kinds)).reduce((n, s) => n + s.clicksOffTarget, 0);
  if (offTarget) out.push(`${offTarget} clicks did not land on the disclosure (the chart moved meanwhile); they are still counted.`);
  return out.join('\n');
}
