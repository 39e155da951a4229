// The registry of kinds of walkthrough: the one list of them, one line per kind, each its
// descriptor (kinds/<kind>/kind.ts), in the order the walkthrough format lists them. The
// descriptors are small (inputs, engine, charts, exercises, steps' stages, or the view of its own
// that draws it); each kind's module is loaded on demand, so a page that opens one lesson fetches
// that lesson's code only.
import type { Kind, Walkthrough } from '../model/types.js';
import { loadCatalogues } from '../i18n/messages.js';
import type { AnyKindDescriptor, KindDescriptor } from './descriptor.js';
import type { AnyKindModule } from './kind.js';
import attention from './attention/kind.js';
import attentionBackward from './attention-backward/kind.js';
import multiHead from './multi-head/kind.js';
import positional from './positional/kind.js';
import encoder from './encoder/kind.js';
import scaling from './scaling/kind.js';
import entropy from './entropy/kind.js';
import flash from './flash/kind.js';
import kvCache from './kv-cache/kind.js';
import rope from './rope/kind.js';
import alibi from './alibi/kind.js';
import groupedQuery from './grouped-query/kind.js';
import slidingWindow from './sliding-window/kind.js';
import tokens from './tokens/kind.js';
import languageModel from './language-model/kind.js';
import insideModel from './inside-model/kind.js';
import modelSentence from './model-sentence/kind.js';
import efficient from './efficient/kind.js';
import cost from './cost/kind.js';
import training from './training/kind.js';
import textTraining from './text-training/kind.js';

const REGISTRY = {
  attention,
  'attention-backward': attentionBackward,
  'multi-head': multiHead,
  positional,
  encoder,
  scaling,
  entropy,
  flash,
  'kv-cache': kvCache,
  rope,
  alibi,
  'grouped-query': groupedQuery,
  'sliding-window': slidingWindow,
  tokens,
  'language-model': languageModel,
  'inside-model': insideModel,
  'model-sentence': modelSentence,
  efficient,
  cost,
  training,
  'text-training': textTraining,
} satisfies { readonly [K in Kind]: KindDescriptor<K, never> | { kind: K } };

/** The kinds of walkthrough, in the registry's order. */
export const KINDS = Object.keys(REGISTRY) as Kind[];

/** Whether `name` is a kind of walkthrough (a file's `kind` before it is checked). */
export const isKind = (name: unknown): name is Kind => typeof name === 'string' && Object.hasOwn(REGISTRY, name);

/** The descriptor of `kind`, seen without its kind's types. */
export const descriptorOf = (kind: Kind): AnyKindDescriptor => REGISTRY[kind] as unknown as AnyKindDescriptor;

/** Whether a walkthrough can show a trained layer: a kind that trains, and self-attention (no source sentence). */
export function acceptsTrainedWeights(walkthrough: Walkthrough): boolean {
  return descriptorOf(walkthrough.kind).trains === true && !('sourceTokens' in walkthrough.inputs && walkthrough.inputs.sourceTokens !== undefined);
}

const loaded = new Map<Kind, Promise<AnyKindModule>>();

/** Whether the steps of `kind`'s walkthroughs are built by a module (not drawn by a view of their own). */
export const isStepped = (kind: Kind): boolean => descriptorOf(kind).load !== undefined;

/** The module of `kind`, loaded once; a kind drawn by a view of its own has none (the session never asks). */
export function loadKind(kind: Kind): Promise<AnyKindModule> {
  let module = loaded.get(kind);
  if (!module) {
    const { load } = descriptorOf(kind);
    if (!load) return Promise.reject(new Error(`walkthroughs of kind "${kind}" are drawn by the view "${String(descriptorOf(kind).view)}", which brings its own code`));
    // Its code registers its words (kinds/<kind>/words-en.ts); in another language they are
    // fetched before it builds a step.
    module = load().then(async (m) => {
      await loadCatalogues();
      return m.default as AnyKindModule;
    });
    // A chunk that failed to load (offline, a new deployment) is tried again next time.
    module.catch(() => loaded.delete(kind));
    loaded.set(kind, module);
  }
  return module;
}
