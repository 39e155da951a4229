// The lesson's heads: every head's weights on the probe example (layer by layer), its score for
// the task's pattern in the engine's words, which head follows it most, the ideal pattern, and a
// button per head that switches it off for a held-out evaluation (the ablation), with the
// accuracy with and without it. Drawn from the training session; it asks nothing of the engine.
import type { TrainingSession } from '../session/training/training-session.js';
import { el } from '../widgets/dom.js';
import { headMap } from '../widgets/head-map.js';
import { formatFixed } from '../model/format.js';
import { featureLabels } from './iris-results.js';

const percent = (x: number) => `${formatFixed(100 * x, 1)} %`;
const headName = (layer: number, head: number) => `layer ${layer + 1} · head ${head + 1}`;

export class TrainingHeads {
  readonly element = el('section', { className: 'training-heads', ariaLabelledBy: 'training-heads-heading' });
  private readonly probe = el('dl', { className: 'probe' });
  private readonly summary = el('p', { className: 'head-summary' });
  private readonly ablation = el('p', { className: 'ablation-result', ariaLive: 'polite' });
  private readonly grid = el('div', { className: 'head-grid' });
  private readonly ideal = el('div', { className: 'ideal-pattern' });

  constructor(private readonly session: TrainingSession) {
    this.element.append(
      el('h3', { id: 'training-heads-heading' }, 'Every head on the probe example'),
      this.probe,
      this.summary,
      el('p', { className: 'hint' }, 'In each table a row is a query position (its input token on the left) and a column a key position: a row says where that position looks, and its weights add up to 1.'),
      el('p', { className: 'hint' }, 'Switch a head off to see how much the model needs it: the held-out set is evaluated again with that head’s output zeroed. Switch it on again with the same button.'),
      this.ablation,
      this.grid,
      this.ideal,
    );
  }

  draw(): void {
    const snapshot = this.session.snapshot;
    if (!snapshot) return;
    const { attention, headScores } = snapshot;
    // Iris labels each feature with the probe flower's measurement; toy tokens are themselves.
    const tokens = featureLabels(attention);
    this.probe.replaceChildren(
      el('dt', {}, 'Input'), el('dd', {}, tokens.join(attention.features ? ', ' : ' ')),
      el('dt', {}, 'Expected'), el('dd', {}, attention.targets.map((t) => t || '·').join(' ')),
      el('dt', {}, `Predicted at step ${snapshot.step}`), el('dd', {}, attention.predictions.map((p) => p || '·').join(' ')),
    );

    let best: [number, number] | undefined;
    headScores.scores.forEach((row, layer) => row.forEach((score, head) => {
      if (!best || score > (headScores.scores[best[0]]?.[best[1]] ?? -1)) best = [layer, head];
    }));
    const measure = `Score: ${headScores.measure} (0 … 1).`;
    this.summary.textContent = best
      ? `${measure} ${headScores.hasIdeal ? 'Closest to the task’s pattern' : 'Most concentrated'} at step ${snapshot.step}: ${headName(...best)}, ${formatFixed(headScores.scores[best[0]][best[1]], 2)}.`
      : measure;

    const { ablation } = this.session;
    this.ablation.textContent = ablation
      ? `At step ${ablation.step}, held-out accuracy with every head: ${percent(ablation.with.accuracy)}; with ${headName(ablation.layer, ablation.head)} switched off: ${percent(ablation.without.accuracy)}.`
      : '';

    this.grid.replaceChildren(...attention.weights.map((heads, layer) => el('div', { className: 'head-layer' },
      el('h4', {}, `Layer ${layer + 1}`),
      el('div', { className: 'head-row' }, ...heads.map((weights, head) => {
        const off = ablation?.layer === layer && ablation.head === head;
        const button = el('button', { type: 'button', className: 'ablate' }, 'Switch off');
        button.setAttribute('aria-pressed', String(off));
        button.setAttribute('aria-label', `Switch off ${headName(layer, head)}`);
        button.addEventListener('click', () => this.session.ablate(layer, head));
        const score = headScores.scores[layer]?.[head];
        const map = headMap({ caption: `${headName(layer, head)}${score === undefined ? '' : ` — score ${formatFixed(score, 2)}`}${off ? ' (switched off)' : ''}`, tokens, weights });
        // A click on the head itself does what its button does (the button is the keyboard's way).
        map.addEventListener('click', () => this.session.ablate(layer, head));
        map.title = `Click to switch ${headName(layer, head)} ${off ? 'on' : 'off'}`;
        const figure = el('figure', { className: `head${off ? ' switched-off' : ''}` }, map, button);
        figure.dataset.layer = String(layer);
        figure.dataset.head = String(head);
        return figure;
      })))));

    this.ideal.replaceChildren(...(headScores.ideal && headScores.ideal.length > 0
      ? [el('h4', {}, 'The ideal pattern for this task'), headMap({ caption: 'Where a head that solves the task would look', tokens, weights: headScores.ideal })]
      : []));
  }
}
