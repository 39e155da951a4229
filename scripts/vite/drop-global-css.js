// For builds whose styles live in a shadow root (the web component, the H5P library): they adopt
// the page's CSS there (web/src/component/styles.ts imports it with ?inline), so the side-effect
// imports of the modules' own CSS (the export menu's, the exercises', the class report's, …),
// which the page needs, are dropped and no global style sheet is emitted. A new one must be
// added here and to styles.ts (the builds refuse a style sheet they would emit).
const GLOBAL_CSS = new Set([
  './export-menu.css', './exercise-answers/exercise-answers.css', './print-handout.css', './pipeline-map.css', './weights-note.css', './language.css',
  './text-train.css', './training-heads.css', './class-report.css', './download-buttons.css', './parameters.css', './editor.css',
]);
const DROPPED = '\0attention-lab:no-global-css';

/** @returns {import('vite').Plugin} */
export function dropGlobalCss() {
  return {
    name: 'attention-lab:drop-global-css',
    enforce: 'pre',
    resolveId: (id) => (GLOBAL_CSS.has(id) ? DROPPED : undefined),
    load: (id) => (id === DROPPED ? 'export {};' : undefined),
    generateBundle(_, bundle) {
      const sheets = Object.keys(bundle).filter((file) => file.endsWith('.css'));
      if (sheets.length > 0) this.error(`a global style sheet would be emitted (${sheets.join(', ')}): add the CSS its module imports to scripts/vite/drop-global-css.js and web/src/component/styles.ts`);
    },
  };
}
