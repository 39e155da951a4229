// What is open in a session, read-only: the walkthrough, its inputs, steps and trace, the step
// shown, the weights on screen and what a link keeps of them, and the numbers read from them (a
// cell's arithmetic, the whole example as a file, another learner's steps). Session (session.ts) makes every
// change; this is what views and the URL sync read.
import type { AttentionLab } from '../../lib/index.js';
import type { OwnView } from '../kinds/descriptor.js';
import type { Explanation } from '../kinds/kind.js';
import { explainCell } from '../kinds/shared/explain.js';
import { acceptsTrainedWeights } from '../kinds/index.js';
import type { MatrixPanel, Step, Walkthrough } from '../model/types.js';
import type { ExampleFile, ExampleFormat } from './example-file.js';
import { weightsLabel, type TrainedLayer } from '../model/trained-layer.js';
import type { PageState } from '../state/url-state.js';
import type { OnScreen } from './steps-on-read.js';
import { stepsForLearner } from './own-numbers.js';

type Inputs = Walkthrough['inputs'];

/** A walkthrough drawn by a view of its own: no steps, its inputs as that view last reported them. */
export interface OwnViewOpen {
  walkthrough: Walkthrough;
  view: OwnView;
  inputs: Inputs;
  edited: boolean;
}

export class OpenWalkthrough {
  /** What is on screen; replaced whole on every change, so a refused change leaves it as it was. */
  protected current: OnScreen | undefined;
  /** Open instead of `current` when the walkthrough's kind is drawn by a view of its own. */
  protected own: OwnViewOpen | undefined;

  get walkthrough(): Walkthrough | undefined {
    return this.current?.walkthrough ?? this.own?.walkthrough;
  }

  get inputs(): Inputs | undefined {
    return this.current?.inputs ?? this.own?.inputs;
  }

  /** The view of its own that draws the open walkthrough, or undefined when its steps are shown. */
  get view(): OwnView | undefined {
    return this.own?.view;
  }

  get steps(): Step[] {
    return this.current?.built.steps ?? [];
  }

  /** The engine trace the steps were built from (its type is the kind's). */
  get trace(): unknown {
    return this.current?.built.trace;
  }

  get index(): number {
    return this.current?.index ?? 0;
  }

  get step(): Step | undefined {
    return this.steps[this.index];
  }

  /**
   * The learner id the walkthrough's numbers were drawn for, when they are a learner's own
   * (its file's `perLearner`, own-numbers.ts); undefined for the file's numbers.
   */
  get drawnFor(): string | undefined {
    return this.current?.drawnFor;
  }

  /**
   * The open walkthrough's steps on the numbers it draws for `learner` (a printed worksheet's
   * version: own-numbers.ts), built by the engine like those on screen; [] when nothing is open.
   * Throws the refusal sentence when the draw is refused.
   */
  stepsFor(learner: string): Step[] {
    return this.current ? stepsForLearner(this.current, learner) : [];
  }

  /** The engine the open walkthrough runs on (the page's, or the full one), or undefined. */
  get engine(): AttentionLab | undefined {
    return this.current?.lab;
  }

  /** The trained layer on screen, or undefined when the weights are the walkthrough's seeded ones. */
  get trained(): TrainedLayer | undefined {
    return this.current?.trained;
  }

  /** Whether the open walkthrough can show a trained layer (a self-attention multi-head or encoder walkthrough). */
  get acceptsTrained(): boolean {
    return this.current ? acceptsTrainedWeights(this.current.walkthrough) : false;
  }

  /**
   * Where the weights on screen come from, in words for the header ("Trained weights: the toy
   * task “reverse” on digits, …" or "Random, untrained weights (seed 3): nothing learned");
   * undefined for walkthroughs with no weights to choose.
   */
  get weightsSource(): string | undefined {
    const c = this.current;
    if (!c || !acceptsTrainedWeights(c.walkthrough)) return undefined;
    return weightsLabel(c.trained, (c.inputs as { seed: number }).seed);
  }

  /** The current walkthrough, step and edited inputs: what a link or an embed reproduces. */
  get state(): PageState | undefined {
    const { own } = this;
    if (own) return { walkthrough: own.walkthrough.id, step: 'inputs', inputs: own.edited ? own.inputs : undefined };
    const c = this.current;
    if (!c) return undefined;
    const state: PageState = { walkthrough: c.walkthrough.id, step: c.built.steps[c.index].id, inputs: c.edited ? c.inputs : undefined };
    // A trained layer is kept as the run that reproduces it; random weights are every walkthrough's default.
    return c.trained ? { ...state, weights: c.trained.source } : state;
  }

  // ---- reading the numbers --------------------------------------------------------------------

  /** The arithmetic behind a cell, from the engine; undefined when the panel explains none. */
  explain(panel: MatrixPanel, row: number, column: number): Explanation | undefined {
    // A panel names the attention call its numbers come from, whatever the kind of walkthrough.
    const c = this.current;
    if (!panel.explain || !c) return undefined;
    if (panel.explain.stage === 'trace') return c.kind.explain?.(c.built, panel, row, column);
    return explainCell(c.lab, panel.explain, panel, row, column);
  }

  /** The whole example as a file, from the steps and trace on screen (its writers fetched when first asked for). */
  async example(format: ExampleFormat): Promise<ExampleFile> {
    const c = this.current as OnScreen;
    const { exampleFile } = await import('./example-file.js');
    return exampleFile(c.walkthrough, c.inputs, c.kind, c.built, c.built.steps[c.index], format, c.trained);
  }
}
