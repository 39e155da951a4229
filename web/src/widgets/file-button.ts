// A button that opens a file, in the page's words: the browser's own file input shows its
// words in the browser's language ("Choose File" beside a Spanish page) and its own look, so it
// is hidden and the button is the control a keyboard or screen reader uses.
import { el } from './dom.js';

export interface FileButtonOptions {
  /** The button's words. */
  label: string;
  /** What files the picker offers (the input's `accept`). */
  accept: string;
  /** Called with the file chosen; the picker is emptied first, so the same file can be chosen again. */
  onFile: (file: File) => void;
  /** A tooltip for the button. */
  title?: string;
  /** The button's class. */
  className?: string;
  /** The hidden input's id (tests hand it files). */
  inputId?: string;
}

/** The button and its hidden file input, to be placed together. */
export function fileButton({ label, accept, onFile, title, className, inputId }: FileButtonOptions): [HTMLButtonElement, HTMLInputElement] {
  const picker = el('input', { type: 'file', className: 'visually-hidden', id: inputId, tabIndex: -1 });
  picker.accept = accept;
  picker.setAttribute('aria-hidden', 'true');
  picker.addEventListener('change', () => {
    const file = picker.files?.[0];
    picker.value = '';
    if (file) onFile(file);
  });
  const button = el('button', { type: 'button', className, title }, label);
  button.addEventListener('click', () => picker.click());
  return [button, picker];
}
