// A cycle with second.ts (no-cycles), and the DOM-free core importing a widget (core-without-dom).
import { second } from './second.js';
import { widget } from '../widgets/calls-engine.js';

export const first = () => second + widget;
