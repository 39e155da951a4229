// A layer importing the one above it (hosts-imports-nothing-above).
import { up as above } from '../widgets/up.js';

export const up = above;
