// A layer importing the one above it (model-imports-nothing-above).
import { up as above } from '../export/up.js';

export const up = above;
