// What the page shows while it retrains the run a link names, before opening a walkthrough on
// its trained weights: what is being reproduced and why, and a progress bar (the engine trains
// in a Web Worker, so the page stays responsive; typical runs take well under a second).
import type { TrainedSource } from '../model/trained-layer.js';
import type { RetrainProgress } from '../session/training/trained-layer-source.js';
import { el, setText } from '../widgets/dom.js';

export class RetrainView {
  readonly element: HTMLElement;
  private readonly bar = el('progress', { id: 'retrain-progress' });
  private readonly status = el('p', { className: 'retrain-status', id: 'retrain-status', role: 'status' });

  constructor(source: TrainedSource, title: string, cancel: () => void) {
    const task = source.options.task ?? 'reverse';
    this.bar.max = Math.max(1, source.steps);
    this.bar.value = 0;
    this.bar.setAttribute('aria-label', 'Retraining progress');
    const stop = el('button', { type: 'button', id: 'retrain-cancel' }, 'Use random weights instead');
    stop.addEventListener('click', cancel);
    this.element = el('section', { className: 'walkthrough-head retrain' },
      el('h2', { id: 'walkthrough-title', tabIndex: -1 }, `Training the model for “${title}”`),
      el('p', { className: 'intro' },
        `This walkthrough shows layer ${source.layer + 1} of a small transformer trained on the task ${task}${source.options.seed === undefined ? '' : ` (seed ${source.options.seed})`} for ${source.steps} steps. `
        + 'Rather than carry its weights in the link, the page trains it again here, in the background: the same options and seed give the same weights, bit for bit.'),
      this.bar, this.status, stop);
    this.update({ step: 0, target: source.steps });
  }

  update({ step, target }: RetrainProgress): void {
    this.bar.value = step;
    setText(this.status, `Step ${step} of ${target}`);
  }
}
