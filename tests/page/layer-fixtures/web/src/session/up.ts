// A layer importing the one above it (session-imports-nothing-above).
import { up as above } from '../embed/up.js';

export const up = above;
