// Pick the cell: the learner picks one cell of a matrix a step shows (the word a query attends to
// most, the most focused head, a score the mask blocks), on a grid of that matrix, numbers shown
// or hidden. The right cell is found by `rule` in the engine's numbers of that panel (the trace as
// the kind laid it out), within one row, one column or the whole matrix; the file never says it.
import { formatNumber } from '../model/format.js';
import { expected, oneOf, problem, string, wholeNumber } from '../model/json-checks.js';
import type { HeatmapPanel, MatrixPanel, PickCellExercise, PickRule } from '../model/types.js';
import type { ExerciseType } from './exercise-type.js';
import { panelLabels, panelOf, placedPanel } from './panel-of.js';
import { t } from '../i18n/messages.js';

const RULES: readonly PickRule[] = ['max', 'min', 'blocked'];

/** Most rows and columns of a matrix to pick from: every cell is a control on the page. */
export const PICK_GRID_MAX = 24;

type Grid = MatrixPanel | HeatmapPanel;

const isBlocked = (panel: Grid, i: number, j: number) => panel.type === 'matrix' && panel.blocked?.[i]?.[j] === 0;

/** The cells the learner picks from: the exercise's row, its column, or every cell. */
function region(exercise: PickCellExercise, panel: Grid): [number, number][] {
  const cells: [number, number][] = [];
  panel.data.forEach((values, i) => values.forEach((_, j) => {
    if ((exercise.row === undefined || exercise.row === i) && (exercise.column === undefined || exercise.column === j)) cells.push([i, j]);
  }));
  return cells;
}

/** The right cells by the rule, in the engine's numbers (several when tied); a blocked cell is never the largest or smallest. */
function rightCells(exercise: PickCellExercise, panel: Grid): [number, number][] {
  const cells = region(exercise, panel);
  if (exercise.rule === 'blocked') return cells.filter(([i, j]) => isBlocked(panel, i, j));
  const open = cells.filter(([i, j]) => !isBlocked(panel, i, j) && Number.isFinite(panel.data[i][j]));
  const values = open.map(([i, j]) => panel.data[i][j]);
  const best = exercise.rule === 'max' ? Math.max(...values) : Math.min(...values);
  return open.filter(([i, j]) => panel.data[i][j] === best);
}

const cellValue = (i: number, j: number) => `r${i}c${j}`;

type Labels = { rows: string[]; columns: string[] };

/** Where the cell is picked: "of row “cat”", "of column “mean”", "of the matrix". */
const where = (exercise: PickCellExercise, labels: Labels) =>
  exercise.row !== undefined ? t('pick-cell-of-row', { row: labels.rows[exercise.row] })
    : exercise.column !== undefined ? t('pick-cell-of-column', { column: labels.columns[exercise.column] }) : t('pick-cell-of-matrix');

/** The rule's words and where it looks: "the largest number of row “cat”". */
const wanted = (exercise: PickCellExercise, labels: Labels) =>
  t(`pick-cell-wanted-${exercise.rule}`, { where: where(exercise, labels) });

/** A row's or column's label, with its place when the label comes twice (the word "the" in a sentence). */
function placedName(names: readonly string[], k: number, place: 'row' | 'column'): string {
  const twice = names.indexOf(names[k]) !== names.lastIndexOf(names[k]);
  return twice ? t(`pick-cell-name-${place}`, { name: names[k], number: String(k + 1) }) : t('pick-cell-name', { name: names[k] });
}

const capitalised = (text: string) => `${text[0].toUpperCase()}${text.slice(1)}`;

export const pickCell: ExerciseType<PickCellExercise> = {
  interaction: 'choice',
  fields: ['step', 'panel', 'rule', 'row', 'column', 'numbers'],
  problem: (exercise, _sizes, at) => string(exercise.step, at('step'))
    ?? string(exercise.panel, at('panel'))
    ?? oneOf(RULES)(exercise.rule, at('rule'))
    ?? (exercise.row === undefined ? undefined : wholeNumber({ min: 0, max: PICK_GRID_MAX - 1 })(exercise.row, at('row')))
    ?? (exercise.column === undefined ? undefined : wholeNumber({ min: 0, max: PICK_GRID_MAX - 1 })(exercise.column, at('column')))
    ?? (exercise.row !== undefined && exercise.column !== undefined ? expected(at('column'), 'no column beside a row (the cell is picked within the row; leave both out for the whole matrix)', exercise.column) : undefined)
    ?? (exercise.numbers === undefined ? undefined : oneOf(['shown', 'hidden'])(exercise.numbers, at('numbers'))),
  placed(exercise, steps, at) {
    const placed = placedPanel(exercise, steps, at);
    if ('problem' in placed) return placed.problem;
    const { panel } = placed;
    const rows = panel.data.length;
    const columns = panel.data[0]?.length ?? 0;
    if (rows > PICK_GRID_MAX || columns > PICK_GRID_MAX) {
      return problem(at('panel'), `a matrix of at most ${PICK_GRID_MAX} rows and ${PICK_GRID_MAX} columns to pick from`, `"${exercise.panel}" (${rows} × ${columns})`);
    }
    if (exercise.row !== undefined && exercise.row >= rows) return problem(at('row'), `a row of ${exercise.panel}, 0 to ${rows - 1}`, String(exercise.row));
    if (exercise.column !== undefined && exercise.column >= columns) return problem(at('column'), `a column of ${exercise.panel}, 0 to ${columns - 1}`, String(exercise.column));
    if (rightCells(exercise, panel).length === 0) {
      return problem(at('rule'), exercise.rule === 'blocked' ? `a rule a cell there meets ("${exercise.panel}" has no blocked cell there)` : 'a rule a cell there meets', `"${exercise.rule}"`);
    }
    return undefined;
  },
  choices(exercise, { steps }) {
    const panel = panelOf(exercise, steps);
    if (!panel) return [];
    const labels = panelLabels(panel);
    return region(exercise, panel).map(([i, j]) => ({ value: cellValue(i, j), label: `${labels.rows[i]}, ${labels.columns[j]}` }));
  },
  grid(exercise, { steps }) {
    const panel = panelOf(exercise, steps);
    if (!panel || panel.data.length > PICK_GRID_MAX || (panel.data[0]?.length ?? 0) > PICK_GRID_MAX) return undefined;
    const labels = panelLabels(panel);
    return {
      caption: panel.caption,
      task: t('pick-cell-task', { wanted: wanted(exercise, labels) }),
      rowLabels: labels.rows,
      colLabels: labels.columns,
      // Hidden numbers hide the mask too, which would give a blocked cell away.
      ...(exercise.numbers === 'hidden' ? {} : { data: panel.data, ...(panel.type === 'matrix' && panel.blocked ? { blocked: panel.blocked } : {}) }),
      colour: panel.colour,
      ...(exercise.row === undefined ? {} : { row: exercise.row }),
      ...(exercise.column === undefined ? {} : { column: exercise.column }),
    };
  },
  grade(exercise, text, { steps }) {
    const panel = panelOf(exercise, steps);
    if (!panel) return { error: t('pick-cell-gone') };
    const labels = panelLabels(panel);
    const cells = region(exercise, panel);
    const match = /^r(\d+)c(\d+)$/.exec(text.trim());
    const [i, j] = match ? [Number(match[1]), Number(match[2])] : [-1, -1];
    if (!cells.some(([r, c]) => r === i && c === j)) {
      return { error: t('pick-cell-pick-one', { where: where(exercise, labels) }) };
    }
    const right = rightCells(exercise, panel);
    if (right.length === 0) return { error: t('pick-cell-none', { wanted: wanted(exercise, labels) }) };
    // Within a row a cell is named by its column, within a column by its row.
    const name = (r: number, c: number) => (exercise.row !== undefined ? placedName(labels.columns, c, 'column')
      : exercise.column !== undefined ? placedName(labels.rows, r, 'row') : t('pick-cell-name-both', { row: labels.rows[r], column: labels.columns[c] }));
    const number = (r: number, c: number) => (isBlocked(panel, r, c) ? t('pick-cell-blocked-word') : formatNumber(panel.data[r][c], 3));
    const rule = wanted(exercise, labels);
    const answer = exercise.rule === 'blocked'
      ? t('pick-cell-answer-blocked', { cells: right.map(([r, c]) => name(r, c)).join('; ') })
      : right.length === 1
        ? capitalised(t('pick-cell-answer', { wanted: rule, cell: name(...right[0]), number: number(...right[0]) }))
        : capitalised(t('pick-cell-answer-tie', { wanted: rule, number: number(...right[0]), cells: right.map(([r, c]) => name(r, c)).join(t('pick-cell-and-at')) }));
    const picked = { response: cellValue(i, j), given: name(i, j), answer, misconception: null };
    if (right.some(([r, c]) => r === i && c === j)) {
      // Cells tied with the pick are named: it is one of the largest (or smallest), not the only one.
      const others = right.filter(([r, c]) => r !== i || c !== j).map(([r, c]) => name(r, c)).join(t('list-and'));
      return {
        ...picked, correct: true,
        said: exercise.rule === 'blocked' ? t('pick-cell-right-blocked', { cell: name(i, j) })
          : others ? t('pick-cell-right-tie', { cell: name(i, j), number: number(i, j), wanted: rule, others })
            : t('pick-cell-right', { cell: name(i, j), number: number(i, j), wanted: rule }),
      };
    }
    const said = exercise.rule === 'blocked'
      ? t('pick-cell-wrong-open', { cell: name(i, j), number: number(i, j) })
      : isBlocked(panel, i, j)
        ? t('pick-cell-wrong-blocked', { cell: name(i, j) })
        : t(exercise.rule === 'max' ? 'pick-cell-wrong-more' : 'pick-cell-wrong-less', { cell: name(i, j), number: number(i, j) });
    return { ...picked, correct: false, said: capitalised(said) };
  },
};
