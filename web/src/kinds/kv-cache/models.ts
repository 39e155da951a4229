// Public model shapes for the KV cache's memory formula. Each keeps its own keys and values per
// head (no grouped-query attention), so the cache is 2 · layers · n · d_model numbers. Figures from
// the models' papers and configuration files: GPT-2 (Radford et al. 2019), GPT-3 (Brown et al.
// 2020), Llama 2 (Touvron et al. 2023; its 70B model shares keys across heads and is left out).

export interface KvModel {
  id: string;
  name: string;
  layers: number;
  dModel: number;
  /** The longest sequence it was trained on, the context the lesson starts from. */
  context: number;
}

export const KV_MODELS: readonly KvModel[] = [
  { id: 'gpt2-small', name: 'GPT-2 small (124M)', layers: 12, dModel: 768, context: 1024 },
  { id: 'gpt2-medium', name: 'GPT-2 medium (355M)', layers: 24, dModel: 1024, context: 1024 },
  { id: 'gpt2-large', name: 'GPT-2 large (774M)', layers: 36, dModel: 1280, context: 1024 },
  { id: 'gpt2-xl', name: 'GPT-2 XL (1.5B)', layers: 48, dModel: 1600, context: 1024 },
  { id: 'llama2-7b', name: 'Llama 2 7B', layers: 32, dModel: 4096, context: 4096 },
  { id: 'llama2-13b', name: 'Llama 2 13B', layers: 40, dModel: 5120, context: 4096 },
  { id: 'gpt3-175b', name: 'GPT-3 175B', layers: 96, dModel: 12288, context: 2048 },
];

/** Bytes per cached number, as the learner picks them (float32, float16 or bfloat16, int8: named in words-en.ts). */
export const KV_BYTES: readonly number[] = [4, 2, 1];

export const findModel = (id: string): KvModel | undefined => KV_MODELS.find((m) => m.id === id);

/** The model an input names, or the first (the rules refuse an unknown one before it gets here). */
export const modelOf = (id: string): KvModel => findModel(id) ?? KV_MODELS[0];
