// The course: its lessons in menu order, with their titles. Apart from the registry
// (walkthroughs.ts), which imports every walkthrough's JSON, so that a walkthrough file can be
// checked against the lesson ids without loading the shipped walkthroughs.

/** The lessons in the order of the course, numbered as in the menu: the course order. */
export const LESSON_TITLES = [
  ['why-qkv', 'Why Q, K and V'],
  ['worked-example', 'A worked example'],
  ['backward-pass', 'One backward pass'],
  ['self-attention', 'Self-attention on a sentence'],
  ['scaling', 'Why divide by √d_k'],
  ['masks', 'Masks'],
  ['multi-head', 'Multi-head attention'],
  ['cross-attention', 'Cross-attention'],
  ['positional-encoding', 'Positional encoding'],
  ['encoder-layer', 'The encoder layer'],
  ['entropy', 'Entropy of attention'],
  ['flash-attention', 'Flash attention, tile by tile'],
  ['kv-cache', 'The KV cache'],
  ['rotary-positions', 'Rotary positions'],
  ['alibi', 'ALiBi: distance as a bias'],
  ['grouped-query', 'Grouped- and multi-query attention'],
  ['sliding-window', 'Sliding windows and attention sinks'],
  ['tokens', 'From text to tokens'],
  ['language-model', 'A language model, step by step'],
  ['inside-model', 'Inside the model'],
  ['train-your-own', 'Train your own'],
  ['efficient-attention', 'Linear and sparse attention'],
  ['attention-cost', 'What attention costs'],
  ['train', 'Watch attention learn'],
] as const satisfies readonly (readonly [string, string])[];

/** A lesson's id, as a walkthrough's `lesson` names it. */
export type LessonId = (typeof LESSON_TITLES)[number][0];
