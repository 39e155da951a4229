// The page in ar-XB (right to left), every walkthrough's first step and the training lesson (locale-pages.mjs).
import { describePagesIn } from './locale-pages.mjs';

describePagesIn('ar-XB', 'rtl');
