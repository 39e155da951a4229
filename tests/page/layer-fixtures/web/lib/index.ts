// A layer importing the one above it (facade-imports-nothing-above).
import { up as above } from '../src/i18n/up.js';

export const up = above;
