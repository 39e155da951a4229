// Saves a file the page made (an export, a trained model's weights) through a temporary link.
import { el } from './dom.js';

export function download(content: Blob, filename: string): void {
  const url = URL.createObjectURL(content);
  const link = el('a', { href: url, hidden: true });
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns; a minute is long enough for any.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
