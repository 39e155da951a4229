// The page in es, every walkthrough's first step and the training lesson (locale-pages.mjs).
import { describePagesIn } from './locale-pages.mjs';

describePagesIn('es', 'ltr');
