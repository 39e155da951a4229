// The model-sentence kind's part of the exported Python script: attention between words (Clark et
// al. 2019) written from its definition, from the head in focus's weights between characters as
// the engine computed them for the sentence, with every digit. The model itself is not written
// out: its weights are the shipped file's (docs/language-model.md).
import type { Script } from '../../export/python.js';
import { assign } from '../../export/python.js';
import type { ModelSentenceInputs } from './inputs.js';
import { wordPanel, type SentenceTraces } from './steps.js';

export function sentenceScript(inputs: ModelSentenceInputs, { attention, words, layer, head }: SentenceTraces): Script {
  return {
    helpers: ['array'],
    functions: (d) => [
      'def by_word(weights, word_of, words):',
      '    """Each row summed over a word\'s characters, then the rows of a word\'s characters averaged."""',
      `    member = ${d.xp}.zeros((len(word_of), words), dtype=weights.dtype)`,
      '    for i, word in enumerate(word_of):',
      '        member[i, word] = 1.0',
      '    to_words = weights @ member',
      '    return (member.T @ to_words) / member.sum(0)[:, None]',
    ],
    body: () => [
      `text = ${JSON.stringify(inputs.text)}`,
      `word_of = ${JSON.stringify(words[head].wordOf)}  # each character's word: a space joins the word after it`,
      ...assign('weights', attention.weights[layer][head], `layer ${layer + 1}, head ${head + 1}: the attention weights between the characters (from the engine)`),
      `show('${wordPanel(head)}', by_word(weights, word_of, ${words[head].words.length}))`,
    ],
  };
}
