// The lesson's curves: the training loss (of the batch at each evaluated step) and the held-out
// loss, and the held-out accuracy, drawn with the chart widget (d3, loaded on demand) with its
// table of the same numbers. Points come from the session's curve, i.e. from the engine, at the
// fixed steps it evaluates; a diverged run's non-finite losses never reach it. While a model
// trains, a redraw adds the new points to the charts (and rows to a table only while it is open).
import type { ChartPanel } from '../model/types.js';
import type { CurvePoint, TrainingSession } from '../session/training/training-session.js';
import type { Chart } from '../widgets/chart.js';
import { loadCharts } from '../widgets/chart-panel.js';
import { el } from '../widgets/dom.js';
import { trainingT as t } from '../session/training/words-en.js';

export class TrainingCharts {
  private readonly loss = el('figure', { className: 'chart-panel', id: 'training-loss' });
  private readonly accuracy = el('figure', { className: 'chart-panel', id: 'training-accuracy' });
  readonly element = el('section', { className: 'training-charts', ariaLabelledBy: 'training-charts-heading' },
    el('h3', { id: 'training-charts-heading' }, t('train-charts-heading')), this.loss, this.accuracy);
  private charts: [Chart, Chart] | undefined;
  /** What was drawn last: the curve changes only with a new snapshot (or a new run). */
  private drawn: [CurvePoint[], number, CurvePoint | undefined, number, string | undefined] | undefined;

  constructor(private readonly session: TrainingSession) {}

  /** Adds what is new to both charts, with `pause()` between them. */
  async draw(pause: () => Promise<void> = async () => {}): Promise<void> {
    const { Chart: ChartClass } = await loadCharts();
    const { session } = this;
    // The whole run's length from the start, so the curve grows across the chart.
    const xMax = Math.max(session.target, session.step);
    const task = session.config?.task;
    const drawn: NonNullable<TrainingCharts['drawn']> = [session.curve, session.curve.length, session.curve[session.curve.length - 1], xMax, task];
    if (this.drawn?.every((part, i) => part === drawn[i])) return;
    this.drawn = drawn;
    this.charts ??= [new ChartClass(this.loss, { live: true }), new ChartClass(this.accuracy, { live: true })];
    const curve = session.curve.filter((p) => Number.isFinite(p.evaluation.loss));
    const xDomain: [number, number] = [0, xMax];
    const trained = curve.filter((p) => p.trainLoss !== undefined && Number.isFinite(p.trainLoss));
    const loss: ChartPanel = {
      type: 'chart',
      name: 'training-loss',
      caption: t('train-loss-caption'),
      xLabel: t('train-chart-step'),
      yLabel: t('train-chart-loss'),
      xScale: 'linear',
      xDomain,
      series: [
        { label: t('train-series-batch'), points: trained.map((p) => [p.step, p.trainLoss as number]) },
        { label: t('train-series-held-out'), points: curve.map((p) => [p.step, p.evaluation.loss]) },
      ],
    };
    const accuracy: ChartPanel = {
      type: 'chart',
      name: 'training-accuracy',
      caption: t(task === 'iris' ? 'train-accuracy-caption-iris' : 'train-accuracy-caption'),
      xLabel: t('train-chart-step'),
      yLabel: t('train-chart-accuracy'),
      xScale: 'linear',
      xDomain,
      series: [{ label: t('train-series-accuracy'), points: curve.map((p) => [p.step, p.evaluation.accuracy]) }],
      yDomain: [0, 1],
    };
    this.charts[0].update(loss);
    await pause();
    this.charts[1].update(accuracy);
  }
}
