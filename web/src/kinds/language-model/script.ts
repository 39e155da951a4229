// The lesson "A language model, step by step"'s part of the exported Python script: the sampling
// passes (temperature, top-k, top-p) written from their definitions and run on the last
// position's logits, which the script takes from the engine with every digit (the model's
// weights would not fit a script worth reading).
import type { Script } from '../../export/python.js';
import type { LanguageModelInputs } from './inputs.js';
import type { LanguageModelTraces } from './traces.js';

export function languageModelScript(inputs: LanguageModelInputs, { next, candidates }: LanguageModelTraces): Script {
  const last = next.logits[next.logits.length - 1];
  const { temperature, topK, topP } = inputs;
  return {
    helpers: ['array'],
    functions: () => [
      'def sampling_passes(logits, temperature, top_k, top_p):',
      '    """softmax(logits / T), then the k most likely renormalised, then the fewest whose sum reaches p."""',
      '    v = len(logits)',
      '    if temperature == 0:',
      '        scaled = list(logits)',
      '        best = logits.index(max(logits))',
      '        soft = [1.0 if i == best else 0.0 for i in range(v)]',
      '    else:',
      '        scaled = [z / temperature for z in logits]',
      '        m = max(scaled)',
      '        e = [math.exp(s - m) for s in scaled]',
      '        soft = [x / sum(e) for x in e]',
      '    order = sorted(range(v), key=lambda i: (-soft[i], i))',
      '    top = set(order[:top_k] if top_k else order)',
      '    total = sum(soft[i] for i in top)',
      '    top_k_p = [soft[i] / total if i in top else 0.0 for i in range(v)]',
      '    cumulative, running, kept = [], 0.0, set()',
      '    for i in order:',
      '        running += top_k_p[i]',
      '        cumulative.append(running)',
      '        if top_k_p[i] > 0 and (len(kept) == 0 or cumulative[-2] < top_p):',
      '            kept.add(i)',
      '    total = sum(top_k_p[i] for i in kept)',
      '    final = [top_k_p[i] / total if i in kept else 0.0 for i in range(v)]',
      '    return scaled, soft, order, top_k_p, cumulative, sorted(kept), final',
    ],
    body: () => [
      '# The last position\'s logits, as the engine computed them from the model.',
      `logits = ${JSON.stringify(last)}`,
      `candidates = ${JSON.stringify(candidates)}  # the ${candidates.length} most likely tokens, in vocabulary order`,
      `scaled, soft, order, top_k_p, cumulative, kept, final = sampling_passes(logits, ${temperature}, ${topK}, ${topP})`,
      "show('temperature', array([[logits[v], scaled[v], soft[v]] for v in candidates]))",
      "show('top-k', array([[soft[v], top_k_p[v]] for v in candidates]))",
      `show('top-p', array([[top_k_p[v], cumulative[r], final[v]] for r, v in enumerate(order[:${candidates.length}])]))`,
      "show('kept', array([[final[v] for v in kept]]))",
    ],
  };
}
