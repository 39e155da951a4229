// The Iris classifier's own results in the lesson "Watch attention learn" (seed 003's model):
// the test accuracy as the engine reports it, the confusion matrix of the 30 test flowers as a
// table the learner reads (which species are taken for which), and the probe flower the heads
// below attend over, in cm and standardised. Hidden for the toy tasks. Every count and value is
// the engine's (trainer.evaluate(), trainer.attention()); this view only lays them out.
import type { TrainingSession } from '../session/training/training-session.js';
import type { TrainerAttention, TrainerEvaluation } from '../session/training/trainer-api.js';
import { el, setHidden, setText } from '../widgets/dom.js';
import { trainingT as t } from '../session/training/words-en.js';
import { formatFixed, formatNumber, formatPercent } from '../model/format.js';
import { heldOutWords } from '../session/training/held-out-lowest.js';

const flowers = (count: number) => t(count === 1 ? 'iris-flowers-one' : 'iris-flowers', { count: String(count) });

/** A head map's label for a feature: its name and the probe flower's measurement. */
export function featureLabels(attention: TrainerAttention): string[] {
  const { features, tokens } = attention;
  return features ? tokens.map((name, f) => `${name} ${formatFixed(features.cm[f] ?? NaN, 1)} cm`) : [...tokens];
}

/**
 * The largest off-diagonal count in words ("3 versicolor flowers taken for virginica"), or that
 * none was confused. A reading of the engine's counts, not a new number.
 */
function mostConfused({ classes, confusion }: TrainerEvaluation): string {
  let worst: [number, number, number] | undefined;
  confusion.forEach((row, truth) => row.forEach((count, predicted) => {
    if (truth !== predicted && count > 0 && (!worst || count > worst[2])) worst = [truth, predicted, count];
  }));
  if (!worst) return t('iris-none-confused');
  const [truth, predicted, count] = worst;
  return t('iris-most-confused', { flowers: flowers(count), truth: classes[truth], predicted: classes[predicted] });
}

function confusionTable({ classes, confusion }: TrainerEvaluation, step: number): HTMLTableElement {
  const table = el('table', { className: 'confusion', id: 'iris-confusion' });
  table.createCaption().textContent = t('iris-confusion-caption', { step: String(step) });
  const head = table.createTHead().insertRow();
  head.append(el('td', {}), ...classes.map((name) => {
    const th = el('th', {}, t('iris-predicted', { species: name }));
    th.scope = 'col';
    return th;
  }));
  const body = table.createTBody();
  confusion.forEach((row, truth) => {
    const tr = body.insertRow();
    const th = el('th', {}, t('iris-true', { species: classes[truth] ?? String(truth) }));
    th.scope = 'row';
    tr.append(th);
    row.forEach((count, predicted) => {
      const td = tr.insertCell();
      td.textContent = formatNumber(count);
      td.classList.toggle('right', truth === predicted);
      td.classList.toggle('confused', truth !== predicted && count > 0);
    });
  });
  return table;
}

function flowerTable(attention: TrainerAttention): HTMLTableElement | string {
  const { features, tokens, targets, predictions } = attention;
  if (!features) return '';
  const table = el('table', { className: 'probe-flower', id: 'iris-probe-flower' });
  table.createCaption().textContent = t('iris-probe-caption', { species: targets[0] ?? '?', predicted: predictions[0] || '?' });
  const head = table.createTHead().insertRow();
  for (const title of [t('iris-head-feature'), t('iris-head-measured'), t('iris-head-standardised')]) {
    const th = el('th', {}, title);
    th.scope = 'col';
    head.append(th);
  }
  const body = table.createTBody();
  tokens.forEach((name, f) => {
    const tr = body.insertRow();
    const th = el('th', {}, name);
    th.scope = 'row';
    tr.append(th, el('td', {}, formatFixed(features.cm[f] ?? NaN, 1)), el('td', { title: String(features.standardised[f]) }, formatFixed(features.standardised[f] ?? NaN, 3)));
  });
  return table;
}

export class IrisResults {
  readonly element = el('section', { className: 'training-iris', ariaLabelledBy: 'training-iris-heading', hidden: true });
  private readonly accuracy = el('p', { className: 'iris-accuracy', id: 'iris-accuracy' });
  private readonly confused = el('p', { className: 'iris-confused' });
  private readonly heldOut = el('p', { className: 'iris-held-out', id: 'iris-held-out' });
  private readonly tables = el('div', { className: 'iris-tables' });
  /** The snapshot drawn: the tables are rebuilt only for a new one. */
  private drawn: TrainingSession['snapshot'];

  constructor(private readonly session: TrainingSession) {
    this.element.append(
      el('h3', { id: 'training-iris-heading' }, t('iris-heading')),
      el('p', { className: 'hint' }, t('iris-hint')),
      this.accuracy,
      this.heldOut,
      this.tables,
    );
  }

  draw(): void {
    const snapshot = this.session.snapshot;
    setHidden(this.element, this.session.config?.task !== 'iris' || !snapshot);
    if (this.element.hidden || !snapshot || snapshot === this.drawn) return;
    this.drawn = snapshot;
    const { evaluation, attention, step } = snapshot;
    setText(this.accuracy, t('iris-accuracy', { step: String(step), accuracy: formatPercent(evaluation.accuracy), flowers: flowers(evaluation.scored) }));
    setText(this.heldOut, heldOutWords(this.session.curve));
    // The confusion in words sits under its table, which it reads.
    setText(this.confused, mostConfused(evaluation));
    this.tables.replaceChildren(el('div', { className: 'iris-confusion' }, confusionTable(evaluation, step), this.confused), flowerTable(attention));
  }
}
