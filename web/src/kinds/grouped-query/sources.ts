// Where each published model's configuration (models.ts) comes from: its config.json on Hugging
// Face and its paper, as the lesson cites them.
export const SOURCES: Readonly<Record<string, string>> = {
  'llama2-7b': 'huggingface.co/meta-llama/Llama-2-7b-hf, config.json; Touvron et al. 2023, arXiv:2307.09288',
  'llama3-8b': 'huggingface.co/meta-llama/Meta-Llama-3-8B, config.json',
  'mistral-7b': 'huggingface.co/mistralai/Mistral-7B-v0.1, config.json; Jiang et al. 2023, arXiv:2310.06825',
  'falcon-7b': 'huggingface.co/tiiuae/falcon-7b, config.json (multi_query: true)',
  'deepseek-v2': 'huggingface.co/deepseek-ai/DeepSeek-V2, config.json (kv_lora_rank, qk_rope_head_dim); DeepSeek-AI 2024, arXiv:2405.04434',
};
