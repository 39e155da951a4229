export const entry = 1;
