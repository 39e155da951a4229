import { first } from './first.js';

export const second = typeof first;
