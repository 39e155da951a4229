// The page's two colour ramps (web/src/model/colour.ts) are d3-scale-chromatic's
// interpolateBlues and interpolatePuOr, rebuilt from ColorBrewer's schemes with d3-interpolate's B-spline (written
// out, so that the landing page carries neither every other scheme nor d3-color): the same colour at every point.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { interpolateBlues, interpolatePuOr } from 'd3-scale-chromatic';

import { importCompiled } from '../support/compiled.mjs';

const colour = await importCompiled('model/colour');

test('the sequential and diverging ramps give d3-scale-chromatic’s Blues and PuOr at 1,001 points', () => {
  for (let i = 0; i <= 1000; i += 1) {
    const t = i / 1000;
    assert.equal(colour.interpolateBlues(t), interpolateBlues(t), `Blues(${t})`);
    assert.equal(colour.interpolatePuOr(t), interpolatePuOr(t), `PuOr(${t})`);
  }
});
