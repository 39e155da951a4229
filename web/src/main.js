// The landing page for now: the tutorial's worked example, every number read from the engine's
// trace. The page only formats numbers; it computes none.
import { loadAttentionLab } from '../lib/index.js';

const example = {
  query: [[1, 2]],
  key: [[1, 0], [0, 1], [1, 1]],
  value: [[0.5, 0.3], [0.8, 0.2], [0.1, 0.9]],
};

/** @param {number} x */
const shown = (x) => x.toFixed(3);

/**
 * @param {string} caption
 * @param {number[][]} rows
 */
function matrixFigure(caption, rows) {
  const figure = document.createElement('figure');
  const label = document.createElement('figcaption');
  label.textContent = `${caption} (${rows.length}×${rows[0].length})`;
  const table = document.createElement('table');
  table.className = 'matrix';
  for (const row of rows) {
    const tr = table.insertRow();
    for (const x of row) {
      const td = tr.insertCell();
      td.textContent = shown(x);
      td.title = String(x); // the exact value, on hover
    }
  }
  figure.append(label, table);
  return figure;
}

/**
 * @param {string} title
 * @param {string} formula
 * @param {string} text
 * @param {[string, number[][]][]} matrices
 */
function step(title, formula, text, matrices) {
  const section = document.createElement('section');
  section.className = 'step';
  const h2 = document.createElement('h2');
  h2.textContent = title;
  const f = document.createElement('p');
  f.className = 'formula';
  f.textContent = formula;
  const p = document.createElement('p');
  p.textContent = text;
  const row = document.createElement('div');
  row.className = 'matrices';
  for (const [caption, rows] of matrices) row.append(matrixFigure(caption, rows));
  section.append(h2, f, p, row);
  return section;
}

async function main() {
  const status = /** @type {HTMLElement} */ (document.getElementById('status'));
  const root = /** @type {HTMLElement} */ (document.getElementById('walkthrough'));
  try {
    const lab = await loadAttentionLab();
    const t = lab.attention(example);
    root.append(
      step('The inputs', 'Q (n×d_k), K (m×d_k), V (m×d_v)',
        'One query of width 2 looks at three keys; each key carries a value.',
        [['Q', example.query], ['K', example.key], ['V', example.value]]),
      step('1. Scores', 'scores = Q·Kᵀ',
        'How well the query matches each key: a dot product per key.', [['scores', t.scores]]),
      step('2. Scale', `scaled = scores / √d_k, with √d_k = ${shown(t.sqrtDk)}`,
        'Dividing by √d_k keeps the scores from growing with the width of the vectors.', [['scaled', t.scaled]]),
      step('3. Softmax', 'weights = softmax(scaled)',
        'Exponentiate and normalise each row: the weights are positive and sum to 1.', [['weights', t.weights]]),
      step('4. Weighted sum', 'output = weights·V',
        'The output is the average of the values, weighted by attention.', [['output', t.output]]),
    );
    status.textContent = 'Computed by the WebAssembly engine. Hover a number for its exact value.';
  } catch (error) {
    status.classList.add('error');
    status.textContent = `The engine could not start: ${/** @type {Error} */ (error).message}`;
  }
}

main();
