// A layer importing the one above it (kinds-imports-nothing-above).
import { up as above } from '../exercises/up.js';

export const up = above;
