// The top layer: nothing is above it.
export const up = 1;
