// The one way the page loads the engine: the lite build it lands on, and the full one for what the
// lite build leaves out (a kind or an exercise whose descriptor says engine: 'full', which the
// session asks for through SessionOptions.fullEngine; training; the cost lab's measurements).
// Each is loaded once per loader; a load that failed (offline) is tried again when next asked
// for. The entries, the workers and their same-thread fallbacks all load through it. Imports the
// façade alone: the landing page's entry and the workers carry nothing more for it.
import { loadAttentionLab, type AttentionLab, type LoadOptions } from '../../lib/index.js';

export interface Engines {
  /** The lite engine: the first lessons' operations, no trainer, half the bytes. */
  lite(): Promise<AttentionLab>;
  /** The full engine. */
  full(): Promise<AttentionLab>;
}

/** Loads each engine once, with `options` (e.g. the wasm bytes of a file with everything inlined). */
export function engineLoader(options: LoadOptions = {}): Engines {
  const once = (training: boolean) => {
    let loading: Promise<AttentionLab> | undefined;
    return () => (loading ??= loadAttentionLab({ ...options, training }).catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  };
  return { lite: once(false), full: once(true) };
}

/** The engines of this page, or of this worker (each worker has its own). */
export const ENGINES = engineLoader();
