// A layer importing the one above it (app-imports-nothing-above).
import { up as above } from './start-page.js';

export const up = above;
