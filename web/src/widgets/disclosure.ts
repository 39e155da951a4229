// A button that shows and hides a panel, as a disclosure does: aria-expanded and aria-controls
// on the button; Escape closes it and gives the focus back to the button; focus (or a click)
// anywhere else closes it. The folded lesson menu and the player's "More" controls share it.

export interface Disclosure {
  isOpen(): boolean;
  set(open: boolean): void;
}

/**
 * @param button what the learner presses; the caller wires its click to `set(!isOpen())`
 * @param panel what it shows (it needs an id)
 * @param show draws the panel open or closed (a class on it or on its parent)
 * @param onOpen e.g. move the focus into the panel
 */
export function disclosure(button: HTMLButtonElement, panel: HTMLElement, show: (open: boolean) => void, onOpen?: () => void): Disclosure {
  let open = false;
  button.setAttribute('aria-expanded', 'false');
  button.setAttribute('aria-controls', panel.id);
  const set = (next: boolean) => {
    open = next;
    button.setAttribute('aria-expanded', String(open));
    show(open);
    if (open) onOpen?.();
  };
  for (const part of [button, panel]) {
    part.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape' || !open) return;
      set(false);
      button.focus();
    });
    part.addEventListener('focusout', (event) => {
      const next = event.relatedTarget as Node | null;
      if (open && (!next || !(button.contains(next) || panel.contains(next)))) set(false);
    });
  }
  return { isOpen: () => open, set };
}
