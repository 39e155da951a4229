// A layer importing the one above it (browser-imports-nothing-above).
import { up as above } from '../views/up.js';

export const up = above;
