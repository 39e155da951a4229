// Allowed: a widget may name the engine's types.
import type { engine } from '../../lib/index.js';

export const typed: typeof engine = 1;
