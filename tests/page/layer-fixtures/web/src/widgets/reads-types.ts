// Allowed: a widget may name the engine's and the session's types.
import type { up as engine } from '../../lib/index.js';
import type { up as session } from '../session/up.js';

export const typed: [typeof engine, typeof session] = [1, 1];
