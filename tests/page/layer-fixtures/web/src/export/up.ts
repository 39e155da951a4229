// A layer importing the one above it (export-imports-nothing-above).
import { up as above } from '../kinds/up.js';

export const up = above;
