// The training lesson's way out to the walkthroughs: "Open in the multi-head walkthrough" and
// "Open in the encoder walkthrough", on one layer of the model as it is (paused or finished), so
// the learner steps through that layer's arithmetic on the trained weights.
import type { TrainedLayer } from '../model/trained-layer.js';
import { layerOfSession } from '../session/training/trained-layer-source.js';
import type { TrainingSession } from '../session/training/training-session.js';
import { el, setText } from '../widgets/dom.js';
import { trainingT as t } from '../session/training/words-en.js';

/** The walkthroughs that can show a trained layer, with their buttons' words (message ids). */
export const TRAINED_WALKTHROUGHS = [
  { id: 'multi-head', label: 'open-trained-multi-head' },
  { id: 'encoder-layer', label: 'open-trained-encoder-layer' },
] as const;

export type TrainedWalkthrough = (typeof TRAINED_WALKTHROUGHS)[number]['id'];

export class OpenTrainedControls {
  readonly element: HTMLElement;
  private readonly layer = el('select', { id: 'open-trained-layer' });
  private readonly layerLabel = el('label', { className: 'open-trained-layer' }, `${t('open-trained-layer')} `, this.layer);
  private readonly buttons: HTMLButtonElement[];
  private readonly hint = el('p', { className: 'open-trained-hint', id: 'open-trained-hint' });

  constructor(
    private readonly session: TrainingSession,
    private readonly onOpen: (walkthrough: TrainedWalkthrough, trained: TrainedLayer) => void,
    private readonly notify: (message: string) => void,
  ) {
    this.buttons = TRAINED_WALKTHROUGHS.map(({ id, label }) => {
      const button = el('button', { type: 'button', id: `open-${id}` }, t(label));
      button.setAttribute('aria-describedby', 'open-trained-hint');
      button.addEventListener('click', () => void this.open(id));
      return button;
    });
    this.layer.addEventListener('change', () => this.update());
    this.element = el('div', { className: 'open-trained', role: 'group', ariaLabel: t('open-trained-group') },
      el('span', { className: 'open-trained-label' }, t('open-trained-label')), this.layerLabel, ...this.buttons, this.hint);
  }

  /** Follows the session: enabled when paused or finished, one choice per layer of the model. */
  update(): void {
    const { session } = this;
    const layers = session.config?.model.layers ?? 1;
    if (this.layer.options.length !== layers) {
      this.layer.replaceChildren(...Array.from({ length: layers }, (_, i) => el('option', { value: String(i) }, String(i + 1))));
    }
    this.layerLabel.hidden = layers < 2;
    const ready = (session.state === 'paused' || session.state === 'finished') && session.step > 0;
    for (const button of this.buttons) button.disabled = !ready;
    setText(this.hint, ready
      ? t('open-trained-hint', { layer: String(Number(this.layer.value || 0) + 1), step: String(session.step) })
      : t('open-trained-wait'));
  }

  private async open(walkthrough: TrainedWalkthrough): Promise<void> {
    try {
      this.onOpen(walkthrough, await layerOfSession(this.session, Number(this.layer.value || 0)));
    } catch (error) {
      this.notify((error as Error).message);
    }
  }
}
