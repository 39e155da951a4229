// What every panel widget gives the app: its element, and optionally a way to show new numbers
// in the same elements. An edit that keeps the step and the shapes then changes text and colours
// only, keeping nodes, listeners and the learner's focus, instead of rebuilding thousands of
// cells.
import type { Panel } from '../model/types.js';

/** Cells related to an explained number: a row, a column, one cell, or (both undefined) all. */
export interface RelatedCells {
  row?: number;
  col?: number;
}

export interface PanelView {
  element: HTMLElement;
  /** Shows the panel's new numbers in place; false when it changed shape and must be rebuilt. */
  update?(panel: Panel): boolean;
  /** Outlines the given cells (replacing earlier marks; [] clears them). */
  markRelated?(cells: RelatedCells[]): void;
}
