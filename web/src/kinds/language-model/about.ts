// The language-model kind in an instructor's words (kinds/descriptor.ts's About).
import type { About } from '../descriptor.js';
import type { languageModelInputs } from './inputs.js';

export default {
  summary: 'a language model reading a prompt and drawing the next token',
  description: 'The lessons\' language model (a small Llama-style decoder, docs/language-model.md) reads the prompt through its embedding, each decoder layer (RMSNorm, attention with RoPE, SwiGLU, residuals), the final norm and the unembedding; the next token is drawn with temperature, top-k and top-p, then more tokens are generated one at a time with the KV cache.',
  fields: {
    prompt: 'The text the model reads, one token per character; it must fit the model\'s context with room for the generated tokens.',
    temperature: 'Divides the logits before the softmax: below 1 sharpens the distribution, above 1 flattens it, 0 always takes the most likely token (greedy).',
    topK: 'Keeps only the k most likely tokens, renormalised; 0 keeps them all.',
    topP: 'Keeps the fewest most likely tokens whose probabilities add up to at least p (nucleus sampling), renormalised; 1 keeps them all.',
    seed: 'Seeds the draws: the same seed and settings draw the same tokens.',
    tokens: 'How many tokens are generated after the prompt.',
  },
} satisfies About<typeof languageModelInputs>;
