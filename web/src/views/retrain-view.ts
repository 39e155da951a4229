// What the page shows while it retrains the run a link names, before opening a walkthrough on
// its trained weights: what is being reproduced and why, and a progress bar (the engine trains
// in a Web Worker, so the page stays responsive; typical runs take well under a second).
import type { TrainedSource } from '../model/trained-layer.js';
import type { RetrainProgress } from '../session/training/trained-layer-source.js';
import { el, setText } from '../widgets/dom.js';
import { countSteps } from '../model/trained-layer.js';
import { trainingT as t } from '../session/training/words-en.js';

export class RetrainView {
  readonly element: HTMLElement;
  private readonly bar = el('progress', { id: 'retrain-progress' });
  private readonly status = el('p', { className: 'retrain-status', id: 'retrain-status', role: 'status' });

  constructor(source: TrainedSource, title: string, cancel: () => void) {
    const task = source.options.task ?? 'reverse';
    const { seed } = source.options;
    const args = { layer: String(source.layer + 1), task, steps: countSteps(source.steps) };
    const intro = seed === undefined ? t('retrain-intro', args) : t('retrain-intro-seed', { ...args, seed: String(seed) });
    this.bar.max = Math.max(1, source.steps);
    this.bar.value = 0;
    this.bar.setAttribute('aria-label', t('retrain-progress'));
    const stop = el('button', { type: 'button', id: 'retrain-cancel' }, t('retrain-cancel'));
    stop.addEventListener('click', cancel);
    this.element = el('section', { className: 'walkthrough-head retrain' },
      el('h2', { id: 'walkthrough-title', tabIndex: -1 }, t('retrain-title', { title })),
      el('p', { className: 'intro' }, `${intro} ${t('retrain-why')}`),
      this.bar, this.status, stop);
    this.update({ step: 0, target: source.steps });
  }

  update({ step, target }: RetrainProgress): void {
    this.bar.value = step;
    setText(this.status, t('train-status-step', { step: String(step), target: String(target) }));
  }
}
