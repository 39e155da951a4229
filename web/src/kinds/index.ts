// The registry of kinds of walkthrough: kind → its input rules, which the walkthrough validator
// and the link's inputs need at once (small), and its module, loaded on demand, so a page that
// opens one lesson fetches that lesson's code only. Adding a kind: its folder kinds/<kind>/
// (index.ts, rules.ts), its inputs' type in model/types.ts, and its line in each table here.
import type { Walkthrough } from '../model/types.js';
import { loadCatalogues } from '../i18n/messages.js';
import { attentionRules } from './attention/rules.js';
import { attentionBackwardRules } from './attention-backward/rules.js';
import { costRules } from './cost/rules.js';
import { efficientRules } from './efficient/rules.js';
import { encoderRules } from './encoder/rules.js';
import { entropyRules } from './entropy/rules.js';
import type { AnyKindModule, KindModule } from './kind.js';
import { multiHeadRules } from './multi-head/rules.js';
import { positionalRules } from './positional/rules.js';
import { scalingRules } from './scaling/rules.js';
import { flashRules } from './flash/rules.js';
import { kvCacheRules } from './kv-cache/rules.js';
import type { InputsOf, InputsRules, Kind } from './shared/rules.js';

/** Each kind's input rules, in the order the walkthrough format lists the kinds. */
export const KIND_RULES: { [K in Kind]: InputsRules<InputsOf<K>> } = {
  attention: attentionRules,
  'attention-backward': attentionBackwardRules,
  'multi-head': multiHeadRules,
  positional: positionalRules,
  encoder: encoderRules,
  scaling: scalingRules,
  entropy: entropyRules,
  flash: flashRules,
  'kv-cache': kvCacheRules,
  efficient: efficientRules,
  cost: costRules,
};

/** Each loader must give the module of its own kind (checked here, by the types). */
const LOADERS: { [K in Kind]: () => Promise<{ default: KindModule<Extract<Walkthrough, { kind: K }>, unknown> }> } = {
  attention: () => import('./attention/index.js'),
  'attention-backward': () => import('./attention-backward/index.js'),
  'multi-head': () => import('./multi-head/index.js'),
  scaling: () => import('./scaling/index.js'),
  entropy: () => import('./entropy/index.js'),
  positional: () => import('./positional/index.js'),
  encoder: () => import('./encoder/index.js'),
  flash: () => import('./flash/index.js'),
  'kv-cache': () => import('./kv-cache/index.js'),
  efficient: () => import('./efficient/index.js'),
  cost: () => import('./cost/index.js'),
};

/**
 * The kinds whose steps show charts: the page loads the chart widget (and its d3) with their
 * module, so that their steps are drawn at once (widgets/chart-panel.ts).
 */
export const KINDS_WITH_CHARTS: ReadonlySet<Kind> = new Set<Kind>(['scaling', 'entropy', 'positional', 'kv-cache']);

/**
 * The kinds that can open on one layer of a trained model (the lesson "Watch attention learn"
 * trains self-attention encoders): their self-attention walkthroughs offer trained weights.
 */
export const TRAINABLE_KINDS: ReadonlySet<Kind> = new Set<Kind>(['multi-head', 'encoder']);

/** Whether a walkthrough can show a trained layer: a trainable kind, and self-attention (no source sentence). */
export function acceptsTrainedWeights(walkthrough: Walkthrough): boolean {
  return TRAINABLE_KINDS.has(walkthrough.kind) && !('sourceTokens' in walkthrough.inputs && walkthrough.inputs.sourceTokens !== undefined);
}

/**
 * The kinds whose cells "Explain this number" lays out with shared/explain.ts alone (an attention
 * call's cells, a masked score): every other kind loads shared/explain-more.ts with its code.
 */
const EXPLAINED_BY_ATTENTION: ReadonlySet<Kind> = new Set<Kind>(['attention']);

const loaded = new Map<Kind, Promise<AnyKindModule>>();

/** The module of `kind`, loaded once. */
export function loadKind(kind: Kind): Promise<AnyKindModule> {
  let module = loaded.get(kind);
  if (!module) {
    // Its code registers its words (kinds/<kind>/words-en.ts); in another language they are
    // fetched before it builds a step.
    const explainers = EXPLAINED_BY_ATTENTION.has(kind) ? undefined : import('./shared/explain-more.js');
    module = Promise.all([LOADERS[kind](), explainers]).then(async ([m]) => {
      await loadCatalogues();
      return m.default as AnyKindModule;
    });
    // A chunk that failed to load (offline, a new deployment) is tried again next time.
    module.catch(() => loaded.delete(kind));
    loaded.set(kind, module);
  }
  return module;
}
