// The model-sentence kind's words in English (steps, captions, parameter labels, "explain this
// number"): the source of words-es.ts, in this kind's chunk. Fluent syntax, single-line messages
// (i18n/messages.ts); numbers come in as text.
import { kindWords } from '../../i18n/messages.js';

export const ENGLISH = `
sentence-text = the sentence the model reads
sentence-layer = layer
sentence-head = head
sentence-parameters-caption = Your sentence and the head in focus
sentence-words-caption = Each word, its characters (␣ is a space) and their token ids
sentence-word-tokens = { $characters } · ids { $ids }
sentence-characters-title = The model reads characters, not words
sentence-characters-text = The lab’s language model, trained on Shakespeare’s plays, reads your sentence as { $tokens } tokens, one per character, spaces and punctuation included: it has no idea what a word is. To show its attention between words, the page groups the characters into { $words } words, split at the spaces, and each space goes with the word after it (“␣king”, ␣ marking the space), as GPT-2’s tokens carry theirs. Each row below is one word, its characters and their ids in the model’s vocabulary.
sentence-head-title = Head { $head } between characters
sentence-head-text = Head { $head } of layer { $layer } spreads the attention of each of the { $tokens } characters over the characters up to it: the causal mask leaves everything right of the diagonal at 0, since the model predicts each next character from the ones before. Read a row: where that character looks. Choose another layer or head above. Character by character it is hard to see what the head does with words; the next step adds the characters up.
sentence-matrix-head = head { $head }’s attention weights: each row a character, each column one it looks at
sentence-to-words-title = Each character’s weight on each word
sentence-to-words-text = To read head { $head } between words, first add up each character’s weights on the characters of each word: that is its weight on the word. A row still sums to 1, since every character belongs to exactly one word; the causal mask still leaves the words after the character at 0. Each row here is a character, each column a word.
sentence-words-title = The same weights between words
sentence-words-text = A word’s row is the average of the rows of its characters in the step before. Each row still sums to 1, so it reads as attention: where the word looks. This is how Clark et al. (2019) read BERT’s heads, whose tokens are pieces of words. Here, with head { $head }, the largest weight one word gives another is { $weight }, from “{ $from }” to “{ $to }”.
sentence-words-text-one = A word’s row is the average of the rows of its characters in the step before: still a row that sums to 1, where the word looks. Your sentence is one word, so head { $head } can only look at that word: write a few more to see where each one looks.
sentence-matrix-to-words = head { $head }: each character’s weight on each word, its weights on the word’s characters added up
sentence-matrix-words = head { $head } between words: each row a word, each column the word it looks at
sentence-heads-title = Every head of layer { $layer }, by word
sentence-heads-text = Layer { $layer } has { $heads } heads (the model has { $layers } layers). Each reads the same sentence with queries and keys of its own, so each spreads a word’s attention differently; here each is shown by word, as in the step before. Compare one word’s row across the heads: where one head stays on the word itself, another may look back at the word before, or further. Choose another layer above.
sentence-explain-head = head { $head }’s attention from “{ $query }” (character { $q }) to “{ $key }” (character { $k }): a row of the softmax of its scaled scores.
sentence-explain-head-future = “{ $key }” (character { $k }) comes after “{ $query }” (character { $q }): the causal mask blocks it, so head { $head } gives it weight 0.
sentence-explain-to-word = “{ $query }”’s weights on the { $count } characters of “{ $word }”, added up: how much of its attention goes to that word.
sentence-explain-word = the mean of the rows of the { $count } characters of “{ $query }” in the table of the step before: how much of that word’s attention head { $head } gives to “{ $key }”.
`;

export const w = kindWords(ENGLISH, { es: () => import('./words-es.js').then((m) => m.SPANISH) });
