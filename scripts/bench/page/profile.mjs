// Where an edit's main-thread time goes: V8 CPU profiles (CDP Profiler, sampling) of separate,
// profiled edits (console.profile / console.profileEnd around each edit inside the page, so only
// dispatch → painted frame is sampled), with the minified bundle mapped back to its sources
// through the build's hidden source map. A profile attributes each sample to the function on top
// of the stack ("self time"): JavaScript by source file, native DOM calls by name (a forced style
// recalculation or layout is charged to the call that forced it, e.g. focus()), and work outside
// any JavaScript, such as the frame's style, layout and paint, to "(program)".

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BASE64_VALUE = new Map([...BASE64].map((c, i) => [c, i]));

/** Decodes a source map v3 "mappings" string: per generated line, [column, source, line, column, name?] segments. */
function decodeMappings(mappings) {
  const lines = [];
  let source = 0;
  let sourceLine = 0;
  let sourceColumn = 0;
  let name = 0;
  for (const lineText of mappings.split(';')) {
    const segments = [];
    let column = 0;
    if (lineText) {
      for (const segmentText of lineText.split(',')) {
        const values = [];
        let value = 0;
        let shift = 0;
        for (const c of segmentText) {
          const digit = BASE64_VALUE.get(c);
          value += (digit & 31) << shift;
          if (digit & 32) {
            shift += 5;
          } else {
            values.push(value & 1 ? -(value >>> 1) : value >>> 1);
            value = 0;
            shift = 0;
          }
        }
        column += values[0];
        if (values.length >= 4) {
          source += values[1];
          sourceLine += values[2];
          sourceColumn += values[3];
          if (values.length >= 5) name += values[4];
          segments.push([column, source, sourceLine, sourceColumn, values.length >= 5 ? name : -1]);
        }
      }
    }
    lines.push(segments);
  }
  return lines;
}

export class SourceMap {
  /** @param {{ sources: string[], names?: string[], mappings: string }} map */
  constructor(map) {
    this.sources = map.sources;
    this.names = map.names ?? [];
    this.lines = decodeMappings(map.mappings);
  }

  /** The original source of a generated position (0-based line and column), or null. */
  lookup(line, column) {
    const segments = this.lines[line];
    if (!segments || segments.length === 0) return null;
    let lo = 0;
    let hi = segments.length - 1;
    if (segments[0][0] > column) return null;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (segments[mid][0] <= column) lo = mid;
      else hi = mid - 1;
    }
    const [, source, sourceLine, , name] = segments[lo];
    return { source: this.sources[source], line: sourceLine + 1, name: name >= 0 ? this.names[name] : null };
  }
}

/** A short, stable name for a source path from the map (relative to web/ or node_modules). */
function shortSource(source) {
  const npm = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(source);
  if (npm) return `${npm[1]} (npm)`;
  const web = /(?:^|\/)(web\/.*)$/.exec(source) ?? /(?:^|\/)((?:src|lib)\/.*)$/.exec(source);
  return web ? web[1] : source.replace(/^(\.\.\/)+/, '');
}

function categoryOf(file) {
  if (file === 'wasm') return 'engine: C++ (wasm)';
  if (/attention-(core|lite)\.mjs$/.test(file)) return 'engine: Embind glue';
  if (/^web\/lib\//.test(file)) return 'engine: façade (web/lib)';
  if (/^katex /.test(file)) return 'KaTeX (formula)';
  if (/^d3-/.test(file)) return 'd3';
  if (/^web\/src\//.test(file)) return 'page code (web/src)';
  if (/ \(npm\)$/.test(file)) return 'other npm code';
  return null;
}

const HARNESS = new Set(['runEdits', 'nextFrame', 'until', 'act', 'shown', 'evaluate', 'profile', 'profileEnd']);
const SPECIAL = { '(program)': 'browser work outside JS ((program): style, layout, paint, tasks)', '(garbage collector)': 'garbage collection', '(idle)': null, '(root)': null };

/**
 * Sums self time over profiles: per category, per source file, per native call and per function.
 * @param {any[]} profiles CDP Profiler.Profile objects
 * @param {Map<string, SourceMap>} maps by script file name (e.g. index-abc.js)
 * @param {number} edits how many edits the profiles cover, for per-edit figures
 */
export function attribute(profiles, maps, edits) {
  const byCategory = new Map();
  const byFile = new Map();
  const byNative = new Map();
  const byFunction = new Map();
  // Inclusive time: each sample charged once to every function of the page or the façade on its stack.
  const byFunctionTotal = new Map();
  const add = (map, key, ms) => map.set(key, (map.get(key) ?? 0) + ms);
  let sampledMs = 0; // without the harness
  for (const profile of profiles) {
    const self = new Map();
    profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
    for (const [id, names] of stackNames(profile, maps)) {
      const ms = self.get(id);
      if (ms) for (const name of names) add(byFunctionTotal, name, ms);
    }
    for (const node of profile.nodes) {
      const ms = self.get(node.id);
      if (!ms) continue;
      const frame = node.callFrame;
      const fn = frame.functionName;
      if (Object.hasOwn(SPECIAL, fn)) {
        if (SPECIAL[fn]) {
          add(byCategory, SPECIAL[fn], ms);
          sampledMs += ms;
        }
        continue;
      }
      sampledMs += ms;
      let file = null;
      let name = fn || '(anonymous)';
      if (frame.url.startsWith('wasm://') || /\.wasm$/.test(frame.url)) {
        file = 'wasm';
      } else if (frame.url) {
        const script = frame.url.replace(/[?#].*$/, '').replace(/.*\//, '');
        const map = maps.get(script);
        const original = map?.lookup(frame.lineNumber, frame.columnNumber);
        if (original) {
          file = shortSource(original.source);
          name = `${original.name ?? fn ?? '(anonymous)'} (${file}:${original.line})`;
        } else {
          file = script;
        }
      }
      if (file === null) {
        // A native function called from JavaScript (DOM API, forced style/layout) or the harness.
        if (HARNESS.has(fn)) {
          add(byCategory, 'benchmark harness', ms);
          sampledMs -= ms;
        } else {
          // getBoundingClientRect is the harness forcing the style + layout the next frame
          // would otherwise do (in-page.mjs): page work, charged to it.
          add(byCategory, fn === 'getBoundingClientRect' ? 'style + layout (forced by the harness)' : 'DOM and other native calls from JS', ms);
          add(byNative, fn || '(native)', ms);
        }
        continue;
      }
      const category = categoryOf(file);
      if (!category) {
        add(byCategory, 'benchmark harness', ms);
        sampledMs -= ms;
        continue;
      }
      add(byCategory, category, ms);
      add(byFile, file, ms);
      add(byFunction, name, ms);
    }
  }
  const list = (map, limit) => [...map].sort((a, b) => b[1] - a[1]).slice(0, limit)
    .map(([key, ms]) => ({ name: key, msPerEdit: ms / edits }));
  return {
    edits,
    sampledMsPerEdit: sampledMs / edits,
    categories: list(byCategory, 20),
    files: list(byFile, 15),
    natives: list(byNative, 10),
    functions: list(byFunction, 15),
    functionsInclusive: list(byFunctionTotal, 25),
  };
}

/** For each node of a profile, the names of the page's and the façade's functions on its stack (each once). */
function stackNames(profile, maps) {
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const own = (node) => {
    const frame = node.callFrame;
    if (!frame.url || frame.url.startsWith('wasm://')) return null;
    const script = frame.url.replace(/[?#].*$/, '').replace(/.*\//, '');
    const original = maps.get(script)?.lookup(frame.lineNumber, frame.columnNumber);
    if (!original || !/^web\/(src|lib)\//.test(shortSource(original.source))) return null;
    return `${original.name ?? frame.functionName ?? '(anonymous)'} (${shortSource(original.source)}:${original.line})`;
  };
  const names = new Map();
  for (const node of profile.nodes) {
    const set = new Set();
    for (let id = node.id; id !== undefined; id = parent.get(id)) {
      const name = own(byId.get(id));
      if (name) set.add(name);
    }
    names.set(node.id, set);
  }
  return names;
}

/** Which part of the project or which package a source of the bundle belongs to. */
function bundleGroup(source) {
  const file = shortSource(source);
  if (/attention-(core|lite)\.mjs$/.test(file)) return 'engine: Embind glue (web/lib/wasm/attention-core.mjs)';
  if (/^web\/lib\//.test(file)) return 'engine: façade (web/lib)';
  if (/^web\/src\/walkthroughs\//.test(file)) return 'page: walkthrough data (web/src/walkthroughs)';
  if (/^web\/src\//.test(file)) return 'page: code (web/src)';
  if (/^katex /.test(file)) return 'KaTeX (npm)';
  if (/^d3-/.test(file)) return 'd3 modules (npm)';
  return file;
}

/**
 * What the minified bundle is made of: each generated span is charged to the source its mapping
 * names (up to the next mapping). gzip per group is the group's spans compressed on their own,
 * an estimate of what the group adds to the compressed bundle.
 * @param {string} code the bundle
 * @param {SourceMap} map its source map
 * @param {(text: string) => number} gzipBytes
 */
export function bundleComposition(code, map, gzipBytes) {
  const lines = code.split('\n');
  const parts = new Map();
  const charge = (group, text) => {
    if (!text) return;
    const list = parts.get(group) ?? [];
    list.push(text);
    parts.set(group, list);
  };
  // Text before a line's first mapping continues the previous mapping (e.g. a template literal
  // over several lines, as KaTeX's SVG paths are); only what precedes any mapping is unmapped
  // (Vite's modulepreload polyfill).
  let previous = '(unmapped: Vite runtime)';
  lines.forEach((line, i) => {
    const segments = map.lines[i] ?? [];
    charge(previous, line.slice(0, segments.length ? segments[0][0] : line.length) + '\n');
    segments.forEach((segment, k) => {
      const end = k + 1 < segments.length ? segments[k + 1][0] : line.length;
      previous = bundleGroup(map.sources[segment[1]]);
      charge(previous, line.slice(segment[0], end));
    });
  });
  return [...parts].map(([group, texts]) => {
    const text = texts.join('');
    return { group, raw: Buffer.byteLength(text), gzip: gzipBytes(text) };
  }).sort((a, b) => b.raw - a.raw);
}

/** Trace event categories for traceBreakdown: tasks, the rendering pipeline, GC. */
export const TRACE_CATEGORIES = ['toplevel', 'devtools.timeline', 'v8'];

/**
 * The renderer main thread's time per edit from a Chromium trace (CDP Tracing) of edits marked
 * with console.timeStamp('bench-edit-start' / 'bench-edit-end') (in-page.mjs, marks): within
 * those windows (dispatch → the task after the next frame), the time in tasks (RunTask), and
 * within it style recalculation (UpdateLayoutTree), layout, paint (PrePaint, Paint, Layerize,
 * Commit) and garbage collection; the rest is JavaScript and the DOM calls it makes. Forced
 * style/layout inside JavaScript counts under style and layout.
 * @param {any[]} events trace events
 */
export function traceBreakdown(events) {
  const isMark = (e, message) => e.name === 'TimeStamp' && e.args?.data?.message === message;
  const starts = events.filter((e) => isMark(e, 'bench-edit-start'));
  if (starts.length === 0) return null;
  const { pid, tid } = starts[0];
  const ends = events.filter((e) => isMark(e, 'bench-edit-end') && e.pid === pid && e.tid === tid).map((e) => e.ts).sort((a, b) => a - b);
  const windows = starts.filter((e) => e.pid === pid && e.tid === tid).map((e) => e.ts).sort((a, b) => a - b)
    .map((start) => [start, ends.find((end) => end > start)]).filter(([, end]) => end !== undefined);
  const sums = new Map();
  for (const e of events) {
    if (e.pid !== pid || e.tid !== tid || e.ph !== 'X' || typeof e.dur !== 'number') continue;
    let inside = 0;
    for (const [start, end] of windows) inside += Math.max(0, Math.min(e.ts + e.dur, end) - Math.max(e.ts, start));
    if (inside > 0) sums.set(e.name, (sums.get(e.name) ?? 0) + inside / 1000);
  }
  const edits = windows.length;
  const get = (...names) => names.reduce((t, n) => t + (sums.get(n) ?? 0), 0) / edits;
  const tasks = Math.max(get('ThreadControllerImpl::RunTask'), get('RunTask'));
  const style = get('UpdateLayoutTree');
  const layout = get('Layout');
  const paint = get('PrePaint', 'Paint', 'Layerize', 'Commit');
  const gc = get('MinorGC', 'MajorGC');
  const window = windows.reduce((t, [start, end]) => t + (end - start) / 1000, 0) / edits;
  return { edits, window, tasks, style, layout, paint, gc, scriptAndDom: Math.max(0, tasks - style - layout - paint - gc) };
}
