// The DOM-free session importing the export that draws on a canvas (core-without-dom).
import { png } from '../export/png.js';

export const draws = png;
