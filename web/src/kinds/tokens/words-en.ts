// The tokens kind's words in English (steps, captions, chart and parameter labels, "explain this
// number"): the source of words-es.ts, in this kind's chunk. Fluent syntax, single-line messages
// (i18n/messages.ts); numbers come in as text.
import { kindWords } from '../../i18n/messages.js';

export const ENGLISH = `
tokens-sentence = your sentence
tokens-merges = merges to learn
tokens-new-sentence = a new sentence
tokens-parameters-caption = Your text
tokens-from-engine = From the engine
tokens-text-title = A model reads numbers, not letters
tokens-text-text = A language model never sees letters: its input is a list of whole numbers, the tokens, each one a row of its embedding table. A tokenizer turns text into those numbers. The most obvious one takes each character: your sentence has { $characters } characters, { $distinct } of them different. Each character has a number of its own in Unicode, its code point, shown here. Type another sentence; accents and emoji are welcome.
tokens-matrix-code-points = each character’s code point
tokens-code-point = code point
tokens-bytes-title = Characters become bytes
tokens-bytes-text = Unicode has well over a hundred thousand characters: one token each would make a huge vocabulary, and a character never seen in training would have none. GPT-2 (Radford et al. 2019) starts lower, from the bytes of UTF-8, the encoding almost every web page uses: a plain letter is one byte, an accented letter two, an emoji four. Your { $characters } characters are { $bytes } bytes. Every byte is a number from 0 to 255, so 256 tokens can write any text at all, in any language.
tokens-matrix-bytes = the sentence’s UTF-8 bytes: tokens 0 to 255
tokens-byte = byte
tokens-characters = characters
tokens-bytes = bytes
tokens-bytes-of = bytes of { $character }
tokens-count = count
tokens-without-overlap = without overlap
tokens-first = first at
tokens-pairs-title = Count every pair of neighbours
tokens-pairs-none = One byte has no neighbour, so there is no pair to count and nothing to merge. Type a longer sentence.
tokens-pairs-text = Byte-pair encoding (BPE: Gage 1994, a way to compress files; Sennrich, Haddow and Birch 2016 for words) looks at every pair of neighbouring tokens: your { $pairs } pairs are { $distinct } different ones. It counts each pair where it occurs, overlapping occurrences included: “aaa” holds the pair (a, a) twice. The most frequent pair here is { $pair }, { $count } times, first at position { $first }. The third column counts the pair without overlap, left to right, as a merge will replace it.
tokens-pairs-text-tied = Byte-pair encoding (BPE: Gage 1994, a way to compress files; Sennrich, Haddow and Birch 2016 for words) looks at every pair of neighbouring tokens: your { $pairs } pairs are { $distinct } different ones. It counts each pair where it occurs, overlapping occurrences included: “aaa” holds the pair (a, a) twice. The top count, { $count }, is shared by { $tied } pairs. The engine breaks the tie by position: the pair that occurs first wins, here { $pair } at position { $first }. The third column counts each pair without overlap, left to right, as a merge will replace it.
tokens-matrix-pairs = the { $shown } most frequent of { $all } pairs
tokens-merge-title = Merge the most frequent pair
tokens-merge-text = The pair { $pair } becomes a new token, 256, which stands for its bytes, { $spelled }. Every occurrence is replaced, left to right: it occurred { $count } times, and { $replaced } of them are replaced, because two occurrences that overlap cannot both be. The sequence goes from { $before } tokens to { $after }, and the vocabulary from 256 tokens to 257.
tokens-merge-text-all = The pair { $pair } becomes a new token, 256, which stands for its bytes, { $spelled }. Every occurrence is replaced, left to right: all { $count } of them, since none overlaps another. The sequence goes from { $before } tokens to { $after }, and the vocabulary from 256 tokens to 257.
tokens-merged-pair = the pair merged
tokens-replaced = replaced
tokens-new-token = the new token
tokens-length-change = tokens in the sentence
tokens-matrix-after-merge = the sentence after one merge
tokens-token = token
tokens-left = left
tokens-right = right
tokens-length = length
tokens-merge = merge
tokens-merges-title = Merge after merge
tokens-merges-text = Then count again and merge again: each merge makes the next token, 256 + k, and may join tokens made by earlier merges. After { $made } merges the vocabulary has { $vocabulary } tokens and the sentence, { $before } bytes long, is { $after } tokens. Each merge makes the sequence shorter and the vocabulary bigger: that trade is what a tokenizer chooses. GPT-2 made fifty thousand merges on 40 GB of web text; its common words are one token each.
tokens-merges-text-stopped = Then count again and merge again: each merge makes the next token, 256 + k, and may join tokens made by earlier merges. You asked for { $asked } merges; after { $made } no pair occurs twice any more, and a merge that saves one token is not worth a new one, so training stops. The vocabulary has { $vocabulary } tokens and the sentence, { $before } bytes long, is { $after } tokens. Each merge makes the sequence shorter and the vocabulary bigger: that trade is what a tokenizer chooses.
tokens-matrix-merges = the merges, in the order learned
tokens-chart-caption = tokens in the sentence against the size of the vocabulary, one point per merge
tokens-vocabulary-size = vocabulary size
tokens-vocabulary = vocabulary
tokens-sequence-length = tokens in the sentence
tokens-your-sentence = your sentence
tokens-matrix-final = the sentence after every merge
tokens-tokenize-title = Tokenizing a new sentence
tokens-tokenize-text = The learned merges now tokenize text they never saw, as GPT-2’s encoder does: start from the bytes ({ $bytes }), find the lowest-numbered merge whose pair occurs, apply it everywhere, and repeat until no learned pair occurs; { $steps } merges applied here leave { $tokens } tokens. The order matters: reading the text left to right and taking the longest token that fits, as a dictionary lookup would, gives { $longest } tokens instead. The merges were learned in order, each on the result of the ones before, so they must be applied in that order.
tokens-tokenize-text-same = The learned merges now tokenize text they never saw, as GPT-2’s encoder does: start from the bytes ({ $bytes }), find the lowest-numbered merge whose pair occurs, apply it everywhere, and repeat until no learned pair occurs; { $steps } merges applied here leave { $tokens } tokens. The order matters: the merges were learned in order, each on the result of the ones before, so they are applied in that order, not by taking the longest token that fits (on this sentence both happen to give { $longest } tokens; try “an ananas” after training on the sentence the lesson opens with).
tokens-matrix-applied = the merges applied, lowest first
tokens-matrix-new = the new sentence’s tokens
tokens-characters-title = One token per character, for contrast
tokens-characters-text = A character-level tokenizer, as small language models often use, numbers the distinct characters of its training text: here { $distinct } of them, so the sentence is { $characters } tokens from a vocabulary of { $distinct }. Small vocabulary, long sequences, and no token at all for a character it never saw. Bytes have the opposite trouble: 256 tokens cover everything, but sequences are longer still. BPE sits between: a vocabulary of { $vocabulary } tokens makes the sentence { $tokens } tokens long, and more merges on more text make common words one token each, so that attention, whose cost grows with the square of the length, has fewer tokens to compare.
tokens-matrix-compare = vocabulary against sequence length
tokens-by-bytes = bytes
tokens-by-bpe = BPE, { $merges } merges
tokens-by-characters = characters
tokens-matrix-character-ids = each character’s token: its place in the sorted vocabulary
tokens-id = id
tokens-explain-code-point = “{ $character }” is U+{ $hex } in Unicode, the number the character tokenizer reads.
tokens-explain-byte-one = “{ $character }” is one byte in UTF-8: its code point, below 128.
tokens-explain-byte-many = byte { $index } of the { $count } bytes UTF-8 writes “{ $character }” with.
tokens-explain-count = every position where { $pair } occurs, overlapping occurrences included.
tokens-explain-without-overlap = the occurrences of { $pair } taken left to right, none sharing a token with the one before: what a merge replaces.
tokens-explain-first = the position of { $pair }’s first occurrence, which breaks a tie of counts.
tokens-explain-token = token { $token } stands for the bytes { $bytes }.
tokens-explain-byte-token = a byte is its own token, 0 to 255.
tokens-explain-pair = merge { $merge } joins { $pair }, the most frequent pair of the sequence after the merges before it.
tokens-explain-merge-count = its occurrences in the sequence before merge { $merge }, overlapping ones included.
tokens-explain-replaced = replaced left to right without overlap.
tokens-explain-new-token = each merge makes the next token.
tokens-explain-length = each occurrence replaced joins two tokens into one.
tokens-explain-applied-merge = the lowest-numbered learned merge whose pair occurs now.
tokens-explain-compare-bytes = the 256 byte values; one token per byte of the sentence.
tokens-explain-compare-bpe = 256 bytes and { $merges } merges; the sentence after the last merge.
tokens-explain-compare-characters = the distinct characters of the sentence; one token per character.
mistake-characters-not-bytes = That is what counting characters gives; the tokenizer counts bytes of UTF-8, and an accented letter is two of them, an emoji four.
mistake-no-overlap = That is what counting the pair without overlaps gives; training counts every position it occurs at, so “aaa” holds (a, a) twice, even if a merge can replace only one of them.
mistake-wrong-tie = That is where another pair with the same count first occurs; of pairs with equal counts, the one that occurs first is merged.
mistake-first-occurrence-only = That is what joining only the first occurrence gives; a merge replaces its pair everywhere it occurs, left to right.
mistake-longest-match = That is what reading the text by the longest token that fits gives; the merges are applied in the order they were learned, the lowest-numbered first, everywhere, again and again.
tokens-explain-character-id = “{ $character }” is entry { $id } of the vocabulary, the distinct characters sorted by code point.
`;

/** A message of this kind in the page's language. */
export const w = kindWords(ENGLISH, { es: () => import('./words-es.js').then((m) => m.SPANISH) });
