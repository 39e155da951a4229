// Formulas as the page typesets them (web/src/widgets/formula-mathml.ts, KaTeX's MathML): operator
// names set apart from what they apply to, as TeX sets them ("w ln w", never "w lnw"; "k log n",
// never "klogn"), and a formula of two statements side by side cut into parts that wrap on a phone.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import katex from 'katex';

import { importCompiled } from '../support/compiled.mjs';

const { formulaMathml, formulaParts } = await importCompiled('widgets/formula-mathml');

const THIN = '<mspace width="0.1667em"></mspace>';
const APPLIED = '<mo lspace="0" rspace="0.1667em">\u2061</mo>';

test('ln and log get a thin space after them, and before them after a letter, a number or a subscript', () => {
  const entropy = formulaMathml(katex, String.raw`H_i = -\sum_{j} w_{ij} \ln w_{ij}`);
  assert.ok(entropy.includes(`</msub>${THIN}<mi>ln</mi>${APPLIED}<msub>`), entropy);
  const cost = formulaMathml(katex, String.raw`\log t = \log c + k \log n`);
  assert.ok(cost.includes(`<mrow><mi>log</mi>${APPLIED}<mi>t</mi>`), 'no space before the first name');
  assert.ok(cost.includes(`<mo>=</mo><mi>log</mi>${APPLIED}<mi>c</mi>`), 'none after "=", whose own space is there');
  assert.ok(cost.includes(`<mi>k</mi>${THIN}<mi>log</mi>${APPLIED}<mi>n</mi>`), 'k log n');
  assert.ok(!/<mi>[a-z]{2,}<\/mi><mo>\u2061<\/mo>/.test(entropy + cost), 'no name left unspaced');
});

test('a formula of two statements side by side is two parts, each typeset on its own', () => {
  assert.deepEqual(formulaParts(String.raw`\mathrm{Var}(q\cdot k) = d_k,\qquad \htmlClass{focus}{\mathrm{Var}\!\left(\frac{q\cdot k}{\sqrt{d_k}}\right) = 1}`),
    [String.raw`\mathrm{Var}(q\cdot k) = d_k`, String.raw`\htmlClass{focus}{\mathrm{Var}\!\left(\frac{q\cdot k}{\sqrt{d_k}}\right) = 1}`]);
  assert.deepEqual(formulaParts(String.raw`a = b,\quad c = d`), ['a = b', 'c = d']);
  assert.deepEqual(formulaParts(String.raw`\text{a}\quad\text{b}`), [String.raw`\text{a}`, String.raw`\text{b}`]);
  assert.deepEqual(formulaParts(String.raw`x \ \text{ or }\ \frac{a}{b\quad c}`), [String.raw`x \ \text{ or }\ \frac{a}{b\quad c}`], 'a space inside braces is not a cut');
  assert.deepEqual(formulaParts(String.raw`\quadrant`), [String.raw`\quadrant`]);
  assert.deepEqual(formulaParts(String.raw`\begin{gathered}a\qquad b\\ c\end{gathered}\qquad d`), [String.raw`\begin{gathered}a\qquad b\\ c\end{gathered}`, 'd'], 'an environment is one part');
  assert.deepEqual(formulaParts(String.raw`\left( a \quad b \right) \quad c`), [String.raw`\left( a \quad b \right)`, 'c'], 'so is \\left…\\right');
  assert.deepEqual(formulaParts(String.raw`a \\\quad b`), [String.raw`a \\`, 'b'], 'a line break before a space');
  const markup = formulaMathml(katex, String.raw`a = b,\qquad \htmlClass{focus}{c = d}`);
  assert.equal(markup.match(/<math /g)?.length, 2);
  assert.ok(markup.includes('class="focus"'));
  assert.ok(markup.includes('<annotation encoding="application/x-tex">\\htmlClass{focus}{c = d}</annotation>'), 'each part keeps its LaTeX as written');
});

test('every formula of every shipped step typesets without a KaTeX error, cut into parts or not', async () => {
  const { loadAttentionLab } = await import('attention-lab');
  await import('../support/json-modules.mjs');
  const lab = await loadAttentionLab();
  const { WALKTHROUGHS } = await importCompiled('model/walkthroughs');
  const { Session } = await importCompiled('session/session');
  const { OWN_VIEW_KINDS } = await import('../support/shipped-walkthroughs.mjs');
  const failed = [];
  for (const walkthrough of WALKTHROUGHS.values()) {
    if (OWN_VIEW_KINDS.has(walkthrough.kind)) continue;
    const session = new Session(lab, { find: (id) => WALKTHROUGHS.get(id), fallback: 'worked-example' });
    await session.open({ walkthrough: walkthrough.id, step: 'inputs' });
    for (const step of session.steps) {
      if (step.formula && /katex-error|<merror/.test(formulaMathml(katex, step.formula))) failed.push(`${walkthrough.id}.${step.id}: ${step.formula}`);
    }
  }
  assert.deepEqual(failed, []);
});
