// A layer importing the one above it (start-imports-nothing-above).
import { up as above } from './entries/up.js';

export const up = above;
