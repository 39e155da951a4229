// A training speed in the lesson's words, for the speed control and its announcement.
import type { TrainingSpeed } from '../../kinds/training/inputs.js';
import { trainingT as t } from './words-en.js';

/** "One step per press", "1 step a second", "25 steps a second", "As fast as it can". */
export const speedName = (speed: TrainingSpeed): string =>
  speed === 'step' || speed === 'max' || speed === '1' ? t(`train-speed-${speed}`) : t('train-speed-per-second', { speed });
