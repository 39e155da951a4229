// A widget calling the engine (widgets-never-call-the-engine).
import { up as engine } from '../../lib/index.js';

export const widget = engine;
