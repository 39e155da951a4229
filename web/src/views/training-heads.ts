// The lesson's heads: every head's weights on the probe example (layer by layer), its score for
// the task's pattern in the engine's words, which head follows it most, the ideal pattern, and a
// button per head that switches it off for a held-out evaluation (the ablation), with the
// accuracy with and without it. Drawn from the training session; it asks nothing of the engine.
// While a model trains it is redrawn in place: the same tables, buttons and listeners, with the
// cells whose weight changed rewritten, and nothing at all when the snapshot is the one drawn.
import type { TrainingSession } from '../session/training/training-session.js';
import { el, setAttr, setText } from '../widgets/dom.js';
import { HeadMap } from '../widgets/head-map.js';
import { formatFixed, formatPercent } from '../model/format.js';
import { featureLabels } from './iris-results.js';

const headName = (layer: number, head: number) => `layer ${layer + 1} · head ${head + 1}`;

interface HeadView {
  figure: HTMLElement;
  map: HeadMap;
  button: HTMLButtonElement;
}

export class TrainingHeads {
  readonly element = el('section', { className: 'training-heads', ariaLabelledBy: 'training-heads-heading' });
  private readonly input = el('dd');
  private readonly expected = el('dd');
  private readonly predictedAt = el('dt');
  private readonly predicted = el('dd');
  private readonly summary = el('p', { className: 'head-summary' });
  private readonly ablation = el('p', { className: 'ablation-result', ariaLive: 'polite' });
  private readonly grid = el('div', { className: 'head-grid' });
  private readonly ideal = el('div', { className: 'ideal-pattern' });
  private idealMap: HeadMap | undefined;
  /** Layers × heads of the grid built, by layer. */
  private heads: HeadView[][] = [];
  /** What was drawn last: a redraw with the same snapshot and ablation has nothing to do. */
  private drawn: [TrainingSession['snapshot'], TrainingSession['ablation']] | undefined;

  constructor(private readonly session: TrainingSession) {
    this.element.append(
      el('h3', { id: 'training-heads-heading' }, 'Every head on the probe example'),
      el('dl', { className: 'probe' }, el('dt', {}, 'Input'), this.input, el('dt', {}, 'Expected'), this.expected, this.predictedAt, this.predicted),
      this.summary,
      el('p', { className: 'hint' }, 'In each table a row is a query position (its input token on the left) and a column a key position: a row says where that position looks, and its weights add up to 1.'),
      el('p', { className: 'hint' }, 'Switch a head off to see how much the model needs it: the held-out set is evaluated again with that head’s output zeroed. Switch it on again with the same button.'),
      this.ablation,
      this.grid,
      this.ideal,
    );
  }

  /** Draws the session's snapshot, one layer at a time with `pause()` between layers. */
  async draw(pause: () => Promise<void> = async () => {}): Promise<void> {
    const { snapshot, ablation } = this.session;
    if (!snapshot || (this.drawn?.[0] === snapshot && this.drawn[1] === ablation)) return;
    this.drawn = [snapshot, ablation];
    const { attention, headScores } = snapshot;
    // Iris labels each feature with the probe flower's measurement; toy tokens are themselves.
    const tokens = featureLabels(attention);
    setText(this.input, tokens.join(attention.features ? ', ' : ' '));
    setText(this.expected, attention.targets.map((t) => t || '·').join(' '));
    setText(this.predictedAt, `Predicted at step ${snapshot.step}`);
    setText(this.predicted, attention.predictions.map((p) => p || '·').join(' '));

    let best: [number, number] | undefined;
    headScores.scores.forEach((row, layer) => row.forEach((score, head) => {
      if (!best || score > (headScores.scores[best[0]]?.[best[1]] ?? -1)) best = [layer, head];
    }));
    const measure = `Score: ${headScores.measure} (0 … 1).`;
    setText(this.summary, best
      ? `${measure} ${headScores.hasIdeal ? 'Closest to the task’s pattern' : 'Most concentrated'} at step ${snapshot.step}: ${headName(...best)}, ${formatFixed(headScores.scores[best[0]][best[1]], 2)}.`
      : measure);
    setText(this.ablation, ablation
      ? `At step ${ablation.step}, held-out accuracy with every head: ${formatPercent(ablation.with.accuracy)}; with ${headName(ablation.layer, ablation.head)} switched off: ${formatPercent(ablation.without.accuracy)}.`
      : '');

    if (attention.weights.map((heads) => heads.length).join() !== this.heads.map((heads) => heads.length).join()) this.build(attention.weights.map((heads) => heads.length));
    for (const [layer, heads] of attention.weights.entries()) {
      heads.forEach((weights, head) => {
        const { figure, map, button } = this.heads[layer][head];
        const off = ablation?.layer === layer && ablation.head === head;
        const score = headScores.scores[layer]?.[head];
        map.update({ caption: `${headName(layer, head)}${score === undefined ? '' : ` — score ${formatFixed(score, 2)}`}${off ? ' (switched off)' : ''}`, tokens, weights });
        setAttr(map.element, 'title', `Click to switch ${headName(layer, head)} ${off ? 'on' : 'off'}`);
        figure.classList.toggle('switched-off', off);
        setAttr(button, 'aria-pressed', String(off));
      });
      if (layer < attention.weights.length - 1) await pause();
    }

    const ideal = { caption: 'Where a head that solves the task would look', tokens, weights: headScores.ideal ?? [] };
    if (ideal.weights.length === 0) {
      this.idealMap = undefined;
      this.ideal.replaceChildren();
    } else if (this.idealMap) {
      this.idealMap.update(ideal);
    } else {
      this.idealMap = new HeadMap(ideal);
      this.ideal.replaceChildren(el('h4', {}, 'The ideal pattern for this task'), this.idealMap.element);
    }
  }

  /** A figure, a table and a button per head, `counts[layer]` heads in each layer. */
  private build(counts: number[]): void {
    this.heads = counts.map((count, layer) => Array.from({ length: count }, (_, head) => {
      const map = new HeadMap({ caption: '', tokens: [], weights: [] });
      const button = el('button', { type: 'button', className: 'ablate' }, 'Switch off');
      button.setAttribute('aria-label', `Switch off ${headName(layer, head)}`);
      button.addEventListener('click', () => this.session.ablate(layer, head));
      // A click on the head itself does what its button does (the button is the keyboard's way).
      map.element.addEventListener('click', () => this.session.ablate(layer, head));
      const figure = el('figure', { className: 'head' }, map.element, button);
      figure.dataset.layer = String(layer);
      figure.dataset.head = String(head);
      return { figure, map, button };
    }));
    this.grid.replaceChildren(...this.heads.map((heads, layer) => el('div', { className: 'head-layer' },
      el('h4', {}, `Layer ${layer + 1}`),
      el('div', { className: 'head-row' }, ...heads.map((h) => h.figure)))));
  }
}
