// A layer importing the one above it (views-imports-nothing-above).
import { up as above } from '../app.js';

export const up = above;
