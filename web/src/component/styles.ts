// The component's styles: the page's own CSS (styles.css and KaTeX's) inside each shadow root,
// so nothing of ours reaches the host page and the host page's rules cannot select ours.
// Constructed style sheets, made once and shared by every <attention-lab> on the page; unlike a
// <style> element they need no 'unsafe-inline' under a host page's Content-Security-Policy.
import katexCss from 'katex/dist/katex.min.css?inline';
import componentCss from './component.css?inline';
import pageCss from '../styles.css?inline';
import exportMenuCss from '../widgets/export-menu.css?inline';

interface Sheets {
  /** What every shadow root adopts: KaTeX's rules, the component's resets, the page's rules (export menu included). */
  shadow: CSSStyleSheet;
  /** KaTeX's @font-face rules, for the document. */
  fonts: CSSStyleSheet;
}

let sheets: Sheets | undefined;
let fontsAdded = false;

function makeSheets(): Sheets {
  // Browsers ignore @font-face inside a shadow root: KaTeX's are taken out for the document.
  const fontFaces: string[] = [];
  const katexRules = katexCss.replace(/@font-face\s*{[^}]*}/g, (rule) => {
    fontFaces.push(rule);
    return '';
  });
  const shadow = new CSSStyleSheet();
  shadow.replaceSync([katexRules, componentCss, pageCss, exportMenuCss].join('\n'));
  const fonts = new CSSStyleSheet();
  fonts.replaceSync(fontFaces.join('\n'));
  return { shadow, fonts };
}

export function componentSheet(): CSSStyleSheet {
  sheets ??= makeSheets();
  return sheets.shadow;
}

/**
 * Declares the formulas' fonts (the KaTeX_* families) in the document, once. A font declared in a
 * shadow root is not used, so this is the one thing the component adds outside it: font
 * declarations only, no rule that styles any element of the host page.
 */
export function addFontsToDocument(document: Document): void {
  if (fontsAdded) return;
  fontsAdded = true;
  sheets ??= makeSheets();
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheets.fonts];
}
