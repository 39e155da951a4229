// What the page benchmark adds to every page it opens, through page.addInitScript (so it runs
// before the page's own scripts). Nothing in web/src is changed; the page's code is wrapped
// from the outside:
//
// - first step: a MutationObserver notes performance.now() (time origin = navigation start)
//   when #step-title is non-empty and #panels holds a panel, then the next animation frame and
//   the first task after that frame (≈ the frame with the step has been painted); the same for
//   the landing step's copy that the build writes into index.html (scripts/vite/prerender-
//   landing.js), which shows before any script has run ("copy painted"), unless the link
//   carries its own state (html.linked) and the copy is hidden;
// - engine ready: Object.freeze is wrapped so that the frozen API object the façade returns
//   (web/lib/index.js loadAttentionLab: Object.freeze({ attention, …, maxDimension, memory }))
//   is noticed (time = engine loaded, compiled and instantiated) and each of its operations
//   timed ("lab": the façade's checks and nested-array conversions plus the Embind call);
// - Embind calls: setters on Object.prototype for the operation names catch Embind's
//   `Module[name] = fn` and time each call of the raw binding ("core": Embind marshalling of
//   the request and result objects and the C++ computation in wasm).
//
// Timings accumulate in window.__bench.acc, which the benchmark resets before each edit.

/** The init script itself: self-contained, serialised by Playwright. */
export function instrumentPage() {
  const OPERATIONS = [
    'softmax', 'attention', 'multiHeadAttention', 'positionalEncoding', 'layerNorm', 'feedForward',
    'encoderLayer', 'attentionEntropy', 'randomMatrix', 'embedTokens', 'addPositionalEncoding',
    'positionSimilarity', 'scalingExperiment', 'softmaxJacobian', 'explainAttention', 'permutationTest',
  ];
  const now = () => performance.now();
  const bench = {
    firstStep: null,
    firstStepFrame: null,
    firstStepPainted: null,
    copyStep: null,
    copyPainted: null,
    engineReady: null,
    labHooked: false,
    coreHooked: 0,
    acc: { lab: 0, core: 0, labCalls: 0, coreCalls: 0, byName: {} },
    reset() {
      this.acc = { lab: 0, core: 0, labCalls: 0, coreCalls: 0, byName: {} };
    },
  };
  Object.defineProperty(window, '__bench', { value: bench, enumerable: false });

  // Times fn; nested calls of the same layer are not counted twice.
  const depth = { lab: 0, core: 0 };
  const timed = (layer, name, fn) => {
    const wrapped = function (...args) {
      if (depth[layer] > 0) return fn.apply(this, args);
      depth[layer] += 1;
      const start = now();
      try {
        return fn.apply(this, args);
      } finally {
        const ms = now() - start;
        depth[layer] -= 1;
        bench.acc[layer] += ms;
        bench.acc[`${layer}Calls`] += 1;
        const key = `${layer}:${name}`;
        bench.acc.byName[key] = (bench.acc.byName[key] ?? 0) + ms;
      }
    };
    // Embind later sets argCount / numArguments / overloadTable on the function it exposed.
    return new Proxy(wrapped, {
      set: (target, prop, value) => Reflect.set(fn, prop, value) && Reflect.set(target, prop, value),
    });
  };

  // The façade's API object.
  const freeze = Object.freeze;
  Object.freeze = function (object) {
    if (object && typeof object === 'object' && !bench.labHooked && typeof object.attention === 'function' &&
        typeof object.multiHeadAttention === 'function' && 'maxDimension' in object && !Object.isFrozen(object)) {
      bench.labHooked = true;
      bench.engineReady = now();
      for (const name of OPERATIONS) {
        if (typeof object[name] === 'function') object[name] = timed('lab', name, object[name]);
      }
      // The Embind module has its own properties by now: take the prototype setters away again,
      // so that `name in anyObject` is false as usual for the rest of the page's life.
      for (const name of OPERATIONS) delete Object.prototype[name];
    }
    return freeze(object);
  };

  // The Embind module: `Module[name] = fn` (exposePublicSymbol, then replacePublicSymbol).
  for (const name of OPERATIONS) {
    Object.defineProperty(Object.prototype, name, {
      configurable: true,
      enumerable: false,
      get: undefined,
      set(value) {
        const isModule = typeof value === 'function' && this !== null && typeof this === 'object' &&
          ('HEAP8' in this || 'wasmBinary' in this || 'asm' in this);
        let current = isModule ? timed('core', name, value) : value;
        if (isModule) bench.coreHooked += 1;
        Object.defineProperty(this, name, {
          configurable: true,
          enumerable: true,
          get: () => current,
          set: (next) => { current = isModule && typeof next === 'function' ? timed('core', name, next) : next; },
        });
      },
    });
  }

  // Marks `start` now, and `painted` after the next frame and the first task after it.
  const markPainted = (start, painted) => {
    bench[start] = now();
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { bench[painted] = now(); };
      channel.port2.postMessage(null);
    });
  };
  // The build's copy of the landing step, shown while the page starts.
  const checkCopy = () => {
    if (bench.copyStep !== null || document.documentElement.classList.contains('linked')) return;
    const title = document.querySelector('[data-prerendered] article.step h3');
    if (title?.textContent?.trim()) markPainted('copyStep', 'copyPainted');
  };
  // The first step on screen.
  const check = () => {
    checkCopy();
    if (bench.firstStep !== null) return;
    const title = document.getElementById('step-title');
    const panel = document.querySelector('#panels > *');
    if (!title || !title.textContent || !title.textContent.trim() || !panel) return;
    bench.firstStep = now();
    observer.disconnect();
    requestAnimationFrame(() => {
      bench.firstStepFrame = now();
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { bench.firstStepPainted = now(); };
      channel.port2.postMessage(null);
    });
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true, characterData: true });
}
