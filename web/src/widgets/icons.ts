// Player icons as inline SVG: the media-control characters (⏮ ⏭ ⏸) are missing from many
// system fonts and render as empty boxes.
import { el } from './dom.js';
import { t } from '../i18n/messages.js';

const PATHS = {
  first: 'M3 3h2v10H3zM13 3v10L6 8z',
  previous: 'M12 3v10L5 8z',
  next: 'M4 3v10l7-5z',
  last: 'M11 3h2v10h-2zM3 3v10l7-5z',
  play: 'M4 2v12l10-6z',
  pause: 'M3 2h3.5v12H3zM9.5 2H13v12H9.5z',
  more: 'M2 6.5h3v3H2zM6.5 6.5h3v3h-3zM11 6.5h3v3h-3z',
};

export function icon(name: keyof typeof PATHS): SVGSVGElement {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 16 16');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  const path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  path.setAttribute('d', PATHS[name]);
  svg.append(path);
  return svg;
}

/** The play button's content: an icon and a word. */
export function playLabel(playing: boolean): DocumentFragment {
  const fragment = document.createDocumentFragment();
  // The word is dropped on a narrow screen (styles/narrow.css); the button's aria-label names it.
  fragment.append(icon(playing ? 'pause' : 'play'), el('span', { className: 'play-word' }, ` ${t(playing ? 'play-word-pause' : 'play-word-play')}`));
  return fragment;
}
