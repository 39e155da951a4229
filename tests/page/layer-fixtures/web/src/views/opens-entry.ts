// A view importing an entry (views-below-entries).
import { entry } from '../page.js';

export const view = entry;
