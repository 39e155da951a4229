// Each type of exercise's answer control, by the type a walkthrough file gives (exercises/index.ts
// holds the same types' grading).
import type { Exercise } from '../../model/types.js';
import type { AnswerControlFactory } from './answer-control.js';
import { numericAnswer } from './numeric.js';
import { orderPassesAnswer } from './order-passes.js';
import { pickCellAnswer } from './pick-cell.js';
import { pickKeyAnswer } from './pick-key.js';

export const ANSWER_CONTROLS: Record<Exercise['type'], AnswerControlFactory> = {
  numeric: numericAnswer,
  'pick-key': pickKeyAnswer,
  'order-passes': orderPassesAnswer,
  value: numericAnswer,
  'pick-cell': pickCellAnswer,
  'cost-growth': numericAnswer,
  'rope-numeric': numericAnswer,
  'alibi-numeric': numericAnswer,
  'grouped-query-numeric': numericAnswer,
  'window-numeric': numericAnswer,
  'tokens-numeric': numericAnswer,
};
