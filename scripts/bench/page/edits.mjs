// Part 3 of the page benchmark: edit → updated view, in the scenarios scenarios() lists.
import { summary } from '../stats.mjs';
import { floorStart, floorStop } from './floor.mjs';
import { describePage, runEdits } from './in-page.mjs';
import { VIEWPORT } from './loads.mjs';
import { attribute, TRACE_CATEGORIES, traceBreakdown } from './profile.mjs';

const SENTENCE_32 = ('the quick brown fox jumps over the lazy dog while a small cat sat on the warm mat ' +
  'and watched birds fly over an old stone wall near the quiet river bank').split(' ');
if (SENTENCE_32.length !== 32) throw new Error(`the multi-head sentence has ${SENTENCE_32.length} words, not 32`);

/** Deterministic numbers in [-1, 1) with three decimals (a small LCG; only the sizes matter). */
function matrix(rows, cols, seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return Math.round(((state / 2 ** 32) * 2 - 1) * 1000) / 1000;
  };
  return Array.from({ length: rows }, () => Array.from({ length: cols }, next));
}

function alternate(count, a, b) {
  return Array.from({ length: count }, (_, i) => (i % 2 === 0 ? a : b));
}

async function openScenario(context, url, search) {
  const page = await context.newPage();
  await page.setViewportSize(VIEWPORT);
  /** @type {string[]} */
  const problems = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`console ${message.type()}: ${message.text().slice(0, 300)}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  await page.goto(url + search);
  await page.waitForFunction(() => /** @type {any} */ (window).__bench?.firstStepPainted != null, null, { timeout: 30000 });
  return { page, problems };
}

/**
 * One edit scenario: open the page, check it shows what was asked for, run warm-up + measured
 * edits. Multi-head has no editable cell: a parameters-panel control is used when the page has
 * one for the field, otherwise the popstate path (the inputs in a new URL, as back/forward does).
 */
export async function editScenario(context, url, scenario, options, log) {
  const { page, problems } = await openScenario(context, url, scenario.search);
  try {
    if (scenario.step) await page.locator(`#step-list button[data-step="${scenario.step}"]`).click();
    let state = await page.evaluate(describePage);
    let mode = scenario.mode;
    let how = scenario.how;
    if (scenario.mode === 'seed') {
      // A seed control of a parameters panel on the step shown; with no step asked for, on any
      // step. Without one: the popstate path.
      mode = state.parameterControls.includes('seed') ? 'parameter' : 'popstate';
      if (mode === 'popstate' && !scenario.step) {
        for (const step of state.steps) {
          await page.locator(`#step-list button[data-step="${step}"]`).click();
          if ((await page.evaluate(describePage)).parameterControls.includes('seed')) {
            mode = 'parameter';
            break;
          }
        }
        if (mode === 'popstate') await page.locator(`#step-list button[data-step="${state.steps[0]}"]`).click();
        state = await page.evaluate(describePage);
      }
      how = mode === 'parameter'
        ? 'seed 3 ↔ 4 through the parameters panel\'s seed control (change event)'
        : 'seed 3 ↔ 4 through history.pushState + popstate: this step has no editable cell and no seed control, so the page re-opens the walkthrough from the URL (engine + the whole walkthrough view, as back/forward does)';
    }
    if (state.notices.length > 0) problems.push(...state.notices.map((n) => `notice: ${n}`));
    const total = options.warmupEdits + options.edits;
    const values = alternate(total, scenario.values[0], scenario.values[1]);
    /** The in-page edit loop over these values; `extra`: profile or marks for the separate runs. */
    const edit = (editValues, extra = {}) => page.evaluate(runEdits, {
      mode,
      values: editValues,
      cell: scenario.cell,
      field: 'seed',
      urls: mode === 'popstate' ? editValues.map((v) => scenario.urlFor(v, state)) : undefined,
      gapMs: options.gapMs,
      ...extra,
    });
    log(`  ${scenario.id}: ${state.walkthrough} / ${state.step} (${state.cells} <td>s and ${state.canvasCells} canvas cells shown), ${total} edits by ${mode}`);
    let lastValue = values.at(-1);
    const samples = await edit(values);
    let profile = null;
    let profiledSamples = [];
    if (options.profileEdits > 0) {
      // A separate, profiled run (the profiler's overhead is not in the timings above). It
      // continues the alternation from the value the page shows now.
      const cdp = await page.context().newCDPSession(page);
      const profiles = [];
      cdp.on('Profiler.consoleProfileFinished', (event) => profiles.push(event.profile));
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      const last = lastValue;
      const next = last === scenario.values[0] ? scenario.values[1] : scenario.values[0];
      const profiledValues = alternate(options.profileEdits, next, last);
      profiledSamples = await edit(profiledValues, { profile: true, count: true });
      for (let waited = 0; profiles.length < profiledValues.length && waited < 5000; waited += 50) await new Promise((r) => setTimeout(r, 50));
      await cdp.send('Profiler.disable');
      await cdp.detach();
      profile = attribute(profiles, options.sourceMaps, profiles.length);
      lastValue = profiledValues.at(-1);
    }
    let trace = null;
    if (options.traceEdits > 0) {
      // Another separate run, under Chromium's tracing: the rendering pipeline per edit.
      const cdp = await page.context().newCDPSession(page);
      const events = [];
      cdp.on('Tracing.dataCollected', (event) => events.push(...event.value));
      const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
      const current = lastValue;
      const tracedValues = alternate(options.traceEdits, current === scenario.values[0] ? scenario.values[1] : scenario.values[0], current);
      await cdp.send('Tracing.start', { traceConfig: { includedCategories: TRACE_CATEGORIES }, transferMode: 'ReportEvents' });
      await edit(tracedValues, { marks: true });
      await cdp.send('Tracing.end');
      await complete;
      await cdp.detach();
      lastValue = tracedValues.at(-1);
      trace = traceBreakdown(events);
    }
    let floor = null;
    if (options.floorEdits > 0) {
      // The same edit's changes put back and forth with no script work (floor.mjs): what the
      // browser alone takes to show it. One real edit is recorded, continuing the alternation.
      // Last, since reading the canvases back may change how Chromium keeps them.
      const next = lastValue === scenario.values[0] ? scenario.values[1] : scenario.values[0];
      await page.evaluate(floorStart);
      await edit([next]);
      const changed = await page.evaluate(floorStop);
      // Edit i puts the state after the recorded edit (value `next`) when i is even, before it otherwise.
      const floorSamples = await edit(alternate(options.warmupEdits + options.floorEdits, next, lastValue), { floor: true });
      await page.evaluate(() => { const f = /** @type {any} */ (window).__floor; f.apply(f.states.B); });
      lastValue = next;
      const kept = floorSamples.slice(options.warmupEdits);
      floor = { changed, edits: kept.length, work: summary(kept.map((s) => s.work)), styleLayout: summary(kept.map((s) => s.styleLayout)), paint: summary(kept.map((s) => s.paint)) };
    }
    const measured = samples.slice(options.warmupEdits);
    const pick = (key) => summary(measured.map((s) => s[key]));
    const pageJs = summary(measured.map((s) => s.toDom - s.lab));
    const facade = summary(measured.map((s) => s.lab - s.core));
    const byName = {};
    for (const s of measured) for (const [k, v] of Object.entries(s.byName)) byName[k] = (byName[k] ?? 0) + v / measured.length;
    return {
      id: scenario.id,
      label: scenario.label,
      url: scenario.search,
      walkthrough: state.walkthrough,
      step: state.step,
      panels: state.panels,
      cellsShown: state.cells,
      elements: samples.at(-1)?.elements ?? state.elements,
      mode,
      how,
      edits: measured.length,
      warmupEdits: options.warmupEdits,
      firstEdit: samples[0],
      toDom: pick('toDom'),
      styleLayout: pick('styleLayout'),
      paint: pick('paint'),
      work: pick('work'),
      toNextFrame: pick('toNextFrame'),
      floor,
      engine: pick('lab'),
      embind: pick('core'),
      facade,
      pageJs,
      msPerEditByOperation: byName,
      engineCallsPerEdit: measured[0]?.labCalls ?? null,
      mutations: profiledSamples.length ? summary(profiledSamples.map((s) => s.mutations)) : null,
      profile,
      trace,
      problems: [...problems.reduce((m, p) => m.set(p, (m.get(p) ?? 0) + 1), new Map())].map(([p, n]) => (n > 1 ? `${p} (×${n})` : p)),
      samples,
    };
  } finally {
    await page.close();
  }
}

export function scenarios() {
  const multiHeadInputs = (seed) => ({ tokens: SENTENCE_32, dModel: 64, heads: 8, seed });
  const multiHeadSearch = (seed, step) => `?w=multi-head${step ? `&step=${step}` : ''}&in=${encodeURIComponent(JSON.stringify(multiHeadInputs(seed)))}`;
  const big = { query: matrix(32, 64, 1), key: matrix(32, 64, 2), value: matrix(32, 64, 3) };
  return [
    {
      id: 'worked-example',
      label: 'worked example (landing), 1×2 query, 3 keys',
      search: '',
      mode: 'cell',
      how: 'query[0][0] 2 ↔ 1 through the cell editor (Enter keydown)',
      cell: { panel: 'query', row: 0, col: 0 },
      values: [2, 1],
    },
    {
      id: 'multi-head-embed',
      label: 'multi-head, n = 32, d_model = 64, 8 heads: first step (embed)',
      search: multiHeadSearch(3),
      mode: 'seed',
      values: [4, 3],
      urlFor: (seed) => `${location0()}${multiHeadSearch(seed, 'embed')}`,
    },
    {
      id: 'multi-head-heads',
      label: 'multi-head, n = 32, d_model = 64, 8 heads: heads step (8 weight matrices)',
      search: multiHeadSearch(3, 'heads'),
      step: 'heads',
      mode: 'seed',
      values: [4, 3],
      urlFor: (seed) => `${location0()}${multiHeadSearch(seed, 'heads')}`,
    },
    {
      id: 'attention-32x64',
      label: 'single-head attention, n = m = 32, d_k = d_v = 64 (the worked example with 32×64 Q, K, V: beyond the page\'s own size controls, reachable only through a link; a canvas grid)',
      // The inputs in the link's hash, as the page writes them (readable JSON is read at any size).
      search: `#in=${encodeURIComponent(JSON.stringify(big))}`,
      mode: 'cell',
      how: 'query[0][0] 2 ↔ 3 through the cell editor (Enter keydown)',
      cell: { panel: 'query', row: 0, col: 0 },
      values: [2, 3],
    },
  ];
}
// pushState takes a path relative to the page; the page lives at the server root.
const location0 = () => '/';
