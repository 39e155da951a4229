// The component's styles: the page's own CSS inside each shadow root, so nothing of ours reaches
// the host page and the host page's rules cannot select ours. Constructed style sheets, made
// once and shared by every <attention-lab> on the page; unlike a <style> element they need no
// 'unsafe-inline' under a host page's Content-Security-Policy. Formulas are MathML, laid out by
// the browser: no font files, so nothing is added to the host document either.
import componentCss from './component.css?inline';
import pageCss from '../styles/index.css?inline';
import exportMenuCss from '../widgets/export-menu.css?inline';
import exerciseCss from '../widgets/exercise-answers/exercise-answers.css?inline';
import printHandoutCss from '../views/print-handout.css?inline';
import pipelineMapCss from '../views/pipeline-map.css?inline';
import weightsNoteCss from '../views/weights-note.css?inline';
import languageCss from '../views/language.css?inline';
import textTrainCss from '../views/text-train.css?inline';
import trainingHeadsCss from '../views/training-heads.css?inline';
import classReportCss from '../widgets/class-report.css?inline';
import downloadButtonsCss from '../widgets/download-buttons.css?inline';
import parametersCss from '../widgets/parameters.css?inline';
import editorCss from '../views/editor.css?inline';

let sheet: CSSStyleSheet | undefined;

/**
 * What every shadow root adopts: the component's resets and every rule of the page, including
 * those its modules import for themselves (scripts/vite/drop-global-css.js drops those imports
 * from the builds whose styles live here).
 */
export function componentSheet(): CSSStyleSheet {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync([componentCss, pageCss, exportMenuCss, exerciseCss, printHandoutCss, pipelineMapCss, weightsNoteCss, languageCss,
      textTrainCss, trainingHeadsCss, classReportCss, downloadButtonsCss, parametersCss, editorCss].join('\n'));
  }
  return sheet;
}
