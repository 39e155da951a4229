// The editor of one input number, in a table cell or laid over a canvas grid's cell (as a
// spreadsheet does): Enter (or leaving the field) offers the text, Escape puts the number back.
// A refused value keeps the field open, marked invalid, with the reason as its description.
import { el } from './dom.js';

export interface CellEditorOptions {
  /** Where the field goes: the table cell, or a layer over the grid (a grid holds only rows). */
  host: HTMLElement;
  /** What gets the focus back when the field closes: the cell, or the grid. */
  focusBack: HTMLElement;
  /** The number now in the cell, with every digit. */
  value: string;
  /** The field's accessible name, e.g. "Q, row 0, column 3". */
  label: string;
  className?: string;
  /** Offers the text; returns the reason it was refused, or nothing when it was taken. */
  commit: (text: string) => string | undefined;
  /** Shows a refusal beside the field (besides its title and aria-invalid). */
  showError?: (field: HTMLInputElement, message: string) => void;
  /** The field is gone (taken or cancelled) and the focus is back. */
  done: () => void;
}

export function openCellEditor({ host, focusBack, value, label, className, commit, showError, done }: CellEditorOptions): HTMLInputElement {
  const input = el('input', { type: 'text', value, ariaLabel: label, ...(className ? { className } : {}) });
  input.inputMode = 'decimal';
  host.append(input);
  input.focus({ preventScroll: true });
  input.select();

  let closed = false;
  const close = (offer: boolean) => {
    if (closed) return;
    closed = true;
    // Focus goes back first, so the accepted edit's update does not remove a focused element
    // (which would force style and layout inside the update). Asked of the input's root: in the
    // web component's shadow root, document.activeElement is the host.
    const hadFocus = (input.getRootNode() as Document | ShadowRoot).activeElement === input;
    if (hadFocus) focusBack.focus({ preventScroll: true });
    const refused = offer && input.value !== value ? commit(input.value) : undefined;
    if (refused) {
      closed = false;
      input.setAttribute('aria-invalid', 'true');
      input.title = refused;
      showError?.(input, refused);
      if (hadFocus) input.focus({ preventScroll: true });
      return;
    }
    input.remove();
    done();
  };
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' || event.key === 'Escape') {
      event.preventDefault();
      close(event.key === 'Enter');
    }
    event.stopPropagation(); // arrows and Home/End move the text cursor, not the matrix's
  });
  input.addEventListener('blur', () => close(true));
  return input;
}
