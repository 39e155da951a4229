// Exports of what the learner sees (web/src/export/): a matrix as CSV, a heatmap as SVG, the
// example as LaTeX and as PyTorch and NumPy scripts. The steps are built by the page's own kind
// modules (web/src/kinds/) from the engine, and each file's contents are checked; the scripts are run with the
// system Python (Debian's python3-torch and numpy) and must print the page's numbers to 1e-12.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { after, describe, test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import { importCompiled } from '../support/compiled.mjs';
import { pythonRunner } from '../support/python-runner.mjs';

const lab = await loadAttentionLab();
const { matrixCsv, matrixCsvFile } = await importCompiled('export/csv');
const { heatmapSvg, SVG_MAX_CELLS } = await importCompiled('export/svg');
const { exampleLatex, latexText } = await importCompiled('export/latex');
const { examplePython, exampleNumpy } = await importCompiled('export/python');
const { findGrid } = await importCompiled('export/grid');
const { colourScale } = await importCompiled('model/colour');
const { descriptorOf, loadKind } = await importCompiled('kinds/index');
const { wholeBuild } = await importCompiled('kinds/kind');
const { trainedLayer } = await importCompiled('model/trained-layer');
const { loadLessonModel } = await importCompiled('session/language-model-source');

/** @param {string} id a shipped walkthrough */
const shipped = (id) => JSON.parse(readFileSync(new URL(`../../web/src/walkthroughs/${id}.json`, import.meta.url), 'utf8'));

/** @type {Record<string, any>} every kind's module, as the page loads them */
const KINDS = Object.fromEntries(await Promise.all(
  ['attention', 'attention-backward', 'multi-head', 'encoder', 'entropy', 'scaling', 'positional', 'flash', 'kv-cache', 'rope', 'alibi', 'grouped-query', 'sliding-window', 'tokens', 'language-model', 'inside-model', 'model-sentence', 'efficient'].map(async (kind) => [kind, await loadKind(kind)])));

/** @type {Record<string, any>} every kind's script writer, as the page loads it */
const SCRIPTS = Object.fromEntries(await Promise.all(Object.entries(KINDS).map(async ([kind, module]) => [kind, await module.loadScript()])));

/** The lessons' language model, which the page hands the kinds that read it. */
const languageModel = await loadLessonModel(lab);

/** The steps and trace as the page builds them, every step made. */
const builtOf = (/** @type {any} */ w) => wholeBuild(KINDS[w.kind].build(lab, w, w.inputs, undefined, descriptorOf(w.kind).languageModel ? languageModel : undefined));
const stepsOf = (/** @type {any} */ w) => builtOf(w).steps;
/** The LaTeX as the page writes it for the kind of `w`. */
const latexOf = (/** @type {any} */ w, /** @type {any[]} */ steps, /** @type {any} */ current = undefined) => exampleLatex(w, steps, KINDS[w.kind].latex, current);
/** A script as the page writes it, from the steps and trace its kind built. */
const scriptOf = (/** @type {Function} */ build, /** @type {any} */ w, built = builtOf(w)) => build(w, SCRIPTS[w.kind].script(w.inputs, built));

const WORKED = shipped('worked-example');
const workedSteps = stepsOf(WORKED);
const workedTrace = lab.attention(WORKED.inputs);

/** A matrix panel as the step builders make one. */
const matrixPanel = (/** @type {object} */ fields) => ({ type: 'matrix', name: 'm', caption: 'a matrix', colour: 'weights', ...fields });

const count = (/** @type {string} */ text, /** @type {string} */ part) => text.split(part).length - 1;

describe('a matrix as CSV', () => {
  test('the worked example’s weights are a header of key labels, then the query’s row with every double in full', () => {
    const csv = matrixCsv(findGrid(workedSteps, 'weights'));
    const [w0, w1, w2] = workedTrace.weights[0];
    assert.equal(csv, `,k₀,k₁,k₂\r\nq,${String(w0)},${String(w1)},${String(w2)}\r\n`);
    assert.match(csv, /^,k₀,k₁,k₂\r\nq,0\.1400\d+,0\.2839\d+,0\.5759\d+\r\n$/, 'the numbers the page rounds to 0.140, 0.284, 0.576');
  });

  test('the file starts with a UTF-8 byte-order mark, so spreadsheets read its labels (k₀, −∞) as UTF-8', async () => {
    const panel = findGrid(workedSteps, 'weights');
    const file = matrixCsvFile(panel);
    const bytes = new Uint8Array(await file.arrayBuffer());
    assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
    assert.equal(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes.subarray(3)), matrixCsv(panel));
    assert.equal(file.type, 'text/csv;charset=utf-8');
  });

  test('labels holding commas, quotes or line breaks are quoted, their quotes doubled (RFC 4180)', () => {
    const csv = matrixCsv(matrixPanel({ data: [[1, 2]], rowLabels: ['a, b'], colLabels: ['say "hi"', 'two\nlines'] }));
    assert.equal(csv, ',"say ""hi""","two\nlines"\r\n"a, b",1,2\r\n');
  });

  test('a label a spreadsheet would run as a formula gets a leading apostrophe, and negative numbers stay numbers', () => {
    const csv = matrixCsv(matrixPanel({
      data: [[-0.5, 1], [2, -3]],
      rowLabels: ['=1+1', '@SUM(A1)'],
      colLabels: ['+cmd', '-2'],
    }));
    assert.equal(csv, ",'+cmd,'-2\r\n'=1+1,-0.5,1\r\n'@SUM(A1),2,-3\r\n");
    const quoted = matrixCsv(matrixPanel({ data: [[1]], rowLabels: ['=HYPERLINK("x","y")'], colLabels: ['c'] }));
    assert.equal(quoted.split('\r\n')[1], `"'=HYPERLINK(""x"",""y"")",1`, 'the apostrophe goes inside the quotes');
  });

  test('masked scores keep their blocked cells, −∞ written as -inf', () => {
    const steps = stepsOf(shipped('fully-masked-row'));
    const lines = matrixCsv(findGrid(steps, 'masked')).trimEnd().split('\r\n');
    assert.equal(lines[0], ',k₀,k₁,k₂');
    assert.equal(lines[2], 'q₁,-inf,-inf,-inf', 'the fully masked row');
    const filled = matrixCsv(findGrid(stepsOf(shipped('fully-masked-row-fill')), 'masked')).split('\r\n');
    assert.equal(filled[2], 'q₁,-1000000000,-1000000000,-1000000000', 'a finite fill is written as the number it is');
  });

  test('a heatmap’s rows and columns are named as the page’s table names them', () => {
    const pe = lab.positionalEncoding({ length: 2, dModel: 2 });
    const csv = matrixCsv({ type: 'heatmap', name: 'encoding', caption: 'PE', data: pe, rowName: 'position', colName: 'dimension', colour: 'diverging' });
    assert.equal(csv, `position,dimension 0,dimension 1\r\nposition 0,0,1\r\nposition 1,${String(pe[1][0])},${String(pe[1][1])}\r\n`);
  });
});

/** Whether a text parses as XML, asked of Python's standard library; undefined when there is no python3. */
function parsesAsXml(/** @type {string} */ text) {
  const run = spawnSync('python3', ['-c', 'import sys, xml.dom.minidom; xml.dom.minidom.parseString(sys.stdin.buffer.read())'], { input: text });
  if (run.error) return undefined;
  return run.status === 0 ? true : run.stderr.toString();
}

describe('a heatmap as SVG', () => {
  test('the worked example’s weights are one rect per cell in the page’s colours, with its caption as the title', (t) => {
    const panel = findGrid(workedSteps, 'weights');
    const svg = heatmapSvg(panel);
    assert.equal(count(svg, '<rect class="cell"'), 3);
    const colour = colourScale('weights', panel.data);
    for (const x of panel.data[0]) assert.ok(svg.includes(`fill="${colour(x).background}"`), `the page's colour of ${x}`);
    assert.ok(svg.includes(`<title id="title">weights = softmax (1×3)</title>`));
    for (const shown of ['0.140', '0.284', '0.576', '>k₀<', '>q<']) assert.ok(svg.includes(shown), `shows ${shown}`);
    assert.ok(svg.includes('<linearGradient id="legend-ramp">'), 'has the legend');
    const xml = parsesAsXml(svg);
    if (xml === undefined) t.diagnostic('no python3 to check that it parses as XML');
    else assert.equal(xml, true);
  });

  test('labels are untrusted text: markup in a token comes out escaped, never as an element', (t) => {
    const attack = '<img src=x onerror=alert(1)>';
    const svg = heatmapSvg(matrixPanel({
      caption: `caption ${attack}`,
      data: [[0.25, 0.75], [0.5, 0.5]],
      rowLabels: [attack, 'Tom & "Jerry"'],
      colLabels: ["it's", '\u0001bell'],
    }));
    assert.ok(!svg.includes('<img'), 'no img element');
    assert.equal(count(svg, '&lt;img src=x onerror=alert(1)&gt;'), 3, 'the caption in the title and on the picture, and the row label');
    assert.ok(svg.includes('Tom &amp; &quot;Jerry&quot;'));
    assert.ok(svg.includes('it&#39;s'));
    assert.ok(svg.includes('\ufffdbell'), 'a control character XML forbids is replaced');
    const xml = parsesAsXml(svg);
    if (xml === undefined) t.diagnostic('no python3 to check that it parses as XML');
    else assert.equal(xml, true);
  });

  test('a heatmap of more than 40 rows has no labels, one rect per cell and its legend', () => {
    const pe = lab.positionalEncoding({ length: 50, dModel: 8 });
    const svg = heatmapSvg({ type: 'heatmap', name: 'encoding', caption: 'PE', data: pe, rowName: 'position', colName: 'dimension', colour: 'diverging' });
    assert.equal(count(svg, '<rect class="cell"'), 400);
    assert.ok(!svg.includes('>position 0<'), 'no row labels');
    assert.ok(svg.includes('>dimension 7<'), 'but its 8 columns are labelled');
    assert.ok(svg.includes('fill="url(#legend-ramp)"'));
  });

  test('blocked cells are hatched, as on the page', () => {
    const panel = findGrid(stepsOf(shipped('fully-masked-row')), 'masked');
    const blocked = panel.blocked.flat().filter((x) => x === 0).length;
    assert.equal(count(heatmapSvg(panel), 'fill="url(#blocked)"'), blocked);
  });

  test('a grid too large for an SVG is refused with a message that points to PNG', () => {
    const side = Math.sqrt(SVG_MAX_CELLS) + 1;
    const data = Array.from({ length: side }, () => Array(side).fill(0));
    assert.throws(() => heatmapSvg(matrixPanel({ name: 'big', data })), /big: expected at most 65536 cells for an SVG, got 257×257; export it as PNG/);
  });
});

describe('the example as LaTeX', () => {
  test('the worked example has the formula, Q, K and V, and the weights and output as the page rounds them', () => {
    const tex = latexOf(WORKED, workedSteps);
    assert.ok(tex.includes('\\mathrm{Attention}(Q,K,V) = \\mathrm{softmax}'));
    assert.ok(tex.includes('Q = \\begin{bmatrix}\n  1 & 2\n\\end{bmatrix}'));
    assert.ok(tex.includes('K = \\begin{bmatrix}\n  1 & 0 \\\\\n  0 & 1 \\\\\n  1 & 1\n\\end{bmatrix}'));
    assert.ok(tex.includes('  0.140 & 0.284 & 0.576\n'), 'the weights');
    assert.ok(tex.includes('  0.355 & 0.617\n'), 'the output');
    assert.ok(tex.includes('rounded to 3 decimals as the page shows them'), 'says the numbers are rounded');
    assert.ok(tex.includes('Rows: q. Columns: k\\textsubscript{0}, k\\textsubscript{1}, k\\textsubscript{2}.'));
    assert.ok(!tex.includes('\\htmlClass'), 'no KaTeX-only commands');
    assert.ok(!/[−∞ᵀ×√]/.test(tex), 'no symbols pdfLaTeX cannot set');
    assert.equal(count(tex, '\\begin{bmatrix}'), 7, 'Q, K, V, scores, scaled, weights, output');
  });

  test('a masked example shows the mask, the masked scores with -\\infty, and the mask formula', () => {
    const steps = stepsOf(shipped('fully-masked-row'));
    const tex = latexOf(shipped('fully-masked-row'), steps);
    assert.ok(tex.includes('  -\\infty & -\\infty & -\\infty \\\\\n'), 'the fully masked row');
    assert.ok(tex.includes('\\begin{cases}0 & A_{ij} = 1\\ (\\text{attend})'));
    assert.ok(tex.includes('\\mathrm{mask} = \\begin{bmatrix}'));
  });

  test('titles, texts and labels are escaped for LaTeX', () => {
    assert.equal(latexText('5% & $3 {x}_y #1 \\ ~^ <b>'),
      '5\\% \\& \\$3 \\{x\\}\\_y \\#1 \\textbackslash{} \\textasciitilde{}\\textasciicircum{} \\textless{}b\\textgreater{}');
    const w = { ...WORKED, title: 'Costs 100% of\n\\input{/etc/passwd}', keyLabels: ['a_1', '{b}', '%c'] };
    const tex = latexOf(w, stepsOf(w));
    assert.ok(tex.startsWith('% Costs 100\\% of \\textbackslash{}input\\{/etc/passwd\\}: exported'), 'a line break cannot end the comment');
    assert.ok(!tex.includes('\\input{'));
    assert.ok(tex.includes('Columns: a\\_1, \\{b\\}, \\%c.'));
  });

  test('another kind gives the step on screen: its matrices with their captions and its facts', () => {
    const w = shipped('multi-head');
    const steps = stepsOf(w);
    const heads = steps.find((s) => s.id === 'heads');
    const tex = latexOf(w, steps, heads);
    assert.ok(tex.includes('\\subsection*{Attend: 4 heads, 4 patterns}'));
    assert.ok(tex.includes('\\paragraph{head 1 weights (6\\texttimes{}6)}'));
    assert.equal(count(tex, '\\begin{bmatrix}'), 4);
    const first = findGrid(steps, 'head-0-weights').data[0];
    assert.ok(tex.includes(first.map((x) => x.toFixed(3)).join(' & ')), 'head 1’s first row, rounded');
    const split = latexOf(w, steps, steps.find((s) => s.id === 'split'));
    assert.ok(split.includes('\\item parameters: 4\\textperiodcentered{}16² = 1024') || split.includes('\\item parameters: 4\\textperiodcentered{}16\\textsuperscript{2} = 1024'));
  });
});

// ---- the scripts, run -------------------------------------------------------------------

const PYTHON = '/usr/bin/python3';
const hasModule = (/** @type {string} */ name) => spawnSync(PYTHON, ['-c', `import ${name}`]).status === 0;
const HAS_TORCH = hasModule('torch');
const HAS_NUMPY = hasModule('numpy');

/** Scripts run as `python3 -` runs them, each in a process of its own, torch and numpy imported once. */
const python = pythonRunner(PYTHON, [HAS_TORCH && 'torch', HAS_NUMPY && 'numpy'].filter((m) => typeof m === 'string'));
after(() => python.close());

/** Runs a script with the system Python and reads back its blocks: a name line, then rows of numbers. */
async function run(/** @type {string} */ script) {
  const result = await python.run(script);
  assert.equal(result.status, 0, `the script runs:\n${result.stderr}`);
  /** @type {Map<string, number[][]>} */
  const blocks = new Map();
  let rows = /** @type {number[][] | undefined} */ (undefined);
  for (const line of result.stdout.split('\n').filter(Boolean)) {
    if (/^-?(\d|inf|nan)/.test(line)) {
      assert.ok(rows, `numbers come under a name: ${line}`);
      rows.push(line.split(' ').map((x) => (x === '-inf' ? -Infinity : x === 'inf' ? Infinity : Number(x))));
    } else {
      rows = [];
      blocks.set(line, rows);
    }
  }
  return blocks;
}

test('each script runs in a process of its own: an error comes back with its traceback, and nothing a script changes reaches the next', { skip: HAS_TORCH ? false : 'no torch' }, async () => {
  const failed = await python.run('x = 1\nraise ValueError("no such matrix")\n');
  assert.equal(failed.status, 1);
  assert.match(failed.stderr, /ValueError: no such matrix/);
  assert.equal((await python.run('import sys\nsys.exit(3)\n')).status, 3);
  const first = await python.run('import torch\ntorch.set_default_dtype(torch.float64)\ntorch.left_behind = 1\nprint(torch.get_default_dtype())\n');
  assert.equal(first.stdout.trim(), 'torch.float64');
  const next = await python.run('import torch\nprint(torch.get_default_dtype(), hasattr(torch, "left_behind"), "x" in globals())\n');
  assert.deepEqual([next.status, next.stdout.trim()], [0, 'torch.float32 False False']);
});

/** Every printed block equals the page's matrix of that name, to 1e-12 (relative above 1); −∞ exactly. */
function assertMatches(/** @type {Map<string, number[][]>} */ printed, /** @type {Map<string, number[][]>} */ expected) {
  assert.deepEqual([...printed.keys()].sort(), [...expected.keys()].sort(), 'prints exactly the expected blocks');
  for (const [name, want] of expected) {
    const got = printed.get(name) ?? [];
    assert.equal(got.length, want.length, `${name}: rows`);
    let largest = 0;
    want.forEach((row, i) => {
      assert.equal(got[i].length, row.length, `${name}[${i}]: columns`);
      row.forEach((b, j) => {
        const a = got[i][j];
        if (!Number.isFinite(b)) assert.equal(a, b, `${name}[${i}][${j}]`);
        else largest = Math.max(largest, Math.abs(a - b) / Math.max(1, Math.abs(b)));
      });
    });
    assert.ok(largest <= 1e-12, `${name}: largest difference ${largest} exceeds 1e-12`);
  }
}

/** The blocks a script of this walkthrough must print, each the engine's numbers as the page shows them. */
function expectedBlocks(/** @type {any} */ w, /** @type {any[]} */ steps) {
  const panels = (/** @type {string[]} */ names) => new Map(names.map((name) => [name, findGrid(steps, name).data]));
  const heads = (/** @type {number} */ h) => Array.from({ length: h }, (_, i) => `head-${i}-weights`);
  switch (w.kind) {
    case 'attention':
      return panels(['scores', 'scaled', ...(w.inputs.mask ? ['masked'] : []), 'weights', 'output']);
    case 'attention-backward':
      return panels(['weights', 'output', 'grad-value', 'grad-weights', 'row-dot', 'grad-scaled', 'grad-scores', 'grad-query', 'grad-key']);
    case 'multi-head':
      return panels([...heads(w.inputs.heads), ...(w.inputs.heads > 1 ? ['concat'] : []), 'output']);
    case 'encoder':
      return panels([...heads(w.inputs.heads), 'attention-output', 'residual1', 'norm1', 'hidden', 'activated', 'ffn-output', 'residual2', 'output']);
    case 'entropy': {
      const blocks = panels(['single-weights', ...heads(w.inputs.heads), 'plain-weights']);
      for (const [name, weights] of [...blocks]) blocks.set(name.replace('weights', 'entropy'), [lab.attentionEntropy({ weights }).entropy]);
      return blocks;
    }
    case 'scaling': {
      const blocks = panels(['scores', 'scaled', 'weights-unscaled', 'weights', 'jacobian-unscaled', 'jacobian-scaled']);
      const norm = (/** @type {string} */ name) => lab.softmaxJacobian({ logits: findGrid(steps, name).data }).frobeniusNorm;
      blocks.set('frobenius-norms', [[norm('scores'), norm('scaled')]]);
      return blocks;
    }
    case 'efficient':
      return panels(['full-weights', 'full-output', ...['window', 'global', 'random'].flatMap((p) => [`${p}-weights`, `${p}-output`]),
        'feature-query', 'feature-key', 'state', 'normalizer', 'linear-output']);
    case 'positional': {
      const { length, dModel } = w.inputs;
      return new Map([['encoding', lab.positionalEncoding({ length, dModel })], ['cosine', lab.positionSimilarity({ length, dModel }).cosine]]);
    }
    case 'flash': {
      const tiles = steps.flatMap((/** @type {any} */ step) => step.panels.map((/** @type {any} */ p) => p.name)).filter((/** @type {string} */ name) => /^tile-\d+-\d+-(running|partial)$/.test(name));
      return panels([...tiles, 'final-statistics', 'output', 'full-output', 'flash-output', 'difference']);
    }
    case 'kv-cache':
      return panels(['output', 'recomputed']);
    case 'alibi':
      return panels(['slopes', 'head-bias', 'head-scaled', 'head-biased', 'head-weights']);
    case 'rope':
      return panels(['rotated-query', 'rotated-key', 'scores', 'rotated-interleaved', 'put-back']);
    case 'grouped-query':
      return panels(['grouping', 'keys', 'values', ...['weights-0', 'weights-1'].slice(0, Math.min(w.inputs.heads / w.inputs.kvHeads, 2)), 'cache-bytes', 'cache-gib']);
    case 'sliding-window': {
      const blocks = panels(['band', 'band-weights', 'weights-alone', 'weights-kept']);
      const onFirst = steps.flatMap((/** @type {any} */ step) => step.panels).find((/** @type {any} */ p) => p.name === 'first-key');
      blocks.set('weight on the first key (full, window, window + sinks)', onFirst.series.map((/** @type {any} */ s) => s.points.map((/** @type {number[]} */ p) => p[1])));
      return blocks;
    }
    case 'tokens':
      return panels(['bytes', 'pair-counts', 'merge-table', 'final-tokens', 'tokenize-steps', 'new-tokens', 'compare', 'character-ids']);
    case 'language-model':
      return panels(['temperature', 'top-k', 'top-p', 'kept']);
    case 'inside-model':
      return panels(['rollout']);
    case 'model-sentence':
      return panels([`head-${w.inputs.head}-words`]);
    default:
      throw new Error(`no expectations for ${w.kind}`);
  }
}

/** @type {[id: string, what: string, changes?: object][]} */
const SCRIPTED = [
  ['worked-example', 'the worked example'],
  ['causal-mask', 'a causal mask filled with −∞'],
  ['fully-masked-row', 'a fully masked row under −∞ (weights and output 0)'],
  ['fully-masked-row-fill', 'a fully masked row under −1e9 (uniform weights)'],
  ['padding-mask', 'a padding mask'],
  ['attention-backward', 'one backward pass of the worked example'],
  ['attention-backward', 'a backward pass through a causal mask with a fully masked row under −∞', {
    query: [[1, 2], [0, 1], [2, 1]], key: [[1, 0], [0, 1], [1, 1]], value: [[0.5, 0.3], [0.8, 0.2], [0.1, 0.9]],
    gradOutput: [[1, -1], [0.5, 2], [-1, 0]], mask: [[0, 0, 0], [1, 1, 0], [1, 1, 1]],
  }],
  ['multi-head', 'four heads on a sentence'],
  ['multi-head', 'four heads under a causal mask', { mask: 'causal' }],
  ['cross-attention', 'cross-attention'],
  ['encoder-layer', 'an encoder layer'],
  ['encoder-layer', 'an encoder layer with attention biases and ReLU', { attentionBias: 'on', activation: 'relu' }],
  ['entropy-heads', 'the entropy lesson'],
  ['why-scale', 'the scaling lesson’s first draw'],
  ['positional-encoding', 'the positional encoding and its cosine similarity'],
  ['flash-worked-example', 'the worked example tile by tile'],
  ['flash-causal-tiles', 'eight causal tokens in 4×4 tiles, key blocks outside', { order: 'columns' }],
  ['flash-causal-tiles', 'eight causal tokens in 3×5 tiles (ragged edges)', { blockRows: 3, blockCols: 5 }],
  ['kv-cache', 'decoding with a KV cache'],
  ['rotary-positions', 'rotary positions, half pairs'],
  ['rotary-positions', 'rotary positions, interleaved pairs, a wider head', { convention: 'interleaved', width: 12, queryPosition: 30, keyPosition: 2 }],
  ['alibi', 'ALiBi, eight heads'],
  ['alibi', 'ALiBi, six heads, a wider head and its last head worked', { heads: 6, headWidth: 8, head: 5 }],
  ['grouped-query', 'grouped-query attention: the grouping, the keys, the heads’ weights and the published caches'],
  ['grouped-query', 'multi-query attention, eight heads', { heads: 8, kvHeads: 1, dModel: 16, tokens: 4 }],
  ['sliding-window', 'a sliding window with attention sinks'],
  ['sliding-window', 'a wider window, no sinks', { window: 12, sinks: 0 }],
  ['text-to-tokens', 'byte-level BPE on a sentence with é and an emoji, then a new sentence'],
  ['text-to-tokens', 'BPE on a Spanish sentence, twenty merges', { text: 'el niño añora la montaña; la niña sueña', merges: 20, newText: 'una niña y un niño' }],
  ['language-model-step-by-step', 'the sampling passes on a language model’s logits'],
  ['language-model-step-by-step', 'greedy sampling, top-p alone', { temperature: 0, topK: 0, topP: 0.5 }],
  ['linear-and-sparse', 'full, sparse (window, global, random) and linear attention'],
  ['inside-the-model', 'attention rollout of the language model’s heads on a repeated name', { residual: 0.3 }],
  ['model-reads-a-sentence', 'a head of the language model between the words of a sentence'],
  ['model-heads-on-a-sentence', 'another head, between the words of another sentence', { text: 'Now is the winter of our discontent', head: 4 }],
];

for (const [label, build, available, module] of /** @type {const} */ ([
  ['PyTorch', examplePython, HAS_TORCH, 'torch'],
  ['NumPy', exampleNumpy, HAS_NUMPY, 'numpy'],
])) {
  describe(`the example as a ${label} script`, () => {
    const skip = available ? false : `${PYTHON} cannot import ${module} (Debian package python3-${module}, which scripts/setup.sh installs as root)`;
    for (const [id, what, changes] of SCRIPTED) {
      test(`the script for ${what} prints the page’s numbers to 1e-12`, { skip }, async () => {
        const given = shipped(id);
        const w = { ...given, inputs: { ...given.inputs, ...changes } };
        const built = builtOf(w);
        assertMatches(await run(scriptOf(build, w, built)), expectedBlocks(w, built.steps));
      });
    }

    for (const [id, task] of [['multi-head', 'induction'], ['encoder-layer', 'sort']]) {
      test(`the script for “${id}” on layer 2 of a trained ${task} model prints the page’s numbers to 1e-12`, { skip }, async () => {
        const trainer = lab.createTrainer({ task, seed: 1 });
        trainer.step(30);
        const trained = trainedLayer({ options: { task, seed: 1 }, steps: 30, layer: 1 }, trainer.status().options, trainer.attention(), trainer.parameters());
        trainer.dispose();
        const w = shipped(id);
        const built = wholeBuild(KINDS[w.kind].build(lab, w, w.inputs, trained));
        const script = build(w, SCRIPTS[w.kind].script(w.inputs, built, trained));
        assert.ok(script.includes(`the trained model's (task ${task}, seed 1, 30 steps, layer 2)`));
        assertMatches(await run(script), expectedBlocks({ ...w, inputs: { ...w.inputs, heads: trained.config.model.heads } }, built.steps));
      });
    }

    test('a token with a line break stays inside its string, and a title’s inside its comment', { skip }, async () => {
      const w = { ...shipped('multi-head'), title: 'Title\nprint("title ran")', inputs: { tokens: ['a\nprint("token ran")', 'b"\'', 'c'], dModel: 4, heads: 2, seed: 1 } };
      const built = builtOf(w);
      const script = scriptOf(build, w, built);
      const steps = built.steps;
      assert.ok(script.includes('tokens = ["a\\nprint(\\"token ran\\")", "b\\"\'", "c"]'));
      assertMatches(await run(script), expectedBlocks(w, steps));
    });
  });
}

test('the script of a walkthrough with seeded weights embeds the weights of the very trace its steps came from', () => {
  const w = shipped('multi-head');
  const built = builtOf(w);
  const script = scriptOf(examplePython, w, built);
  const firstRow = built.trace.params.wQ[0].map(String).join(', ');
  assert.ok(script.includes(`W_Q = array([\n    [${firstRow}],`), 'W_Q with every digit, as the engine drew it');
});

test('every builder writes the same text for the same example', () => {
  const w = shipped('causal-mask');
  const twice = () => [latexOf(w, stepsOf(w)), scriptOf(examplePython, w), scriptOf(exampleNumpy, w), matrixCsv(findGrid(stepsOf(w), 'weights')), heatmapSvg(findGrid(stepsOf(w), 'weights'))];
  assert.deepEqual(twice(), twice());
});
