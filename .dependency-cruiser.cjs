// The page's layers, lowest first. A module imports only from its own layer and the layers below
// it (checked by tests/page/dependencies.test.mjs with dependency-cruiser, which also checks that
// every folder and top-level file of web/src is in exactly one layer):
//   facade     web/lib/                      the engine's façade, the npm package
//   i18n       i18n/                         the page's words: catalogues, t(), languages, echo
//   model      model/, walkthroughs/         lessons as data, their checks and translations; how
//                                            numbers, colours and typed numbers are written and read
//   export     export/                       files written from steps (CSV, SVG, LaTeX, Python)
//   kinds      kinds/                        each kind of walkthrough: its steps from the engine
//   exercises  exercises/                    each exercise type: its checks and grading
//   state      state/                        the page's state in its link (and embed options)
//   session    session/                      the session the views draw: walkthrough, step, edits
//   hosts      authoring/, embed/, report/   instructors' own walkthroughs; the host the page
//                                            reports to (iframe, SCORM, xAPI), offline files; what
//                                            a course's results say (the class report)
//   widgets    widgets/                      DOM pieces, each drawing what it is handed
//   browser    browser/                      the address bar, Web Workers, downloads, code fetched
//   views      views/, styles/               each part of the page, drawn from the session
//   app        app.ts                        wiring: the session to its views, nothing drawn
//   start      start-page.ts, component/     the page started in a document, or as <attention-lab>
//   entries    entries/                      what a bundle starts from (pages, component, workers)
// From i18n to session nothing touches the DOM: those layers run in Node (tests/page). export/png.ts
// draws on a canvas, so only the layers above the session may import it. A widget, like an
// export, names the engine's and the session's types but never runs their code.
// Paths are matched anywhere in a path (not anchored), so the test can also run these rules over
// a small tree of deliberately bad imports (tests/page/layer-fixtures/) and see each rule fire.

/** The layers, lowest first: a name, and the pattern of the paths in it. */
const LAYERS = [
  ['facade', 'web/lib/'],
  ['i18n', 'web/src/i18n/'],
  ['model', 'web/src/(model|walkthroughs)/'],
  ['export', 'web/src/export/'],
  ['kinds', 'web/src/kinds/'],
  ['exercises', 'web/src/exercises/'],
  ['state', 'web/src/state/'],
  ['session', 'web/src/session/'],
  ['hosts', 'web/src/(authoring|embed|report)/'],
  ['widgets', 'web/src/widgets/'],
  ['browser', 'web/src/browser/'],
  ['views', 'web/src/(views|styles)/'],
  ['app', 'web/src/app\\.ts$'],
  ['start', 'web/src/component/|web/src/start-page\\.ts$'],
  ['entries', 'web/src/entries/'],
].map(([name, path]) => ({ name, path }));

const any = (layers) => layers.map((l) => `(${l.path})`).join('|');
const layer = (name) => LAYERS.find((l) => l.name === name);
const PNG = 'web/src/export/png\\.ts$';

/** One rule per layer: nothing it holds imports a layer above it. */
const upward = LAYERS.slice(0, -1).map((from, i) => ({
  name: `${from.name}-imports-nothing-above`,
  severity: 'error',
  from: { path: from.path },
  to: { path: any(LAYERS.slice(i + 1)) },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'A cycle ties modules together: neither can be loaded, tested or split without the other.',
      severity: 'error',
      from: { path: 'web/' },
      to: { circular: true },
    },
    ...upward,
    {
      name: 'core-without-dom',
      comment: 'The layers up to the session run in Node without a browser (tests/page): export/png.ts draws on a canvas.',
      severity: 'error',
      from: { path: any(LAYERS.slice(1, LAYERS.indexOf(layer('session')) + 1)), pathNot: PNG },
      to: { path: PNG },
    },
    {
      name: 'widgets-never-call-the-engine',
      comment: 'A widget draws what the session computed, and an export writes it; `import type` from web/lib is fine.',
      severity: 'error',
      from: { path: `${layer('widgets').path}|${layer('export').path}` },
      to: { path: layer('facade').path, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'widgets-never-run-the-session',
      comment: 'A widget is handed what it draws (numbers, words, callbacks) by a view; `import type` from session/ is fine.',
      severity: 'error',
      from: { path: layer('widgets').path },
      to: { path: layer('session').path, dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    // Type-only imports count: a cycle through types still ties two modules' designs together.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.(css|json)$|\\?' },
  },
};

// For the test that every folder and top-level file of web/src is in exactly one layer; not an
// option of dependency-cruiser's, which refuses keys it does not know.
Object.defineProperty(module.exports, 'layers', { value: LAYERS, enumerable: false });
