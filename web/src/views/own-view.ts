// What a view of its own (views/own-views.ts) is handed when the session opens a walkthrough it
// draws, and what it gives back: the contract between those views and the page.
import type { AttentionLab } from '../../lib/index.js';
import type { TrainedLayer } from '../model/trained-layer.js';
import type { Walkthrough } from '../model/types.js';
import type { TrainingPortFactory } from '../session/training/protocol.js';

/** What the page offers every view of its own. */
export interface OwnViewServices {
  /** The page's engine (a view that needs the full one loads it, as a worker does). */
  lab: AttentionLab;
  /** Where a training run goes: a Web Worker on the served page; on the page's thread without one. */
  trainingPort?: TrainingPortFactory;
  notify(message: string): void;
  /** For screen readers. */
  announce(message: string): void;
  /** Opens a walkthrough on a trained model's layer, as a new entry of the history. */
  openTrained(walkthrough: string, trained: TrainedLayer): void;
}

/** One walkthrough handed to the view that draws it. */
export interface OwnViewOpening {
  walkthrough: Walkthrough;
  /** Where it starts: the walkthrough's own inputs, or a link's. */
  inputs: Walkthrough['inputs'];
  /** Its lesson's label ("Lesson 23 · …"), its title and intro, as the stepped view heads a walkthrough. */
  heading: { label: string; title: string; intro: string };
  /** Tells the session what a link should now reproduce. */
  keep(inputs: Walkthrough['inputs']): void;
  services: OwnViewServices;
}

/** A walkthrough drawn by its view: the element laid out in the page's main area, and how to stop what it runs. */
export interface DrawnWalkthrough {
  readonly element: HTMLElement;
  dispose(): void;
}

export type DrawOwnView = (opening: OwnViewOpening) => DrawnWalkthrough;
