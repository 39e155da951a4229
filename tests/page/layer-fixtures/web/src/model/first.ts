// A cycle with second.ts (no-cycles).
import { second } from './second.js';

export const first = () => second;
