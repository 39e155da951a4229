// Draws on a canvas: the DOM-free layers may not import it.
export const png = 1;
