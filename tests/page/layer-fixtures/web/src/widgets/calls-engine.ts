// A widget calling the engine (widgets-never-call-the-engine) and importing a view (widgets-below-views).
import { engine } from '../../lib/index.js';
import { view } from '../views/opens-entry.js';

export const widget = engine + view;
