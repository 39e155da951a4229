// A layer importing the one above it (state-imports-nothing-above).
import { up as above } from '../session/up.js';

export const up = above;
