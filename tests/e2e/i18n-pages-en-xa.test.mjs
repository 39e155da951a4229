// The page in en-XA (every word stretched), every walkthrough's first step and the training lesson (locale-pages.mjs).
import { describePagesIn } from './locale-pages.mjs';

describePagesIn('en-XA', 'ltr');
