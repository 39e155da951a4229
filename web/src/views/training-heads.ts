// The lesson's heads: every head's weights on the probe example (layer by layer), its score for
// the task's pattern in the engine's words (for a task whose heads divide the work, its score for
// each role, which head holds which, and the question "which head looks at the first position?"
// graded from those scores), which head follows it most, the ideal pattern, and a button per
// head that switches it off for a held-out evaluation (the ablation), with the accuracy with and
// without it, or back on. Drawn from the training session; it asks nothing of the engine.
// While a model trains it is redrawn in place: the same tables, buttons and listeners, with the
// cells whose weight changed rewritten, and nothing at all when the snapshot is the one drawn.
import type { TrainingSession } from '../session/training/training-session.js';
import { el, setAttr, setText } from '../widgets/dom.js';
import { HeadMap } from '../widgets/head-map.js';
import { formatFixed, formatPercent } from '../model/format.js';
import { featureLabels } from './iris-results.js';
import { trainingT as t } from '../session/training/words-en.js';
import type { TrainerHeadScores } from '../session/training/trainer-api.js';
import { gradeRole, roleHolders } from '../session/training/head-roles.js';
import './training-heads.css';

const headName = (layer: number, head: number) => t('train-head-name', { layer: String(layer + 1), head: String(head + 1) });

/**
 * A head's caption: its name, its score for the task's pattern (for a task whose heads divide
 * the work, its score for each role: "previous position 0.97, first position 0.01"), and whether
 * it is switched off.
 */
function headCaption(scores: TrainerHeadScores, layer: number, head: number, off: boolean): string {
  const name = headName(layer, head);
  if (scores.patterns.length > 0) {
    const roles = scores.patterns.map((p) => t('train-role-score', { role: t(`train-role-${p.name}`), score: formatFixed(p.scores[layer]?.[head] ?? 0, 2) })).join('; ');
    return t(off ? 'train-head-caption-roles-off' : 'train-head-caption-roles', { head: name, roles });
  }
  const score = scores.scores[layer]?.[head];
  if (score === undefined) return off ? t('train-head-caption-off', { head: name }) : name;
  return t(off ? 'train-head-caption-score-off' : 'train-head-caption-score', { head: name, score: formatFixed(score, 2) });
}

/** Which head holds each role at `step`, in the engine's numbers, or that the heads have not divided the work. */
function rolesSummary(scores: TrainerHeadScores, step: number): string {
  const holders = roleHolders(scores);
  if (!holders.every((h) => h.held)) return t('train-roles-undivided', { step: String(step) });
  return t('train-roles-divided', {
    step: String(step),
    roles: holders.map((h) => t('train-role-holder', { role: t(`train-role-${h.role}`), head: headName(h.best.layer, h.best.head), score: formatFixed(h.score, 2) })).join('; '),
  });
}

/** The role the lesson's question asks about. */
const ASKED_ROLE = 'first';

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
  /** "Which head looks at the first position?", one button per head, graded from the engine's scores. */
  private readonly question = el('fieldset', { className: 'head-question', hidden: true });
  private readonly answers = el('div', { className: 'head-answers' });
  private readonly feedback = el('p', { className: 'exercise-feedback', ariaLive: 'polite' });
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
      this.question,
      this.grid,
      this.ideal,
    );
    this.question.append(el('legend', {}, t(`train-question-${ASKED_ROLE}`)), this.answers, this.feedback);
  }

  /** Grades the answer `layer`, `head` from the head scores of the snapshot shown. */
  private answer(layer: number, head: number): void {
    const snapshot = this.session.snapshot;
    if (!snapshot) return;
    const grade = gradeRole(snapshot.headScores, ASKED_ROLE, { layer, head });
    const holder = roleHolders(snapshot.headScores).find((h) => h.role === ASKED_ROLE);
    const args = {
      step: String(snapshot.step), answer: headName(layer, head), head: holder ? headName(holder.best.layer, holder.best.head) : '',
      score: formatFixed(holder?.score ?? 0, 2), role: t(`train-role-${ASKED_ROLE}`),
    };
    this.feedback.dataset.result = grade === 'right' ? 'correct' : grade;
    setText(this.feedback, t(`train-question-${grade}`, args));
  }

  /** Draws the session's snapshot, one layer at a time with `pause()` between layers. */
  async draw(pause: () => Promise<void> = async () => {}): Promise<void> {
    const { snapshot, ablation } = this.session;
    if (!snapshot || (this.drawn?.[0] === snapshot && this.drawn[1] === ablation)) return;
    const previous = this.drawn;
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
    const task = this.session.config?.task ?? 'reverse';
    const measure = t('train-score', { measure: t(`train-measure-${task}`) });
    const divided = headScores.patterns.length > 0;
    setText(this.summary, divided
      ? `${t('train-score-roles', { measures: headScores.patterns.map((p) => t(`train-measure-${task}-${p.name}`)).join('; ') })} ${rolesSummary(headScores, snapshot.step)}`
      : best
      ? `${measure} ${t(headScores.hasIdeal ? 'train-best-ideal' : 'train-best-concentrated', {
        step: String(snapshot.step), head: headName(...best), value: formatFixed(headScores.scores[best[0]][best[1]], 2),
      })}`
      : measure);
    this.question.hidden = !divided || !headScores.patterns.some((p) => p.name === ASKED_ROLE);
    // An answer graded at another step would be read as this one's.
    this.drawn = [snapshot, ablation];
    if (previous?.[0]?.step !== snapshot.step) {
      delete this.feedback.dataset.result;
      setText(this.feedback, '');
    }
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
        map.update({ caption: headCaption(headScores, layer, head, off), tokens, weights });
        setAttr(map.element, 'title', t(off ? 'train-head-switch-on' : 'train-head-switch-off', { head: headName(layer, head) }));
        figure.classList.toggle('switched-off', off);
        figure.classList.toggle('has-roles', headScores.patterns.length > 0);
        // The button offers what it will do: a head switched off can only be switched on.
        setText(button, t(off ? 'train-switch-on' : 'train-switch-off'));
        setAttr(button, 'aria-label', t(off ? 'train-switch-on-label' : 'train-switch-off-label', { head: headName(layer, head) }));
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
    this.answers.replaceChildren(...counts.flatMap((count, layer) => Array.from({ length: count }, (_, head) => {
      const answer = el('button', { type: 'button', className: 'head-answer' }, headName(layer, head));
      answer.dataset.layer = String(layer);
      answer.dataset.head = String(head);
      answer.addEventListener('click', () => this.answer(layer, head));
      return answer;
    })));
    this.grid.replaceChildren(...this.heads.map((heads, layer) => el('div', { className: 'head-layer' },
      el('h4', {}, t('train-layer', { layer: String(layer + 1) })),
      el('div', { className: 'head-row' }, ...heads.map((h) => h.figure)))));
  }
}
