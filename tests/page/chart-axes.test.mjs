// Charts that show a relationship honestly: a quantity that grows in proportion to x is never drawn
// with a logarithmic x against a linear y (the straight line would bend into a curve that looks
// explosive). Every chart of every shipped stepped walkthrough is checked: a series whose points lie
// on a line y = a·x + b with a ≠ 0 must be drawn on axes of the same kind (both linear, or both
// logarithmic, where it stays a straight line).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import '../support/json-modules.mjs';
import { importCompiled } from '../support/compiled.mjs';
import { STEPPED } from '../support/shipped-walkthroughs.mjs';

const lab = await loadAttentionLab();
const { Session } = await importCompiled('session/session');

/** Whether the points lie on a line of nonzero slope (within rounding), from at least three points. */
function proportional(points) {
  if (points.length < 3) return false;
  const [[x0, y0], [x1, y1]] = [points[0], points[points.length - 1]];
  if (x1 === x0 || y1 === y0) return false;
  const slope = (y1 - y0) / (x1 - x0);
  return points.every(([x, y]) => Math.abs(y0 + slope * (x - x0) - y) <= 1e-9 * Math.max(1, Math.abs(y)));
}

const logX = (chart) => chart.xScale === 'log2';
const logY = (chart) => chart.yScale === 'log10';

/** Every chart panel of a walkthrough's steps, with where it is. */
async function charts(id) {
  const s = new Session(lab, { find: (name) => STEPPED.get(name), fallback: 'worked-example' });
  assert.equal(await s.open({ walkthrough: id, step: 'inputs' }), true, id);
  const found = [];
  for (let i = 0; i < s.steps.length; i += 1) {
    s.goTo(i);
    for (const panel of s.step.panels) if (panel.type === 'chart') found.push({ where: `${id}/${s.step.id}/${panel.name}`, panel });
  }
  return found;
}

describe('chart axes', () => {
  test('a series in proportion to x is drawn on axes of one kind (never log x against linear y)', async () => {
    let checked = 0;
    for (const id of STEPPED.keys()) {
      for (const { where, panel } of await charts(id)) {
        for (const series of panel.series) {
          if (!proportional(series.points)) continue;
          checked += 1;
          assert.equal(logX(panel), logY(panel), `${where}: “${series.label}” grows in proportion to x, drawn with ${panel.xScale} x and ${panel.yScale ?? 'linear'} y`);
        }
      }
    }
    // The √d_k lesson's prediction Var(q·k) = d_k is such a series: the check above saw it.
    assert.ok(checked >= 1, 'no proportional series was found to check');
  });

  test('why-scale: both variance charts are linear on both axes, and the log-x charts say so on their axis', async () => {
    const found = await charts('why-scale');
    const byName = new Map(found.map(({ panel }) => [panel.name, panel]));
    for (const name of ['variance-unscaled', 'variance-scaled']) {
      assert.equal(byName.get(name).xScale, 'linear', name);
      assert.equal(logY(byName.get(name)), false, name);
    }
    for (const name of ['peak', 'entropy', 'gradient']) {
      assert.equal(byName.get(name).xScale, 'log2', name);
      assert.match(byName.get(name).xLabel, /log scale/, name);
    }
  });
});
