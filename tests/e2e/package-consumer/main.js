// A minimal Vite app using the installed package: once with the .wasm Vite emitted as an asset,
// once with a copy under /engine/ found through locateFile. Each output element shows the
// rounded numbers and keeps the exact ones in data-exact.
import { loadAttentionLab } from 'attention-lab';

const EXAMPLE = { query: [[1, 2]], key: [[1, 0], [0, 1], [1, 1]], value: [[0.5, 0.3], [0.8, 0.2], [0.1, 0.9]] };

/**
 * @param {string} id the output element
 * @param {import('attention-lab').LoadOptions} [options]
 */
async function show(id, options) {
  const lab = await loadAttentionLab(options);
  const { weights, output } = lab.attention(EXAMPLE);
  const element = /** @type {HTMLElement} */ (document.getElementById(id));
  element.dataset.exact = JSON.stringify({ weights, output });
  element.textContent = output[0].map((x) => x.toFixed(3)).join(' ');
}

show('bundled')
  .then(() => show('located', { locateFile: (file) => new URL(`engine/${file}`, document.baseURI).href }))
  .then(() => { document.body.dataset.done = 'true'; })
  .catch((error) => {
    console.error(error);
    document.body.dataset.done = 'failed';
  });
