// One colour language for the whole page: attention weights on a sequential 0–1 scale, signed
// values (scores, outputs) on a diverging scale centred on 0. Both are colour-blind safe
// (ColorBrewer Blues and PuOr, by Cynthia Brewer, colorbrewer2.org, Apache-2.0).
import type { ColourScale } from './types.js';

export interface CellColour {
  background: string;
  /** Black or white, whichever reads better on the background. */
  text: string;
  /** The background's red, green and blue, 0 … 255, for drawing into canvas pixels. */
  rgb: readonly [number, number, number];
}

/**
 * A uniform cubic B-spline through `values` at t = 0 … 1, the ends extended linearly: what
 * d3-interpolate's interpolateBasis computes. Written out here because the charts' d3-scale
 * shares d3-interpolate's one module with this file, and the bundler then put all of it, with
 * d3-color's parser of every CSS colour name, on the landing page (5.6 KB gzip) for this.
 */
function basis(values: number[]): (t: number) => number {
  const n = values.length - 1;
  return (t) => {
    const i = t <= 0 ? 0 : t >= 1 ? n - 1 : Math.floor(t * n);
    const u = Math.min(1, Math.max(0, t)) * n - i;
    const v1 = values[i], v2 = values[i + 1];
    const v0 = i > 0 ? values[i - 1] : 2 * v1 - v2;
    const v3 = i < n - 1 ? values[i + 2] : 2 * v2 - v1;
    const u2 = u * u, u3 = u2 * u;
    return ((1 - 3 * u + 3 * u2 - u3) * v0 + (4 - 6 * u2 + 3 * u3) * v1 + (1 + 3 * u + 3 * u2 - 3 * u3) * v2 + u3 * v3) / 6;
  };
}

/** d3-interpolate's interpolateRgbBasis for colours written #rrggbb: each channel's spline, rounded and clamped as d3-color writes rgb(). */
function rgbBasis(colours: string[]): (t: number) => string {
  const [r, g, b] = [1, 3, 5].map((at) => basis(colours.map((hex) => parseInt(hex.slice(at, at + 2), 16))));
  const channel = (value: number) => Math.max(0, Math.min(255, Math.round(value) || 0));
  return (t) => `rgb(${channel(r(t))}, ${channel(g(t))}, ${channel(b(t))})`;
}

// d3-scale-chromatic's interpolateBlues and interpolatePuOr are exactly these: a B-spline through
// ColorBrewer's largest scheme (its 9 blues, its 11 purple-to-orange). Its bundle cannot be
// tree-shaken (every scheme is built when it loads): importing it put 7 KB gzip of colours this
// page never uses on the landing page. tests/page/colour-ramps.test.mjs checks they agree.
export const interpolateBlues = rgbBasis(['#f7fbff', '#deebf7', '#c6dbef', '#9ecae1', '#6baed6', '#4292c6', '#2171b5', '#08519c', '#08306b']);
export const interpolatePuOr = rgbBasis(['#2d004b', '#542788', '#8073ac', '#b2abd2', '#d8daeb', '#f7f7f7', '#fee0b6', '#fdb863', '#e08214', '#b35806', '#7f3b08']);

/** Sequential weights ramp, stopping short of the darkest blue so 1.0 still shows structure. */
const weightsRamp = (t: number) => interpolateBlues(0.05 + 0.85 * t);
/** Diverging ramp: PuOr reversed, so negative values are orange and positive ones purple. */
const divergingRamp = (t: number) => interpolatePuOr(1 - t);

/** The largest finite magnitude in a matrix; the diverging scale is symmetric about 0. */
function extent(data: number[][]): number {
  let largest = 0;
  for (const row of data) for (const x of row) if (Number.isFinite(x)) largest = Math.max(largest, Math.abs(x));
  return largest || 1;
}

/** Red, green and blue (0 … 255) of a colour given as "rgb(r, g, b)". */
function channels(css: string): [number, number, number] | undefined {
  const match = css.match(/\d+(\.\d+)?/g);
  return match && match.length >= 3 ? [Number(match[0]), Number(match[1]), Number(match[2])] : undefined;
}

/** WCAG relative luminance of an sRGB colour given as "rgb(r, g, b)". */
function luminance(css: string): number | undefined {
  const rgb = channels(css);
  if (!rgb) return undefined;
  const [r, g, b] = rgb.map((c) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * Black or white text, whichever contrasts more with the background. One of the two always
 * reaches at least 4.58:1, so every coloured cell meets WCAG AA.
 */
function contrastText(css: string): string {
  const l = luminance(css);
  if (l === undefined) return 'inherit';
  const withBlack = (l + 0.05) / 0.05;
  const withWhite = 1.05 / (l + 0.05);
  return withBlack >= withWhite ? '#000' : '#fff';
}

/** The values that set a matrix's colour range: all, or only the cells a mask lets through. */
export function colouredValues(data: number[][], mask?: number[][]): number[][] {
  return mask ? data.map((row, i) => row.filter((_, j) => mask[i]?.[j] !== 0)) : data;
}

/**
 * A ramp sampled at 256 levels, each with its text colour: one table lookup per cell instead of
 * an interpolation and a luminance per cell (thousands of cells are recoloured on an edit). A
 * level is worked out the first time a cell needs it: the landing page's few cells need a few
 * levels, not 512 (~10 ms of its first step).
 */
function sampled(ramp: (t: number) => string): (level: number) => CellColour {
  const levels: CellColour[] = [];
  return (i) => {
    const known = levels[i];
    if (known) return known;
    const background = ramp(i / 255);
    return (levels[i] = { background, text: contrastText(background), rgb: channels(background) ?? [0, 0, 0] });
  };
}

const tables: Partial<Record<Exclude<ColourScale, 'none'>, (level: number) => CellColour>> = {};
const tableFor = (kind: Exclude<ColourScale, 'none'>) =>
  (tables[kind] ??= sampled(kind === 'weights' ? weightsRamp : divergingRamp));

/** Position 0 … 1 on the ramp as one of its 256 levels. */
const level = (t: number) => Math.round(Math.min(1, Math.max(0, t)) * 255);

/** A function from a value to its cell colour, for one matrix. */
export function colourScale(kind: ColourScale, data: number[][]): ((x: number) => CellColour | undefined) {
  if (kind === 'none') return () => undefined;
  const table = tableFor(kind);
  if (kind === 'weights') return (x) => (Number.isFinite(x) ? table(level(x)) : undefined);
  // Diverging: symmetric about 0, so −largest … largest maps linearly onto 0 … 1.
  const largest = extent(data);
  return (x) => (Number.isFinite(x) ? table(level((x / largest + 1) / 2)) : undefined);
}

/** Each scale's legend gradient, made once (legends are shown again on every edit). */
const gradients: Partial<Record<Exclude<ColourScale, 'none'>, string>> = {};
const gradientFor = (kind: Exclude<ColourScale, 'none'>) => (gradients[kind] ??=
  `linear-gradient(to right, ${Array.from({ length: 11 }, (_, i) => (kind === 'weights' ? weightsRamp : divergingRamp)(i / 10)).join(', ')})`);

/** The legend for a scale: a gradient and its end labels. */
export function legendFor(kind: ColourScale, data: number[][]): { gradient: string; low: number; high: number } | undefined {
  if (kind === 'none') return undefined;
  if (kind === 'weights') return { gradient: gradientFor(kind), low: 0, high: 1 };
  const largest = extent(data);
  return { gradient: gradientFor(kind), low: -largest, high: largest };
}
