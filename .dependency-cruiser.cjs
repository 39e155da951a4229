// The page's layers, lowest first, and the one direction imports may point (checked by
// tests/page/dependencies.test.mjs with dependency-cruiser):
//   web/lib (the engine's façade)
//   ← model/, kinds/, session/ (no DOM; the session alone asks the engine)
//   ← widgets/ (DOM, never the engine: types only)
//   ← views/ and app.ts (wiring)
//   ← entries: main.ts, page.ts, component/, entries/
// export/ writes files from steps: CSV, SVG, LaTeX and Python text are DOM-free (the kinds write
// their script parts with them); png.ts draws on a canvas, so only the export menu may import it.
// Paths are matched anywhere in a path (not anchored), so the test can also run these rules over
// a small tree of deliberately bad imports and see each rule fire.
const ENTRIES = 'web/src/(component|entries)/|web/src/(page|main)\\.ts$';
const VIEWS = 'web/src/views/|web/src/app\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'A cycle ties layers together: neither can be loaded, tested or split without the other.',
      severity: 'error',
      from: { path: 'web/' },
      to: { circular: true },
    },
    {
      name: 'facade-knows-no-page',
      comment: 'The npm package (web/lib) is used without the page.',
      severity: 'error',
      from: { path: 'web/lib/' },
      to: { path: 'web/src/' },
    },
    {
      name: 'core-without-dom',
      comment: 'model/, kinds/ and session/ run in Node without a browser (tests/page): no widget, view or entry. '
        + 'widgets/colour.ts is a pure function of numbers (the exports colour their cells with it).',
      severity: 'error',
      from: { path: 'web/src/(model|kinds|session|exercises)/' },
      to: { path: `web/src/(widgets|views|embed)/|web/src/export/png\\.ts$|web/src/(app|shell)\\.ts$|${ENTRIES}`, pathNot: 'web/src/widgets/colour\\.ts$' },
    },
    {
      name: 'widgets-never-call-the-engine',
      comment: 'A widget draws what the session computed; `import type` from web/lib is fine.',
      severity: 'error',
      from: { path: 'web/src/(widgets|export)/' },
      to: { path: 'web/lib/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'widgets-below-views',
      severity: 'error',
      from: { path: 'web/src/widgets/' },
      to: { path: `${VIEWS}|${ENTRIES}` },
    },
    {
      name: 'views-below-entries',
      severity: 'error',
      from: { path: VIEWS },
      to: { path: ENTRIES },
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
