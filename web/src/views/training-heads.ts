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
import { trainingT as t } from '../session/training/words-en.js';
import './training-heads.css';

const headName = (layer: number, head: number) => t('train-head-name', { layer: String(layer + 1), head: String(head + 1) });

/** A head's caption: its name, its score for the task's pattern, whether it is switched off. */
function headCaption(head: string, score: number | undefined, off: boolean): string {
  if (score === undefined) return off ? t('train-head-caption-off', { head }) : head;
  return t(off ? 'train-head-caption-score-off' : 'train-head-caption-score', { head, score: formatFixed(score, 2) });
}

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
      el('h3', { id: 'training-heads-heading' }, t('train-heads-heading')),
      el('dl', { className: 'probe' }, el('dt', {}, t('train-probe-input')), this.input, el('dt', {}, t('train-probe-expected')), this.expected, this.predictedAt, this.predicted),
      this.summary,
      el('p', { className: 'hint' }, t('train-heads-hint-table')),
      el('p', { className: 'hint' }, t('train-heads-hint-switch')),
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
    setText(this.predictedAt, t('train-probe-predicted', { step: String(snapshot.step) }));
    setText(this.predicted, attention.predictions.map((p) => p || '·').join(' '));

    let best: [number, number] | undefined;
    headScores.scores.forEach((row, layer) => row.forEach((score, head) => {
      if (!best || score > (headScores.scores[best[0]]?.[best[1]] ?? -1)) best = [layer, head];
    }));
    // The engine says what a score measures (headScores.measure); its words are the catalogue's
    // train-measure-<task> (tests/page/i18n-views.test.mjs checks they are the same in English).
    const measure = t('train-score', { measure: t(`train-measure-${this.session.config?.task ?? 'reverse'}`) });
    setText(this.summary, best
      ? `${measure} ${t(headScores.hasIdeal ? 'train-best-ideal' : 'train-best-concentrated', {
        step: String(snapshot.step), head: headName(...best), value: formatFixed(headScores.scores[best[0]][best[1]], 2),
      })}`
      : measure);
    setText(this.ablation, ablation
      ? t('train-ablation', {
        step: String(ablation.step), with: formatPercent(ablation.with.accuracy),
        head: headName(ablation.layer, ablation.head), without: formatPercent(ablation.without.accuracy),
      })
      : '');

    if (attention.weights.map((heads) => heads.length).join() !== this.heads.map((heads) => heads.length).join()) this.build(attention.weights.map((heads) => heads.length));
    for (const [layer, heads] of attention.weights.entries()) {
      heads.forEach((weights, head) => {
        const { figure, map, button } = this.heads[layer][head];
        const off = ablation?.layer === layer && ablation.head === head;
        const score = headScores.scores[layer]?.[head];
        map.update({ caption: headCaption(headName(layer, head), score, off), tokens, weights });
        setAttr(map.element, 'title', t(off ? 'train-head-switch-on' : 'train-head-switch-off', { head: headName(layer, head) }));
        figure.classList.toggle('switched-off', off);
        setAttr(button, 'aria-pressed', String(off));
      });
      if (layer < attention.weights.length - 1) await pause();
    }

    const ideal = { caption: t('train-ideal-caption'), tokens, weights: headScores.ideal ?? [] };
    if (ideal.weights.length === 0) {
      this.idealMap = undefined;
      this.ideal.replaceChildren();
    } else if (this.idealMap) {
      this.idealMap.update(ideal);
    } else {
      this.idealMap = new HeadMap(ideal, t);
      this.ideal.replaceChildren(el('h4', {}, t('train-ideal-heading')), this.idealMap.element);
    }
  }

  /** A figure, a table and a button per head, `counts[layer]` heads in each layer. */
  private build(counts: number[]): void {
    this.heads = counts.map((count, layer) => Array.from({ length: count }, (_, head) => {
      const map = new HeadMap({ caption: '', tokens: [], weights: [] }, t);
      const button = el('button', { type: 'button', className: 'ablate' }, t('train-switch-off'));
      button.setAttribute('aria-label', t('train-switch-off-label', { head: headName(layer, head) }));
      button.addEventListener('click', () => this.session.ablate(layer, head));
      // A click on the head itself does what its button does (the button is the keyboard's way).
      map.element.addEventListener('click', () => this.session.ablate(layer, head));
      const figure = el('figure', { className: 'head' }, map.element, button);
      figure.dataset.layer = String(layer);
      figure.dataset.head = String(head);
      return { figure, map, button };
    }));
    this.grid.replaceChildren(...this.heads.map((heads, layer) => el('div', { className: 'head-layer' },
      el('h4', {}, t('train-layer', { layer: String(layer + 1) })),
      el('div', { className: 'head-row' }, ...heads.map((h) => h.figure)))));
  }
}
