// A layer importing the one above it (widgets-imports-nothing-above).
import { up as above } from '../browser/up.js';

export const up = above;
