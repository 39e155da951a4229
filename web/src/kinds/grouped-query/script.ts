// The grouped-query walkthrough's part of the exported Python script: the grouping of query heads
// into blocks (Hugging Face's repeat_kv), the grouped layer's keys, values and first heads'
// weights with the engine's seeded weights, and the published models' caches counted from their
// configurations.
import { assign, type Script } from '../../export/python.js';
import type { GroupedQueryInputs } from './inputs.js';
import { CACHED_MODELS, CONTEXTS, PUBLISHED_BYTES } from './models.js';
import type { GroupedQueryTraces } from './steps.js';

export function groupedQueryScript(inputs: GroupedQueryInputs, { input, grouped }: GroupedQueryTraces): Script {
  const { heads, kvHeads } = inputs;
  const shown = Math.min(heads / kvHeads, 2);
  const model = (m: (typeof CACHED_MODELS)[number]) =>
    `    (${m.layers}, ${m.dModel}, ${m.heads ?? 'None'}, ${m.kvHeads ?? 'None'}, ${m.latent ?? 'None'}, ${m.ropeWidth ?? 0}, ${m.window ?? 'None'}),  # ${m.name}`;
  return {
    helpers: ['array', 'softmax'],
    functions: (d) => [
      'def repeat_kv(kv, n_rep):',
      '    """Hugging Face\'s repeat_kv: each key/value head n_rep times in a row, (kv_heads, n, d) -> (kv_heads * n_rep, n, d)."""',
      '    kv_heads, n, d = kv.shape',
      d.xp === 'torch'
        ? '    return kv[:, None, :, :].expand(kv_heads, n_rep, n, d).reshape(kv_heads * n_rep, n, d)'
        : '    return np.repeat(kv, n_rep, axis=0)',
      '',
      '',
      'def cache_bytes(layers, d_model, heads, kv_heads, latent, rope_width, window, length, bytes_per_number):',
      '    """Per layer and token a key and a value per key/value head, or one latent vector (DeepSeek-V2)."""',
      '    per_layer = latent + rope_width if latent is not None else 2 * kv_heads * (d_model // heads)',
      '    tokens = length if window is None else min(length, window)',
      '    return per_layer * layers * tokens * bytes_per_number',
    ],
    body: (d) => [
      ...assign('X', input, `the tokens: the engine's random normal numbers (seed ${inputs.seed})`),
      ...assign('W_Q', grouped.params.wQ, `W_Q, W_K, W_V: the engine's seeded weights (seed ${inputs.seed}); W_K and W_V are kvHeads * d_k wide`),
      ...assign('W_K', grouped.params.wK),
      ...assign('W_V', grouped.params.wV),
      `heads, kv_heads, d_k = ${heads}, ${kvHeads}, ${grouped.dK}`,
      'n = X.shape[0]',
      '',
      '# Query head h reads key/value head h * kv_heads // heads: blocks of heads // kv_heads.',
      `labels = ${d.xp}.arange(kv_heads, dtype=${d.xp}.float64)[:, None, None]`,
      `show('grouping', ${d.xp === 'torch' ? 'torch.stack' : 'np.stack'}([repeat_kv(labels, heads // kv_heads)[:, 0, 0], ${d.xp}.arange(heads, dtype=${d.xp}.float64) % kv_heads]))`,
      'K, V = X @ W_K, X @ W_V',
      "show('keys', K)",
      "show('values', V)",
      `Q = (X @ W_Q).reshape(n, heads, d_k)${d.xp === 'torch' ? '.permute(1, 0, 2)' : '.transpose(1, 0, 2)'}`,
      `K_heads = repeat_kv(K.reshape(n, kv_heads, d_k)${d.xp === 'torch' ? '.permute(1, 0, 2)' : '.transpose(1, 0, 2)'}, heads // kv_heads)`,
      `for h in range(${shown}):`,
      "    show(f'weights-{h}', softmax(Q[h] @ K_heads[h].T / math.sqrt(d_k)))",
      '',
      `# The published models (layers, d_model, heads, kv_heads, latent, rope_width, window), ${PUBLISHED_BYTES} bytes a number.`,
      'models = [',
      ...CACHED_MODELS.map(model),
      ']',
      `contexts = [${CONTEXTS.join(', ')}]`,
      `table = array([[cache_bytes(*m, length, ${PUBLISHED_BYTES}) for length in contexts] for m in models])`,
      "show('cache-bytes', table)",
      "show('cache-gib', table / 1024 ** 3)",
    ],
  };
}
