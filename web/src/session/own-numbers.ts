// Numbers of a learner's own: a walkthrough whose file says `perLearner` gets, for the learner's
// id, each named matrix input drawn by the engine (lab.drawNumbers) from its grid, seeded by the
// id and `<walkthrough id>/<input>`, so a learner sees the same numbers on every visit, in every
// browser, and another learner other ones. The drawn numbers become the walkthrough's own: its
// steps, exercises, grading, reset and links all follow them. DOM-free.
import type { AttentionLab } from '../../lib/index.js';
import { t } from '../i18n/messages.js';
import { inputsProblem } from '../kinds/check-inputs.js';
import type { Step, Walkthrough } from '../model/types.js';
import { stepsToShow, type BuiltFrom } from './steps-on-read.js';

/** What is drawn for one input of one walkthrough: the engine's `draw`, part of the seed. */
export const drawName = (walkthrough: string, input: string): string => `${walkthrough}/${input}`;

/**
 * The walkthrough with the learner's numbers, or the refusal sentence (the engine's or the
 * kind's, naming `perLearner.<input>…` or `inputs.<input>…`). Unchanged when it draws nothing.
 */
export function withOwnNumbers(lab: AttentionLab, walkthrough: Walkthrough, learner: string): { walkthrough: Walkthrough } | { error: string } {
  const ranges = walkthrough.perLearner;
  if (!ranges) return { walkthrough };
  const inputs: Record<string, unknown> = { ...(walkthrough.inputs as Record<string, unknown>) };
  for (const [input, { from, to, step }] of Object.entries(ranges)) {
    const shape = inputs[input] as number[][];
    try {
      inputs[input] = lab.drawNumbers({ learner, draw: drawName(walkthrough.id, input), rows: shape.length, columns: shape[0].length, from, to, step }).numbers;
    } catch (error) {
      const { argument, message } = error as { argument?: string; message: string };
      // The learner's id is the page's to name; the grid's fields are the file's.
      return { error: argument && ['from', 'to', 'step'].includes(argument) ? `perLearner.${input}.${message}` : message };
    }
  }
  const problem = inputsProblem(walkthrough.kind, inputs, 'inputs');
  if (problem) return { error: problem };
  return { walkthrough: { ...walkthrough, inputs } as Walkthrough };
}

/**
 * The walkthrough as this learner opens it: with their numbers (and `drawnFor`, the id they were
 * drawn for) when it draws per learner and there is a learner; else as the file has it. A draw
 * the engine or the kind refuses is said in a notice, and the file's numbers are shown.
 */
export function ownNumbers(lab: AttentionLab, walkthrough: Walkthrough, learner: string | undefined, notify: (message: string) => void): { walkthrough: Walkthrough; drawnFor?: string } {
  if (!walkthrough.perLearner || learner === undefined) return { walkthrough };
  const drawn = withOwnNumbers(lab, walkthrough, learner);
  if ('error' in drawn) {
    notify(t('notice-own-numbers-refused', { reason: drawn.error }));
    return { walkthrough };
  }
  return { walkthrough: drawn.walkthrough, drawnFor: learner };
}

/** What a worksheet's version `k` (1, 2, …) is drawn for: the same in every language and on every printing. */
export const versionLearner = (k: number): string => `worksheet-${k}`;

/**
 * The steps of the open walkthrough as `learner` would see them (its own inputs, no trained
 * layer): a printed worksheet's version. Throws the refusal sentence when the draw is refused.
 */
export function stepsForLearner(open: BuiltFrom, learner: string): Step[] {
  const file = open.walkthrough;
  const drawn = withOwnNumbers(open.lab, file, learner);
  if ('error' in drawn) throw new Error(drawn.error);
  const { trained: _trained, ...rest } = open;
  return stepsToShow({ ...rest, walkthrough: drawn.walkthrough, inputs: drawn.walkthrough.inputs, edited: false, drawnFor: learner }).steps;
}
