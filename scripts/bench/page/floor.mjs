// The rendering floor of an edit scenario: the same changes to the page an edit makes (its DOM
// mutations and the pixels of the canvases it redraws), put back and forth with no engine and
// no page code, timed exactly as in-page.mjs runEdits times a real edit. What remains is what
// the browser alone takes to show that edit (style, layout, paint, commit) on this machine: no
// change to the page's JavaScript can make an edit cheaper than its floor. The timing is
// runEdits's own, with `floor: true`.
//
// Like in-page.mjs, each exported function runs inside the page (page.evaluate), so each is
// self-contained. They keep their state on window.__floor between calls.

/** Starts recording: the canvases' pixels now, and every DOM mutation from here on. */
export function floorStart() {
  // Copies drawn with drawImage, not read back with getImageData: a readback would make
  // Chromium warn, and may change how it keeps the canvas from then on.
  const copy = (canvas) => {
    const out = document.createElement('canvas');
    out.width = canvas.width;
    out.height = canvas.height;
    out.getContext('2d').drawImage(canvas, 0, 0);
    return out;
  };
  const canvases = [...document.querySelectorAll('#panels canvas')].map((canvas) => ({ canvas, before: copy(canvas) }));
  // The canvases the edit draws on (the page draws a grid with putImageData, and only when it changed).
  const drawn = new Set();
  const put = CanvasRenderingContext2D.prototype.putImageData;
  CanvasRenderingContext2D.prototype.putImageData = function (...args) {
    drawn.add(this.canvas);
    return put.apply(this, args);
  };
  const records = [];
  const observer = new MutationObserver((list) => records.push(...list));
  observer.observe(document, { childList: true, subtree: true, characterData: true, characterDataOldValue: true, attributes: true, attributeOldValue: true });
  /** @type {any} */ (window).__floor = { canvases, drawn, put, copy, records, observer };
}

/**
 * Stops recording (one real edit has been made since floorStart) and turns what was recorded
 * into two states, before (A) and after (B): each changed text's data, attribute's value,
 * element's list of children and canvas's pixels. Returns how many of each changed.
 */
export function floorStop() {
  const floor = /** @type {any} */ (window).__floor;
  floor.records.push(...floor.observer.takeRecords());
  floor.observer.disconnect();
  CanvasRenderingContext2D.prototype.putImageData = floor.put;
  const texts = new Map();
  const attributes = new Map();
  const children = new Map();
  for (const r of floor.records) {
    if (r.type === 'characterData' && !texts.has(r.target)) texts.set(r.target, r.oldValue);
    if (r.type === 'attributes') {
      const key = r.target;
      if (!attributes.has(key)) attributes.set(key, new Map());
      if (!attributes.get(key).has(r.attributeName)) attributes.get(key).set(r.attributeName, r.oldValue);
    }
  }
  // Each element's children before the edit: its children now with the records undone, newest first.
  const childrenNow = (target) => {
    if (!children.has(target)) children.set(target, [...target.childNodes]);
    return children.get(target);
  };
  for (const r of [...floor.records].reverse()) {
    if (r.type !== 'childList') continue;
    const list = childrenNow(r.target);
    for (const node of r.addedNodes) {
      const at = list.indexOf(node);
      if (at >= 0) list.splice(at, 1);
    }
    let at = r.previousSibling ? list.indexOf(r.previousSibling) + 1 : 0;
    for (const node of r.removedNodes) list.splice(at++, 0, node);
  }
  const state = (which) => ({
    texts: [...texts].map(([node, old]) => [node, which === 'A' ? old : node.data]),
    attributes: [...attributes].flatMap(([element, names]) => [...names].map(([name, old]) => [element, name, which === 'A' ? old : element.getAttribute(name)])),
    children: [...children].map(([element, before]) => [element, which === 'A' ? before : [...element.childNodes]]),
    canvases: floor.canvases.filter(({ canvas }) => floor.drawn.has(canvas)).map(({ canvas, before }) => [canvas, which === 'A' ? before : floor.copy(canvas)]),
  });
  const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
  const A = state('A');
  const B = state('B');
  // Keep only what differs between the two states (an element whose children came back as they were, say).
  const keep = (key, differs) => {
    const pairs = A[key].map((a, i) => [a, B[key][i]]).filter(([a, b]) => differs(a, b));
    A[key] = pairs.map(([a]) => a);
    B[key] = pairs.map(([, b]) => b);
  };
  keep('texts', (a, b) => a[1] !== b[1]);
  keep('attributes', (a, b) => a[2] !== b[2]);
  keep('children', (a, b) => !same(a[1], b[1]));
  floor.states = { A, B };
  /** Puts a state on the page: only what the edit changed, nothing else. */
  floor.apply = ({ texts, attributes, children, canvases }) => {
    for (const [node, data] of texts) node.data = data;
    for (const [element, name, value] of attributes) {
      if (value === null) element.removeAttribute(name);
      else element.setAttribute(name, value);
    }
    for (const [element, nodes] of children) element.replaceChildren(...nodes);
    for (const [canvas, image] of canvases) {
      // As putImageData does: every pixel replaced, transparent ones included.
      const context = canvas.getContext('2d');
      context.globalCompositeOperation = 'copy';
      context.drawImage(image, 0, 0);
      context.globalCompositeOperation = 'source-over';
    }
  };
  return { texts: A.texts.length, attributes: A.attributes.length, elements: A.children.length, canvases: A.canvases.length };
}
