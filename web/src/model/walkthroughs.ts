// The registry of lessons and their walkthroughs. Walkthroughs are JSON data in
// web/src/walkthroughs/; the order of LESSONS is the order of the menu.
import type { LessonId, Walkthrough } from './types.js';
import { LESSON_TITLES } from './lessons.js';
import softLookup from '../walkthroughs/soft-lookup.json';
import keyMoves from '../walkthroughs/key-moves.json';
import workedExample from '../walkthroughs/worked-example.json';
import attentionBackward from '../walkthroughs/attention-backward.json';
import causalMask from '../walkthroughs/causal-mask.json';
import paddingMask from '../walkthroughs/padding-mask.json';
import customMask from '../walkthroughs/custom-mask.json';
import fullyMasked from '../walkthroughs/fully-masked-row.json';
import fullyMaskedFill from '../walkthroughs/fully-masked-row-fill.json';
import sentence from '../walkthroughs/sentence-self-attention.json';
import modelReadsASentence from '../walkthroughs/model-reads-a-sentence.json';
import multiHead from '../walkthroughs/multi-head.json';
import modelHeadsOnASentence from '../walkthroughs/model-heads-on-a-sentence.json';
import crossAttention from '../walkthroughs/cross-attention.json';
import whyScale from '../walkthroughs/why-scale.json';
import entropyHeads from '../walkthroughs/entropy-heads.json';
import positionalEncoding from '../walkthroughs/positional-encoding.json';
import encoderLayer from '../walkthroughs/encoder-layer.json';
import flashWorkedExample from '../walkthroughs/flash-worked-example.json';
import flashCausalTiles from '../walkthroughs/flash-causal-tiles.json';
import kvCache from '../walkthroughs/kv-cache.json';
import rotaryPositions from '../walkthroughs/rotary-positions.json';
import alibi from '../walkthroughs/alibi.json';
import groupedQuery from '../walkthroughs/grouped-query.json';
import slidingWindow from '../walkthroughs/sliding-window.json';
import textToTokens from '../walkthroughs/text-to-tokens.json';
import languageModelStepByStep from '../walkthroughs/language-model-step-by-step.json';
import insideTheModel from '../walkthroughs/inside-the-model.json';
import linearAndSparse from '../walkthroughs/linear-and-sparse.json';
import attentionCost from '../walkthroughs/attention-cost.json';
import workedExamplePractice from '../walkthroughs/worked-example-practice.json';
import causalMaskPractice from '../walkthroughs/causal-mask-practice.json';
import tryAttentionFromScratch from '../walkthroughs/try-attention-from-scratch.json';
import tryCausalSix from '../walkthroughs/try-causal-six.json';
import tryOneHead from '../walkthroughs/try-one-head.json';
import tryPositionsFifty from '../walkthroughs/try-positions-fifty.json';
import watchAttentionLearn from '../walkthroughs/watch-attention-learn.json';
import trainYourOwn from '../walkthroughs/train-your-own.json';

export interface Lesson {
  id: LessonId;
  number: number;
  title: string;
  walkthroughs: Walkthrough[];
}

const all = [
  softLookup, keyMoves, workedExample, workedExamplePractice, tryAttentionFromScratch, attentionBackward, modelReadsASentence, sentence, causalMask, paddingMask, customMask, fullyMasked, fullyMaskedFill,
  causalMaskPractice, tryCausalSix,
  modelHeadsOnASentence, multiHead, tryOneHead, crossAttention, whyScale, entropyHeads, positionalEncoding, tryPositionsFifty, encoderLayer,
  flashWorkedExample, flashCausalTiles, kvCache, rotaryPositions, alibi, groupedQuery, slidingWindow, textToTokens, languageModelStepByStep, insideTheModel, trainYourOwn, linearAndSparse, attentionCost, watchAttentionLearn,
] as Walkthrough[];

/** Lessons that have at least one walkthrough, keeping their course numbers. */
export const LESSONS: Lesson[] = LESSON_TITLES.map(([id, title], index) => ({
  id,
  number: index + 1,
  title,
  walkthroughs: all.filter((w) => w.lesson === id),
})).filter((lesson) => lesson.walkthroughs.length > 0);

export const WALKTHROUGHS: ReadonlyMap<string, Walkthrough> = new Map(all.map((w) => [w.id, w]));

/**
 * Walkthroughs an instructor loaded (from a file, a link or a URL hash), after validation. Kept
 * apart from the shipped ones, whose ids they may not take.
 */
const custom = new Map<string, Walkthrough>();

export function addCustomWalkthrough(walkthrough: Walkthrough): void {
  custom.set(walkthrough.id, walkthrough);
}

/** Takes an instructor's walkthrough out of the page (the editor's draft, renamed). */
export function removeCustomWalkthrough(id: string): void {
  custom.delete(id);
}

export const customWalkthroughs = (): Walkthrough[] => [...custom.values()];

/** A shipped or loaded walkthrough by id. */
export const findWalkthrough = (id: string): Walkthrough | undefined => WALKTHROUGHS.get(id) ?? custom.get(id);

/** The landing walkthrough. */
export const DEFAULT_WALKTHROUGH = 'worked-example';
