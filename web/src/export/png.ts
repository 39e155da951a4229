// A matrix or heatmap as a PNG: the same picture as the SVG (picture.ts), painted on an offscreen
// canvas at twice its size so text stays sharp when zoomed. Browser only.
import type { GridPanel } from './grid.js';
import { picture } from './picture.js';

/** Canvas pixels per picture pixel; a 1024×1024 heatmap stays within every browser's canvas limit. */
const SCALE = 2;

export function heatmapPng(panel: GridPanel): Promise<Blob> {
  const p = picture(panel);
  const canvas = document.createElement('canvas');
  canvas.width = p.width * SCALE;
  canvas.height = p.height * SCALE;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('This browser cannot draw on a canvas, so it cannot make a PNG.'));
  context.scale(SCALE, SCALE);
  context.fillStyle = '#fff';
  context.fillRect(0, 0, p.width, p.height);

  const { x, y, cellWidth: w, cellHeight: h, rows, cols } = p.grid;
  for (let i = 0; i < rows; i += 1) {
    for (let j = 0; j < cols; j += 1) {
      const left = x + j * w;
      const top = y + i * h;
      const colour = p.cellColour(i, j);
      if (p.isBlocked(i, j)) {
        context.save();
        context.beginPath();
        context.rect(left, top, w, h);
        context.clip();
        context.strokeStyle = '#8a8a8a';
        context.lineWidth = 1.5;
        for (let d = -h; d < w; d += 4) {
          context.moveTo(left + d, top + h);
          context.lineTo(left + d + h, top);
        }
        context.stroke();
        context.restore();
      } else if (colour) {
        context.fillStyle = colour.background;
        context.fillRect(left, top, w, h);
      } else {
        context.strokeStyle = '#bbb';
        context.strokeRect(left + 0.5, top + 0.5, w - 1, h - 1);
      }
    }
  }

  if (p.legend) {
    const { x: lx, y: ly, width, height, stops } = p.legend;
    const ramp = context.createLinearGradient(lx, 0, lx + width, 0);
    stops.forEach((c, k) => ramp.addColorStop(k / (stops.length - 1), c));
    context.fillStyle = ramp;
    context.fillRect(lx, ly, width, height);
  }

  context.textBaseline = 'alphabetic';
  for (const t of p.texts) {
    context.save();
    context.font = `${t.bold ? 'bold ' : ''}${t.size}px system-ui, -apple-system, 'Segoe UI', sans-serif`;
    context.fillStyle = t.fill;
    context.textAlign = t.anchor === 'middle' ? 'center' : t.anchor === 'end' ? 'right' : 'left';
    context.translate(t.x, t.y);
    if (t.vertical) context.rotate(-Math.PI / 2);
    context.fillText(t.text, 0, 0);
    context.restore();
  }

  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The browser could not encode the PNG.'))), 'image/png'));
}
