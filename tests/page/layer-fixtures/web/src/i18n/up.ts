// A layer importing the one above it (i18n-imports-nothing-above).
import { up as above } from '../model/up.js';

export const up = above;
