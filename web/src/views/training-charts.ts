// The lesson's curves: the training loss (of the batch at each evaluated step) and the held-out
// loss, and the held-out accuracy, drawn with the chart widget (d3, loaded on demand) with its
// table of the same numbers. Points come from the session's curve, i.e. from the engine, at the
// fixed steps it evaluates; a diverged run's non-finite losses never reach it.
import type { ChartPanel } from '../model/types.js';
import type { TrainingSession } from '../session/training/training-session.js';
import { loadCharts } from '../widgets/chart-panel.js';
import { el } from '../widgets/dom.js';

export class TrainingCharts {
  private readonly loss = el('figure', { className: 'chart-panel', id: 'training-loss' });
  private readonly accuracy = el('figure', { className: 'chart-panel', id: 'training-accuracy' });
  readonly element = el('section', { className: 'training-charts', ariaLabelledBy: 'training-charts-heading' },
    el('h3', { id: 'training-charts-heading' }, 'Loss and accuracy'), this.loss, this.accuracy);

  constructor(private readonly session: TrainingSession) {}

  async draw(): Promise<void> {
    const { drawChart } = await loadCharts();
    const curve = this.session.curve.filter((p) => Number.isFinite(p.evaluation.loss));
    // The whole run's length from the start, so the curve grows across the chart.
    const xDomain: [number, number] = [0, Math.max(this.session.target, this.session.step)];
    const trained = curve.filter((p) => p.trainLoss !== undefined && Number.isFinite(p.trainLoss));
    const loss: ChartPanel = {
      type: 'chart',
      name: 'training-loss',
      caption: 'Cross-entropy loss: on the training batch of each step shown, and on the held-out set',
      xLabel: 'step',
      yLabel: 'loss',
      xScale: 'linear',
      xDomain,
      series: [
        { label: 'training batch', points: trained.map((p) => [p.step, p.trainLoss as number]) },
        { label: 'held-out', points: curve.map((p) => [p.step, p.evaluation.loss]) },
      ],
    };
    const accuracy: ChartPanel = {
      type: 'chart',
      name: 'training-accuracy',
      caption: this.session.config?.task === 'iris' ? 'Test accuracy (30 held-out flowers)' : 'Held-out accuracy (500 sequences, every scored position)',
      xLabel: 'step',
      yLabel: 'accuracy',
      xScale: 'linear',
      xDomain,
      series: [{ label: 'held-out accuracy', points: curve.map((p) => [p.step, p.evaluation.accuracy]) }],
      yDomain: [0, 1],
    };
    for (const [figure, panel] of [[this.loss, loss], [this.accuracy, accuracy]] as const) {
      // A redraw rebuilds the figure: a table the learner opened stays open.
      const open = figure.querySelector('details')?.open ?? false;
      drawChart(figure, panel);
      const details = figure.querySelector('details');
      if (details) details.open = open;
    }
  }
}
