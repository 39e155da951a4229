// The page benchmark's report: Markdown on stdout, in the shape docs/benchmarks-page.md quotes.
import { markdownTable as table } from '../tables.mjs';
import { latencyReport } from './training-latency.mjs';
import { trainingProfileReport } from './training-profile.mjs';

const kb = (bytes) => (bytes / 1000).toFixed(1);
const ms = (x) => (x === null || x === undefined ? '—' : x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));

function verdict(value, target) {
  return value <= target ? 'met' : 'MISSED';
}

export function report(r) {
  const out = [];
  const m = r.machine;
  out.push('# Attention Lab page benchmark', '');
  if (r.options.pageRoot) out.push(`**The page of another checkout** (--page-root): \`${r.options.pageRoot}\``, '');
  if (r.options.injectCss) out.push(`**With an injected style sheet** (--inject-css): \`${r.options.injectCss}\``, '');
  out.push(table(['machine', ''], [
    ['CPU', `${m.cpu}, ${m.cores} cores, ${m.memoryGB} GB`],
    ['OS', m.os],
    ['Chromium', `${m.chromium} (headless, playwright-core)`],
    ['Node', m.node],
    ['Vite', m.vite],
    ['date', m.date],
    ['load average (1 min) before → after', `${r.loadAverage.before[0].toFixed(2)} → ${r.loadAverage.after[0].toFixed(2)}`],
  ], ['l', 'l']));
  if (r.noise?.length) {
    const pct = (x) => `${(100 * x).toFixed(0)} %`;
    out.push('', 'CPU during each part (share of all cores; "others" = processes outside this benchmark and its Chromium):', '');
    out.push(table(['part', 's', 'this benchmark', 'others', 'steal'],
      r.noise.map((n) => [n.phase, n.seconds.toFixed(0), pct(n.oursShareOfCpu), pct(n.othersShareOfCpu), pct(n.stealShareOfCpu)]), ['l']));
    const busy = r.noise.filter((n) => n.othersShareOfCpu > 0.1).map((n) => n.phase);
    out.push('', busy.length ? `SUSPECT: other processes used more than 10 % of the CPUs during ${busy.join(', ')}; timings there are inflated, run again on a quiet machine.` : 'Other processes stayed under 10 % of the CPUs throughout.');
  }

  // --latency-only: part 4 alone.
  const latency = (r.latency ? latencyReport(r.latency, r.options) : '') + (r.trainingProfile ? trainingProfileReport(r.trainingProfile) : '');
  if (!r.bytes) return [...out, latency].join('\n');

  const b = r.bytes;
  out.push('', `## 1. Bytes of the landing page (${b.landingTotal.count} responses, cache disabled; gzip = zlib level 6, computed here)`, '');
  out.push(table(['kind', 'files', 'raw KB', 'gzip KB', 'brotli KB'],
    [...Object.entries(b.landingByKind).sort((x, y) => y[1].gzip - x[1].gzip).map(([kind, t]) => [kind, t.count, kb(t.raw), kb(t.gzip), kb(t.brotli)]),
      ['**total**', b.landingTotal.count, kb(b.landingTotal.raw), kb(b.landingTotal.gzip), kb(b.landingTotal.brotli)]],
    ['l']));
  out.push('', `Target ≤ ${r.targets.landingGzipKB} KB gzip: ${verdict(b.landingTotal.gzip / 1000, r.targets.landingGzipKB)} ` +
    `(${kb(b.landingTotal.gzip)} KB). As served by vite preview (${b.servedCompressed ? 'it gzips some responses' : 'uncompressed'}): ${kb(b.landingWireBytes)} KB of response bodies on the wire` +
    ` (${verdict(b.landingWireBytes / 1000, r.targets.landingGzipKB)} as served).`);
  out.push(`Every step of the landing walkthrough visited: ${b.allStepsTotal.count} responses, ${kb(b.allStepsTotal.raw)} KB raw, ${kb(b.allStepsTotal.gzip)} KB gzip` +
    (b.extraForSteps.length ? ` (adds ${b.extraForSteps.join(', ')})` : ' (nothing more)') + '.');
  out.push(`Build output: ${r.build.total.count} files, ${kb(r.build.total.raw)} KB raw; never loaded by the landing walkthrough: ${r.build.neverLoaded.count} files, ${kb(r.build.neverLoaded.raw)} KB raw.`);
  out.push('', 'Largest responses:', '');
  out.push(table(['file', 'kind', 'raw KB', 'gzip KB', 'brotli KB', 'served by vite preview'],
    b.files.slice(0, 10).map((f) => [f.file + (f.phase === 'steps' ? ' (later step)' : ''), f.kind, kb(f.raw), kb(f.gzip), kb(f.brotli),
      `${kb(f.wireBodyBytes ?? f.raw)} KB ${f.contentEncoding ?? 'uncompressed'}`]), ['l', 'l']));

  for (const bundle of r.build.composition ?? []) {
    out.push('', `What ${bundle.file} is made of (from its source map; gzip of each part on its own, an estimate):`, '');
    out.push(table(['part', 'raw KB', 'gzip KB'], bundle.parts.filter((p) => p.raw >= 500).map((p) => [p.group, kb(p.raw), kb(p.gzip)]), ['l']));
  }

  const f = r.firstStep;
  // A build with the landing step's copy in its HTML (a checkout measured with --page-root may have none).
  const hasCopy = (f.copyPainted?.n ?? 0) > 0;
  out.push('', `## 2. Navigation start → first step (${f.loads} fresh loads after 1 warm-up, HTTP cache disabled; ms)`, '');
  const row = (label, s) => [label, ms(s.median), ms(s.p95), ms(s.min), ms(s.max)];
  out.push(table(['milestone', 'median', 'p95', 'min', 'max'], [
    row('HTML received', f.htmlResponseEnd),
    row(hasCopy ? 'first contentful paint' : 'first contentful paint ("Loading the engine…")', f.firstContentfulPaint),
    ...(hasCopy ? [row('**first step painted: the build’s copy** (from the HTML, before any script)', f.copyPainted)] : []),
    row('JS received', f.jsResponseEnd),
    row('DOMContentLoaded', f.domContentLoaded),
    row('wasm request started', f.wasmStart),
    row('wasm received', f.wasmResponseEnd),
    row('engine ready (compiled, instantiated)', f.engineReady),
    row('first step in the DOM', f.firstStep),
    row(hasCopy ? '**first step painted: live** (the engine’s page, which responds)' : '**first step painted**', f.firstStepPainted),
    row('(first step built: DOM − engine ready)', f.buildSteps),
  ], ['l']));
  if (hasCopy) {
    out.push('', `The first step on screen is the build's copy of it (scripts/vite/prerender-landing.js), the same DOM the engine's page then puts in its place. ` +
      `Target ≤ ${r.targets.firstStepMs} ms for the step on screen: median ${verdict(f.copyPainted.median, r.targets.firstStepMs)}, p95 ${verdict(f.copyPainted.p95, r.targets.firstStepMs)}; ` +
      `the live step (edits and buttons answer): median ${ms(f.firstStepPainted.median)} ms, p95 ${ms(f.firstStepPainted.p95)} ms.`);
  }
  out.push('', `Target ≤ ${r.targets.firstStepMs} ms${hasCopy ? ' for the live step' : ''}: median ${verdict(f.firstStepPainted.median, r.targets.firstStepMs)}, p95 ${verdict(f.firstStepPainted.p95, r.targets.firstStepMs)}. ` +
    `Warm-up load (first page of a new browser): ${ms(f.warmupLoad.firstStepPainted)} ms. wasm fetched over the network on every load: ${f.allFetchedWasm ? 'yes' : 'NO'}. ` +
    `Engine timing hooks in place: ${f.warmupLoad.labHooked && f.warmupLoad.coreHooked > 0 ? 'yes' : 'NO (the engine columns below are 0)'}.`);

  if (f.throttled) {
    const t = f.throttled;
    out.push('', `Over an emulated ${t.network} link (${t.loads} loads, served as npm start serves it: JS/CSS/HTML and the wasm gzipped, fonts as they are): ` +
      `JS received ${ms(t.jsResponseEnd.median)}, wasm received ${ms(t.wasmResponseEnd.median)}, engine ready ${ms(t.engineReady.median)}, ` +
      ((t.copyPainted?.n ?? 0) > 0 ? `**the build's copy of the first step painted ${ms(t.copyPainted.median)} ms median, ${ms(t.copyPainted.max)} max** (target ${verdict(t.copyPainted.median, r.targets.firstStepMs)}), live step ` : '**first step painted ') +
      `${ms(t.firstStepPainted.median)} ms median, ${ms(t.firstStepPainted.max)} max${(t.copyPainted?.n ?? 0) > 0 ? '' : '**'} (target ${verdict(t.firstStepPainted.median, r.targets.firstStepMs)}).`);
  }
  out.push('', `## 3. Edit → updated view (${r.options.edits} edits after ${r.options.warmupEdits} warm-up, alternating two values; ms)`, '');
  out.push(table(['scenario', 'how', '<td>s shown', 'to DOM p50', 'p95', 'work p50', '**work p95**', 'next frame p50', 'p95', 'first edit'],
    r.edits.map((e) => [e.id, e.mode, e.cellsShown, ms(e.toDom.median), ms(e.toDom.p95), ms(e.work.median), ms(e.work.p95), ms(e.toNextFrame.median), ms(e.toNextFrame.p95), ms(e.firstEdit.work)]),
    ['l', 'l']));
  const floored = r.edits.filter((e) => e.floor);
  if (floored.length) {
    out.push('', `The rendering floor: each scenario's edit with no script work (${r.options.floorEdits} edits): the DOM changes and canvas pixels of one real edit, recorded and put back and forth, timed as above (page/floor.mjs). No change to the page's code can make an edit cheaper than this on this machine (ms):`, '');
    out.push(table(['scenario', 'what changes', 'floor work p50', '**floor work p95**', 'style+layout p50', 'paint p50', 'page work p95 (above)'],
      floored.map((e) => [e.id, `${e.floor.changed.texts} texts, ${e.floor.changed.attributes} attributes, ${e.floor.changed.elements} child lists, ${e.floor.changed.canvases} canvases`,
        ms(e.floor.work.median), ms(e.floor.work.p95), ms(e.floor.styleLayout.median), ms(e.floor.paint.median), ms(e.work.p95)]),
      ['l', 'l']));
  }
  out.push('', 'to DOM: dispatch → the DOM shows the new value (synchronous here). work: to DOM + forced style/layout + the next frame\'s paint, i.e. main-thread time the edit costs. next frame: dispatch → the task after the next animation frame (includes waiting for the frame).');
  out.push('', 'Where the time goes, medians (ms):', '');
  out.push(table(['scenario', 'engine calls', 'DOM mutations', 'engine (façade)', 'of which Embind+wasm', 'façade conversions', 'page JS (steps, DOM, KaTeX)', 'style+layout', 'paint'],
    r.edits.map((e) => [e.id, e.engineCallsPerEdit, e.mutations?.median ?? '—', ms(e.engine.median), ms(e.embind.median), ms(e.facade.median), ms(e.pageJs.median), ms(e.styleLayout.median), ms(e.paint.median)]),
    ['l']));
  out.push('', 'DOM mutations: median count of mutation records per edit (nodes added or removed, attributes and texts set, even to the same value), dispatch → forced layout, counted in the profiled edits: work that machine load does not inflate.');
  const traced = r.edits.filter((e) => e.trace);
  if (traced.length) {
    out.push('', `Renderer main thread per edit, dispatch → frame, from a Chromium trace of ${r.options.traceEdits} further edits per scenario (ms):`, '');
    out.push(table(['scenario', 'window', 'busy (tasks)', 'JS + DOM calls', 'style recalc', 'layout', 'paint (pre-paint, paint, layerize, commit)', 'GC'],
      traced.map((e) => [e.id, ms(e.trace.window), ms(e.trace.tasks), ms(e.trace.scriptAndDom), ms(e.trace.style), ms(e.trace.layout), ms(e.trace.paint), ms(e.trace.gc)]), ['l']));
  }
  const profiled = r.edits.filter((e) => e.profile);
  if (profiled.length) {
    const names = [...new Set(profiled.flatMap((e) => e.profile.categories.map((c) => c.name)))].filter((n) => n !== 'benchmark harness');
    const at = (e, name) => e.profile.categories.find((c) => c.name === name)?.msPerEdit ?? 0;
    names.sort((a, b) => Math.max(...profiled.map((e) => at(e, b))) - Math.max(...profiled.map((e) => at(e, a))));
    out.push('', `CPU profile of ${r.options.profileEdits} further edits per scenario (sampled self time, ms per edit; separate from the timed runs):`, '');
    out.push(table(['where', ...profiled.map((e) => e.id)],
      [...names.map((name) => [name, ...profiled.map((e) => ms(at(e, name)))]),
        ['**sampled total** (the page\'s; the harness left out)', ...profiled.map((e) => ms(e.profile.sampledMsPerEdit))]], ['l']));
    out.push('', 'Largest single items (ms per edit):');
    for (const e of profiled) {
      const items = [...e.profile.natives.slice(0, 3).map((n) => `${n.name}() ${ms(n.msPerEdit)}`), ...e.profile.files.slice(0, 4).map((f) => `${f.name} ${ms(f.msPerEdit)}`)];
      out.push(`- ${e.id}: ${items.join(', ')}`);
    }
    out.push('', 'The page\'s and the façade\'s functions with the most time under them (inclusive, ms per edit):');
    for (const e of profiled) {
      const items = (e.profile.functionsInclusive ?? []).slice(0, 12).map((f) => `${f.name} ${ms(f.msPerEdit)}`);
      out.push(`- ${e.id}: ${items.join('; ')}`);
    }
  }
  out.push('', `Target p95 ≤ ${r.targets.editP95Ms} ms (work): ` + r.edits.map((e) => `${e.id} ${verdict(e.work.p95, r.targets.editP95Ms)} (${ms(e.work.p95)})`).join(', ') + '.');
  for (const e of r.edits) {
    out.push(`- ${e.id}: ${e.label}; ${e.how}; step "${e.step}".`);
    if (e.problems.length) out.push(`  problems: ${e.problems.join('; ')}`);
  }
  if (latency) out.push(latency);
  return out.join('\n');
}
