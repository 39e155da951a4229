// Markup written as a string rather than built as elements: an exported SVG, an offline file's
// title, a SCORM manifest, an embed snippet. DOM-free, so the exports and the offline packages
// escape the same way as the widgets.

/**
 * Text escaped for markup written as a string (an exported SVG, an embed snippet): safe in
 * element content and in quoted attribute values of HTML and XML. Control characters XML 1.0
 * forbids become U+FFFD.
 */
export function escapeMarkup(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '\ufffd')
    .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}
