// Functions the page benchmark runs inside the page with page.evaluate. Each is serialised by
// Playwright, so each must be self-contained (no imports, no outer variables).

/**
 * Performs edits one after another and times each from the moment the edit is dispatched to the
 * moment the page shows its result, then to the next frame.
 *
 * mode 'cell':      opens the editor of one input cell (a click, or Enter on a canvas grid's
 *                   cell; not timed), types the value, lets a frame pass (a learner's typing
 *                   takes many), then times the Enter keydown (what the cell's editor listens to).
 * mode 'parameter': sets a parameters-panel control (e.g. the seed) and times its change event.
 * mode 'popstate':  times history.pushState(url with the new inputs) + a popstate event: the
 *                   page's own back/forward path, which re-reads the inputs from the URL.
 *
 * Per edit: t0 before the dispatch; tSync after it returns; tDom when the DOM shows the new
 * value (checked at once, else by MutationObserver, so an asynchronous update is also caught);
 * tLayout after a forced style + layout (documentElement.getBoundingClientRect); tFrame in the
 * next requestAnimationFrame; tPainted in the first task after that frame (so tPainted − tFrame
 * is roughly the frame's own paint work). lab / core: time inside the engine façade and inside
 * the raw Embind bindings during the edit (see instrument.mjs). With `count` (the profiled run,
 * not the timed one, since the observer adds work): mutations, the DOM mutation records (nodes
 * added or removed, attributes and texts set, even to the same value) from dispatch to the
 * forced layout, a count of the page's DOM work that machine load does not inflate.
 *
 *
 * floor: the edit's rendering floor (floor.mjs; floorStart and floorStop have recorded one real
 * edit): instead of the edit, its recorded changes are put on the page, the state after it and
 * the state before it in turn, with no page code. A cell's editor is still opened (not timed)
 * and closed with Escape in the timed part, and the popstate path still pushes its address.
 *
 * @param {{ mode: 'cell' | 'parameter' | 'popstate', values: number[], cell?: { panel: string, row: number, col: number },
 *           field?: string, urls?: string[], gapMs: number, profile?: boolean, marks?: boolean, count?: boolean, floor?: boolean }} options
 */
export async function runEdits({ mode, values, cell, field, urls, gapMs, profile = false, marks = false, count = false, floor = false }) {
  const now = () => performance.now();
  const bench = /** @type {any} */ (window).__bench;
  const nextFrame = () => new Promise((resolve) => {
    requestAnimationFrame(() => {
      const tFrame = now();
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve([tFrame, now()]);
      channel.port2.postMessage(null);
    });
  });
  const until = (predicate, timeoutMs = 20000) => new Promise((resolve, reject) => {
    if (predicate()) {
      resolve(now());
      return;
    }
    const observer = new MutationObserver(() => {
      if (!predicate()) return;
      const t = now();
      observer.disconnect();
      clearTimeout(timer);
      resolve(t);
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error(`the page did not show the edit within ${timeoutMs} ms`));
    }, timeoutMs);
  });
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  const samples = [];
  for (let i = 0; i < values.length; i += 1) {
    const value = values[i];
    /** @type {() => void} */
    let act;
    /** The cell editor's field, in mode 'cell'. */
    let editor = null;
    /** @type {() => boolean} */
    let shown;
    if (mode === 'cell' && document.querySelector(`figure[data-panel="${cell.panel}"] .canvas-grid`)) {
      // A matrix drawn on a canvas (web/src/widgets/canvas-grid.ts): the cursor is moved to the
      // cell with the keyboard and Enter opens the field over it (not timed: the learner's keys).
      const figure = /** @type {HTMLElement} */ (document.querySelector(`figure[data-panel="${cell.panel}"]`));
      const grid = /** @type {HTMLElement} */ (figure.querySelector('.canvas-grid'));
      const key = (target, name) => target.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true }));
      grid.focus();
      key(grid, 'ArrowUp');
      for (let r = 0; r < cell.row; r += 1) key(grid, 'ArrowDown');
      key(grid, 'Home');
      for (let c = 0; c < cell.col; c += 1) key(grid, 'ArrowRight');
      key(grid, 'Enter');
      const input = /** @type {HTMLInputElement | null} */ (figure.querySelector('input.grid-editor'));
      if (!input) throw new Error(`Enter on the ${cell.panel} grid opened no editor`);
      editor = input;
      input.value = String(value);
      act = () => key(input, 'Enter');
      const readout = /** @type {HTMLElement} */ (figure.querySelector('.grid-readout'));
      shown = () => !figure.querySelector('input.grid-editor') && (readout.textContent ?? '').includes(`(exact ${value})`);
    } else if (mode === 'cell') {
      const selector = `figure[data-panel="${cell.panel}"] td[data-row="${cell.row}"][data-col="${cell.col}"]`;
      const td = /** @type {HTMLElement | null} */ (document.querySelector(selector));
      if (!td) throw new Error(`no cell ${selector}`);
      td.click(); // opens the in-place editor (not timed: it is the learner's click)
      const input = td.querySelector('input');
      if (!input) throw new Error(`clicking ${selector} opened no editor`);
      editor = input;
      input.value = String(value);
      act = () => input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
      shown = () => {
        const current = document.querySelector(selector);
        // The page updates the cell in place (or rebuilds it): either way the editor is gone and the value shown.
        return current !== null && !current.querySelector('input') && current.textContent === String(value);
      };
    } else {
      // What to watch: the first table cell's exact value or, for a matrix drawn on a canvas,
      // the readout of its cursor (moved there with the arrow keys, as a learner would read it).
      const readout = () => {
        const cell = document.querySelector('#panels td[data-row]');
        if (cell) return cell.getAttribute('title');
        return document.querySelector('#panels .grid-readout')?.textContent ?? null;
      };
      if (!document.querySelector('#panels td[data-row]')) {
        const grid = /** @type {HTMLElement | null} */ (document.querySelector('#panels .canvas-grid'));
        if (!grid) throw new Error('the current step shows no matrix to watch');
        grid.focus();
        grid.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true, cancelable: true }));
      }
      const before = readout();
      shown = () => {
        const text = readout();
        return text !== null && text !== before;
      };
      if (mode === 'parameter') {
        const control = /** @type {HTMLInputElement | null} */ (document.querySelector(`fieldset.parameters [name="${field}"]`));
        if (!control) throw new Error(`no parameters control named ${field}`);
        control.value = String(value);
        act = () => control.dispatchEvent(new Event('change', { bubbles: true }));
      } else {
        const url = urls[i];
        act = () => {
          history.pushState(null, '', url);
          dispatchEvent(new PopStateEvent('popstate', { state: null }));
        };
      }
    }
    if (floor) {
      const recorded = /** @type {any} */ (window).__floor;
      const state = i % 2 === 0 ? recorded.states.B : recorded.states.A;
      const url = mode === 'popstate' ? urls[i] : undefined;
      act = () => {
        editor?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
        if (url !== undefined) history.pushState(null, '', url);
        recorded.apply(state);
      };
      shown = () => true;
    }
    // The learner's click and typing take many frames: the opened editor has been styled and
    // laid out before the timed Enter, as it would be (without this, the Enter would pay for it).
    if (mode === 'cell') await nextFrame();
    bench.reset();
    let mutations = 0;
    const counter = new MutationObserver((records) => { mutations += records.length; });
    if (count) counter.observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
    if (profile) console.profile(`edit ${i}`);
    if (marks) console.timeStamp('bench-edit-start');
    const t0 = now();
    act();
    const tSync = now();
    const tDom = await until(shown);
    const acc = bench.acc;
    mutations += counter.takeRecords().length;
    counter.disconnect();
    document.documentElement.getBoundingClientRect(); // forces style and layout
    const tLayout = now();
    const [tFrame, tPainted] = await nextFrame();
    if (profile) console.profileEnd(`edit ${i}`);
    if (marks) console.timeStamp('bench-edit-end');
    samples.push({
      value,
      toDom: tDom - t0,
      sync: tSync - t0,
      styleLayout: tLayout - tDom,
      paint: tPainted - tFrame,
      work: tLayout - t0 + (tPainted - tFrame),
      toNextFrame: tPainted - t0,
      lab: acc.lab,
      core: acc.core,
      labCalls: acc.labCalls,
      coreCalls: acc.coreCalls,
      byName: acc.byName,
      mutations: count ? mutations : null,
      cells: document.querySelectorAll('#panels td').length,
      canvasCells: [...document.querySelectorAll('#panels .canvas-grid')].reduce((n, g) => { const m = / (\d+) by (\d+),/.exec(g.getAttribute('aria-label') ?? ''); return n + (m ? Number(m[1]) * Number(m[2]) : 0); }, 0),
      elements: document.getElementsByTagName('*').length,
    });
    if (gapMs > 0) await sleep(gapMs);
  }
  return samples;
}

/** What the page shows now, to check a scenario opened as intended. */
export function describePage() {
  const text = (selector) => document.querySelector(selector)?.textContent?.trim() ?? null;
  return {
    walkthrough: text('#walkthrough-title'),
    step: text('#step-title'),
    progress: text('#progress'),
    panels: [...document.querySelectorAll('#panels [data-panel]')].map((p) => /** @type {HTMLElement} */ (p).dataset.panel),
    cells: document.querySelectorAll('#panels td').length,
    canvasCells: [...document.querySelectorAll('#panels .canvas-grid')].reduce((n, g) => { const m = / (\d+) by (\d+),/.exec(g.getAttribute('aria-label') ?? ''); return n + (m ? Number(m[1]) * Number(m[2]) : 0); }, 0),
    elements: document.getElementsByTagName('*').length,
    notices: [...document.querySelectorAll('.notice')].map((n) => n.textContent),
    parameterControls: [...document.querySelectorAll('fieldset.parameters [name]')].map((c) => /** @type {HTMLInputElement} */ (c).name),
    steps: [...document.querySelectorAll('#step-list button[data-step]')].map((b) => /** @type {HTMLElement} */ (b).dataset.step),
  };
}

/** Timings of one fresh load, read once the first step has been painted. */
export function loadTimings() {
  const bench = /** @type {any} */ (window).__bench;
  const nav = /** @type {PerformanceNavigationTiming | undefined} */ (performance.getEntriesByType('navigation')[0]);
  const resources = /** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByType('resource'));
  const find = (pattern) => resources.find((r) => pattern.test(r.name));
  const wasm = find(/\.wasm(\?|$)/);
  const js = find(/\.js(\?|$)/);
  const css = find(/\.css(\?|$)/);
  const paint = Object.fromEntries(performance.getEntriesByType('paint').map((p) => [p.name, p.startTime]));
  return {
    firstStep: bench.firstStep,
    firstStepFrame: bench.firstStepFrame,
    firstStepPainted: bench.firstStepPainted,
    copyStep: bench.copyStep,
    copyPainted: bench.copyPainted,
    engineReady: bench.engineReady,
    htmlResponseEnd: nav?.responseEnd ?? null,
    domContentLoaded: nav?.domContentLoadedEventEnd ?? null,
    loadEvent: nav?.loadEventEnd ?? null,
    jsResponseEnd: js?.responseEnd ?? null,
    cssResponseEnd: css?.responseEnd ?? null,
    wasmStart: wasm?.startTime ?? null,
    wasmResponseEnd: wasm?.responseEnd ?? null,
    wasmTransferSize: wasm?.transferSize ?? null,
    jsTransferSize: js?.transferSize ?? null,
    firstContentfulPaint: paint['first-contentful-paint'] ?? null,
    labHooked: bench.labHooked,
    coreHooked: bench.coreHooked,
  };
}
