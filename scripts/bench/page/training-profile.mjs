// Where the page's main thread spends its time while the lesson "Watch attention learn" trains in
// its Web Worker, per message from the worker (`--latency-profile S`, after part 4): a Chromium
// trace of S seconds (tasks, style, layout, paint, GC on the renderer's main thread, and how
// long its longest tasks were) and a V8 CPU profile of S further seconds mapped to the sources
// through the build's hidden source map. No input is given meanwhile, no table is open: this is
// the cost of following the training alone, the background every input of part 4 waits behind.
import { attribute, TRACE_CATEGORIES } from './profile.mjs';
import { VIEWPORT } from './loads.mjs';

/** In the page, before its scripts: counts the worker's replies by type (progress, snapshot, …). */
function countWorkerReplies() {
  const counts = {};
  /** @type {any} */ (window).__workerReplies = counts;
  const Native = window.Worker;
  window.Worker = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (event) => {
        const type = event.data?.type ?? '?';
        counts[type] = (counts[type] ?? 0) + 1;
      });
    }
  };
}

const replies = (page) => page.evaluate(() => ({ .../** @type {any} */ (window).__workerReplies }));
const difference = (after, before) => Object.fromEntries(Object.entries(after).map(([k, v]) => [k, v - (before[k] ?? 0)]));

/** The rendering pipeline's share of `total` from per-event-name sums (nested events are in their parents too). */
function pipeline(get) {
  const total = get('ThreadControllerImpl::RunTask');
  const parts = { style: get('UpdateLayoutTree'), layout: get('Layout'), paint: get('PrePaint', 'Paint', 'Layerize', 'Commit'), gc: get('MinorGC', 'MajorGC'), hitTest: get('HitTest') };
  return { busy: total, ...parts, scriptAndDom: Math.max(0, total - Object.values(parts).reduce((a, b) => a + b, 0)) };
}

/**
 * Main-thread totals from trace events, in wall-clock time (dur: what an input waits behind,
 * inflated when other processes take the CPU) and in the thread's own CPU time (tdur: the work
 * itself, much less sensitive to the machine's load).
 */
function mainThreadBreakdown(events, seconds) {
  const names = new Map(events.filter((e) => e.ph === 'M' && e.name === 'thread_name').map((e) => [`${e.pid}:${e.tid}`, e.args?.name]));
  // The page's main thread is the renderer main thread with the most task time in the window.
  const busy = new Map();
  for (const e of events) {
    if (e.ph === 'X' && typeof e.dur === 'number' && e.name === 'ThreadControllerImpl::RunTask') {
      const key = `${e.pid}:${e.tid}`;
      if (names.get(key) === 'CrRendererMain') busy.set(key, (busy.get(key) ?? 0) + e.dur);
    }
  }
  const main = [...busy].sort((a, b) => b[1] - a[1])[0]?.[0];
  const wall = new Map();
  const cpu = new Map();
  const tasks = [];
  for (const e of events) {
    if (`${e.pid}:${e.tid}` !== main || e.ph !== 'X' || typeof e.dur !== 'number') continue;
    wall.set(e.name, (wall.get(e.name) ?? 0) + e.dur / 1000);
    cpu.set(e.name, (cpu.get(e.name) ?? 0) + (e.tdur ?? 0) / 1000);
    if (e.name === 'ThreadControllerImpl::RunTask') tasks.push(e.dur / 1000);
  }
  const getter = (sums) => (...n) => n.reduce((t, name) => t + (sums.get(name) ?? 0), 0);
  tasks.sort((a, b) => b - a);
  return {
    seconds,
    wall: pipeline(getter(wall)),
    cpu: pipeline(getter(cpu)),
    events: [...cpu].filter(([name]) => name !== 'ThreadControllerImpl::RunTask').sort((a, b) => b[1] - a[1]).slice(0, 10),
    tasksOver16: tasks.filter((t) => t > 16).length, tasksOver50: tasks.filter((t) => t > 50).length, longestTasks: tasks.slice(0, 5),
  };
}

/**
 * Opens ?train=reverse, trains to far beyond the window, waits `afterSteps` steps, then traces
 * and profiles `seconds` each.
 * @param {import('playwright-core').BrowserContext} context
 * @param {string} url the served page
 * @param {{ seconds: number, afterSteps: number, sourceMaps: Map<string, any> }} options
 */
export async function profileTraining(context, url, { seconds, afterSteps, sourceMaps }) {
  const page = await context.newPage();
  await page.setViewportSize(VIEWPORT);
  await page.addInitScript(countWorkerReplies);
  try {
    await page.goto(`${url}?train=reverse&speed=max`);
    await page.locator('#training-status[data-state="ready"]').waitFor({ timeout: 60_000 });
    await page.locator('#train-target').fill('100000');
    await page.locator('#train-target').dispatchEvent('change');
    await page.locator('#train-button').click();
    await page.waitForFunction((n) => Number(document.getElementById('training-status')?.textContent?.match(/^Step (\d+)/)?.[1]) >= n, afterSteps, { timeout: 600_000 });
    const cdp = await context.newCDPSession(page);

    const events = [];
    cdp.on('Tracing.dataCollected', (event) => events.push(...event.value));
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    const tracedFrom = await replies(page);
    await cdp.send('Tracing.start', { traceConfig: { includedCategories: TRACE_CATEGORIES }, transferMode: 'ReportEvents' });
    await page.waitForTimeout(seconds * 1000);
    await cdp.send('Tracing.end');
    await complete;
    const traced = difference(await replies(page), tracedFrom);

    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    const profiledFrom = await replies(page);
    await cdp.send('Profiler.start');
    await page.waitForTimeout(seconds * 1000);
    const { profile } = await cdp.send('Profiler.stop');
    const profiled = difference(await replies(page), profiledFrom);
    await cdp.detach();

    const step = Number((await page.locator('#training-status').textContent()).match(/^Step (\d+)/)?.[1]);
    return {
      step,
      trace: { replies: traced, ...mainThreadBreakdown(events, seconds) },
      profile: { replies: profiled, ...attribute([profile], sourceMaps, Math.max(1, profiled.progress ?? 0)) },
    };
  } finally {
    await page.close();
  }
}

const f = (x) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));

/** The Markdown section for the report. */
export function trainingProfileReport(p) {
  const t = p.trace;
  const perProgress = (ms) => f(ms / Math.max(1, t.replies.progress ?? 0));
  const out = ['', `### 4b. The page's main thread while training in the Web Worker (${t.seconds} s traced and ${t.seconds} s profiled, no input, ending at step ${p.step})`, ''];
  out.push(`Worker replies in the traced window: ${Object.entries(t.replies).map(([k, v]) => `${v} ${k}`).join(', ')}.`, '');
  out.push('| main thread | wall ms in window | CPU ms in window | wall ms per progress reply | CPU ms per progress reply |', '|:--|--:|--:|--:|--:|');
  const rows = [['busy (all tasks)', 'busy'], ['script + DOM calls', 'scriptAndDom'], ['style', 'style'], ['layout', 'layout'], ['paint (pre-paint, paint, layerize, commit)', 'paint'], ['hit testing', 'hitTest'], ['GC', 'gc']];
  for (const [label, key] of rows) out.push(`| ${label} | ${f(t.wall[key])} | ${f(t.cpu[key])} | ${perProgress(t.wall[key])} | ${perProgress(t.cpu[key])} |`);
  out.push('', `CPU time by trace event (nested events count in each): ${t.events.map(([name, ms]) => `${name} ${f(ms)}`).join(', ')} ms.`);
  out.push('', `Busy ${(100 * t.wall.busy / (t.seconds * 1000)).toFixed(0)} % of the window (wall clock); tasks over 16 ms: ${t.tasksOver16}, over 50 ms: ${t.tasksOver50}; longest ${t.longestTasks.map(f).join(', ')} ms.`);
  out.push('', `CPU profile, self time per progress reply (${p.profile.replies.progress ?? 0} of them), top functions:`, '');
  out.push('| function | ms |', '|:--|--:|');
  for (const fn of p.profile.functions.slice(0, 10)) out.push(`| ${fn.name} | ${fn.msPerEdit.toFixed(2)} |`);
  out.push('', 'By category:', '', '| category | ms |', '|:--|--:|');
  for (const c of p.profile.categories.slice(0, 8)) out.push(`| ${c.name} | ${c.msPerEdit.toFixed(2)} |`);
  return out.join('\n');
}
