// The registry of kinds of walkthrough: kind → its module, loaded on demand, so a page that opens
// one lesson fetches that lesson's code only. Adding a kind: its module in kinds/<kind>/, its
// inputs in model/types.ts and model/input-rules.ts, and one line here.
import type { Walkthrough } from '../model/types.js';
import type { AnyKindModule, KindModule } from './kind.js';

type Kind = Walkthrough['kind'];

/** Each loader must give the module of its own kind (checked here, by the types). */
const LOADERS: { [K in Kind]: () => Promise<{ default: KindModule<Extract<Walkthrough, { kind: K }>, unknown> }> } = {
  attention: () => import('./attention/index.js'),
  'multi-head': () => import('./multi-head/index.js'),
  scaling: () => import('./scaling/index.js'),
  entropy: () => import('./entropy/index.js'),
  positional: () => import('./positional/index.js'),
  encoder: () => import('./encoder/index.js'),
};

const loaded = new Map<Kind, Promise<AnyKindModule>>();

/** The module of `kind`, loaded once. */
export function loadKind(kind: Kind): Promise<AnyKindModule> {
  let module = loaded.get(kind);
  if (!module) {
    module = LOADERS[kind]().then((m) => m.default as AnyKindModule);
    // A chunk that failed to load (offline, a new deployment) is tried again next time.
    module.catch(() => loaded.delete(kind));
    loaded.set(kind, module);
  }
  return module;
}
