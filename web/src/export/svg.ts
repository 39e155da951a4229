// A matrix or heatmap as a standalone SVG file: one rect per cell in the page's colours, the
// caption as its <title>, labels when there are at most 40 rows or columns, the numbers in the
// cells when the page shows them in a table, and the legend. Labels and captions are untrusted
// text (tokens, an instructor's walkthrough), so every piece of text is escaped.
import type { GridPanel } from './grid.js';
import { picture, type PictureText } from './picture.js';
import { escapeMarkup } from '../model/escape-markup.js';

/**
 * Larger grids are offered as PNG only: every cell is an element, and a 1024×1024 encoding would
 * be a 100 MB file that no viewer opens comfortably.
 */
export const SVG_MAX_CELLS = 256 * 256;

export const svgFits = (panel: GridPanel) => panel.data.length * (panel.data[0]?.length ?? 0) <= SVG_MAX_CELLS;

/** Coordinates to at most two decimals, without trailing zeros. */
const at = (x: number) => String(Math.round(x * 100) / 100);

function textElement(t: PictureText): string {
  const attributes = [
    `x="${at(t.x)}"`, `y="${at(t.y)}"`, `font-size="${t.size}"`, `text-anchor="${t.anchor}"`, `fill="${t.fill}"`,
    ...(t.bold ? ['font-weight="bold"'] : []),
    ...(t.vertical ? [`transform="rotate(-90 ${at(t.x)} ${at(t.y)})"`] : []),
  ];
  return `<text ${attributes.join(' ')}>${escapeMarkup(t.text)}</text>`;
}

export function heatmapSvg(panel: GridPanel): string {
  if (!svgFits(panel)) {
    throw new RangeError(`${panel.name}: expected at most ${SVG_MAX_CELLS} cells for an SVG, got ${panel.data.length}×${panel.data[0].length}; export it as PNG`);
  }
  const p = picture(panel);
  const { x, y, cellWidth: w, cellHeight: h } = p.grid;
  const cells: string[] = [];
  for (let i = 0; i < p.grid.rows; i += 1) {
    for (let j = 0; j < p.grid.cols; j += 1) {
      const colour = p.cellColour(i, j);
      const fill = p.isBlocked(i, j) ? 'url(#blocked)' : colour?.background ?? '#fff';
      const stroke = colour ? '' : ' stroke="#bbb"';
      cells.push(`<rect class="cell" x="${at(x + j * w)}" y="${at(y + i * h)}" width="${w}" height="${h}" fill="${fill}"${stroke}/>`);
    }
  }
  const legend = p.legend
    ? [
      '<linearGradient id="legend-ramp">',
      ...p.legend.stops.map((c, k) => `<stop offset="${k * 10}%" stop-color="${c}"/>`),
      '</linearGradient>',
    ]
    : [];
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${p.width}" height="${p.height}" viewBox="0 0 ${p.width} ${p.height}" font-family="system-ui, -apple-system, 'Segoe UI', sans-serif" role="img" aria-labelledby="title description">`,
    `<title id="title">${escapeMarkup(p.title)}</title>`,
    `<desc id="description">${escapeMarkup(p.description)} Exported from Attention Lab; the numbers are the engine's.</desc>`,
    '<defs>',
    // The page's hatching of blocked cells: grey diagonal stripes.
    '<pattern id="blocked" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="6" height="6" fill="#fff"/><rect width="2" height="6" fill="#8a8a8a"/></pattern>',
    ...legend,
    '</defs>',
    `<rect class="background" width="${p.width}" height="${p.height}" fill="#fff"/>`,
    '<g class="cells" shape-rendering="crispEdges">',
    ...cells,
    '</g>',
    ...(p.legend ? [`<rect class="legend" x="${at(p.legend.x)}" y="${at(p.legend.y)}" width="${p.legend.width}" height="${p.legend.height}" fill="url(#legend-ramp)"/>`] : []),
    ...p.texts.map(textElement),
    '</svg>',
    '',
  ].join('\n');
}
