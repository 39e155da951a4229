// What the engine draws for a learner in the shipped practice that gives every learner numbers of
// their own (worked-example-practice's perLearner): each input's matrix, as the page must show it.
// Shared by the browser tests of the page, the SCORM packages and the other browser engines.
import fs from 'node:fs';

/** The practice's file: its inputs (the shapes) and its grids. */
export const PRACTICE = JSON.parse(fs.readFileSync(new URL('../../web/src/walkthroughs/worked-example-practice.json', import.meta.url), 'utf8'));

/**
 * { query, key, value } drawn by `lab` for `learner`.
 * @param {import('attention-lab').AttentionLab} lab @param {string} learner
 */
export function drawnFor(lab, learner) {
  return Object.fromEntries(Object.entries(PRACTICE.perLearner).map(([input, { from, to, step }]) => {
    const shape = PRACTICE.inputs[input];
    return [input, lab.drawNumbers({ learner, draw: `worked-example-practice/${input}`, rows: shape.length, columns: shape[0].length, from, to, step }).numbers];
  }));
}

/**
 * The numbers of the inputs step's query, key and value panels, read back from their cells
 * (the page writes a minus as U+2212).
 * @param {import('playwright-core').Page | import('playwright-core').Frame} page
 */
export const shownInputs = (page) => page.evaluate(() => Object.fromEntries(['query', 'key', 'value'].map((panel) => {
  const figure = document.querySelector(`figure[data-panel="${panel}"]`);
  const rows = [...(figure?.querySelectorAll('tbody tr') ?? [])].map((tr) => [...tr.querySelectorAll('td[data-row]')].map((td) => Number((td.textContent ?? '').replace('−', '-'))));
  return [panel, rows];
})));
