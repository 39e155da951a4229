/*
 * Attention Lab host script: put it on a course page next to one or more
 *   <iframe src=".../?embed=1&w=…" data-attention-lab></iframe>
 * and each frame is kept as tall as its content. It also re-announces the frames' progress as
 * DOM events on the iframe element: "attention-lab:ready", "attention-lab:resize",
 * "attention-lab:step" and "attention-lab:completed" (event.detail is the message).
 * Works whichever loads first: frames that were ready before this script ran are greeted
 * with "hello" and answer with their state. Plain script, no dependencies, no globals.
 * The protocol is documented in docs/embedding.md.
 */
(function () {
  'use strict';
  var SELECTOR = 'iframe[data-attention-lab]';

  function frames() {
    return Array.prototype.slice.call(document.querySelectorAll(SELECTOR));
  }

  /** The frame's expected origin: data-attention-lab="https://…", or any origin when empty. */
  function originAllowed(frame, origin) {
    var expected = frame.getAttribute('data-attention-lab');
    return !expected || expected === origin;
  }

  function hello(frame) {
    if (frame.contentWindow) frame.contentWindow.postMessage({ source: 'attention-lab-host', type: 'hello' }, '*');
  }

  window.addEventListener('message', function (event) {
    var data = event.data;
    if (!data || data.source !== 'attention-lab' || typeof data.type !== 'string') return;
    frames().forEach(function (frame) {
      if (frame.contentWindow !== event.source || !originAllowed(frame, event.origin)) return;
      if ((data.type === 'ready' || data.type === 'resize') && typeof data.height === 'number' && data.height > 0) {
        frame.style.height = Math.ceil(data.height) + 'px';
      }
      frame.dispatchEvent(new CustomEvent('attention-lab:' + data.type, { detail: data, bubbles: true }));
    });
  });

  var greeted = typeof WeakSet === 'function' ? new WeakSet() : null;
  function greet(frame) {
    if (greeted) {
      if (greeted.has(frame)) return;
      greeted.add(frame);
    }
    frame.addEventListener('load', function () { hello(frame); });
    hello(frame);
  }

  function greetAll() {
    frames().forEach(greet);
  }
  greetAll();
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', greetAll);
  // Frames added later (single-page course sites).
  new MutationObserver(greetAll).observe(document.documentElement, { childList: true, subtree: true });
})();
