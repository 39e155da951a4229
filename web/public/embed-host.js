/*
 * Attention Lab host script: put it on a course page next to one or more
 *   <iframe src=".../?embed=1&w=…" data-attention-lab></iframe>
 * and each frame is kept as tall as its content. It also re-announces the frames' progress as
 * DOM events on the iframe element (they bubble, so one listener on the document hears every
 * frame): "attention-lab:ready", "attention-lab:resize", "attention-lab:step",
 * "attention-lab:completed", "attention-lab:answered", "attention-lab:score" and "attention-lab:error";
 * event.detail is the message.
 * Works whichever loads first: frames that were ready before this script ran, and frames added
 * later, are greeted with "hello" and answer with their state.
 * data-attention-lab="https://lab.example.org" accepts that frame's messages only from that
 * origin; an empty data-attention-lab accepts any origin, which is safe for sizing since the
 * messages carry nothing private. "hello" carries nothing either, so it goes to any origin (a
 * frame not loaded yet is still about:blank, of this page's origin).
 * Plain script, no dependencies; loading it twice (one snippet per frame) is harmless.
 * The protocol is documented in docs/embedding.md.
 */
(function () {
  'use strict';
  var INSTALLED = Symbol.for('attention-lab-host');
  if (window[INSTALLED]) return;
  window[INSTALLED] = true;

  var SELECTOR = 'iframe[data-attention-lab]';

  /** The origin this frame's messages must come from, or '*' for any (an empty attribute, or one that names no origin). */
  function expectedOrigin(frame) {
    var value = frame.getAttribute('data-attention-lab') || '';
    if (value.indexOf('://') < 0) return '*';
    try {
      return new URL(value).origin;
    } catch (error) {
      return 'invalid: ' + value; // matches no origin: a mistyped check refuses rather than lets through
    }
  }

  function hello(frame) {
    if (frame.contentWindow) frame.contentWindow.postMessage({ source: 'attention-lab-host', type: 'hello' }, '*');
  }

  /** Sets the frame so its content box is `height` tall, whatever the course page's CSS for iframes. */
  function setHeight(frame, height) {
    var style = getComputedStyle(frame);
    var extra = style.boxSizing === 'border-box'
      ? ['borderTopWidth', 'borderBottomWidth', 'paddingTop', 'paddingBottom'].reduce(function (sum, key) { return sum + (parseFloat(style[key]) || 0); }, 0)
      : 0;
    frame.style.height = Math.ceil(height + extra) + 'px';
  }

  function frameOf(source) {
    var frames = document.querySelectorAll(SELECTOR);
    for (var i = 0; i < frames.length; i++) if (frames[i].contentWindow === source) return frames[i];
    return null;
  }

  window.addEventListener('message', function (event) {
    var data = event.data;
    if (!data || data.source !== 'attention-lab' || typeof data.type !== 'string') return;
    var frame = frameOf(event.source);
    if (!frame) return;
    var origin = expectedOrigin(frame);
    if (origin !== '*' && origin !== event.origin) return;
    if ((data.type === 'ready' || data.type === 'resize' || data.type === 'error') && typeof data.height === 'number' && data.height > 0) {
      setHeight(frame, data.height);
    }
    frame.dispatchEvent(new CustomEvent('attention-lab:' + data.type, { detail: data, bubbles: true }));
  });

  var greeted = new WeakSet();
  function greetAll() {
    var frames = document.querySelectorAll(SELECTOR);
    for (var i = 0; i < frames.length; i++) {
      var frame = frames[i];
      if (greeted.has(frame)) continue;
      greeted.add(frame);
      // A frame that loads (or reloads) after this says hello once it is up; one that is up already answers now.
      frame.addEventListener('load', hello.bind(null, frame));
      hello(frame);
    }
  }
  greetAll();
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', greetAll);
  // Frames added later (single-page course sites), or marked later with data-attention-lab.
  new MutationObserver(greetAll).observe(document.documentElement, {
    childList: true, subtree: true, attributes: true, attributeFilter: ['data-attention-lab'],
  });
})();
