// A layer importing the one above it (exercises-imports-nothing-above).
import { up as above } from '../state/up.js';

export const up = above;
