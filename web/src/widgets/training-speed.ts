// How fast the lesson trains: a labelled select of the speeds (one step per press, so many steps a
// second, as fast as it can), which the keyboard works as any select. The choice is handed to the
// view at once; the session announces it. Its words are the training lesson's catalogue.
import { SPEEDS, type TrainingSpeed } from '../kinds/training/inputs.js';
import type { t as Words } from '../i18n/messages.js';
import { el } from './dom.js';

export interface TrainingSpeedControl {
  element: HTMLElement;
  show(speed: TrainingSpeed): void;
}

/** `name(speed)` says a speed in words ("25 steps a second"); `t` gives the control's label and hint. */
export function trainingSpeed(onSpeed: (speed: TrainingSpeed) => void, name: (speed: TrainingSpeed) => string, t: typeof Words): TrainingSpeedControl {
  const select = el('select', { id: 'train-speed' }, ...SPEEDS.map((speed) => el('option', { value: speed }, name(speed))));
  select.title = t('train-speed-help');
  select.addEventListener('change', () => onSpeed(select.value as TrainingSpeed));
  return {
    element: el('label', { className: 'training-speed' }, t('train-speed'), select),
    show(speed) {
      select.value = speed;
    },
  };
}
