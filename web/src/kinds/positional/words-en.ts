// The positional-encoding kind's words in English (steps, captions, chart and parameter labels):
// the source of words-es.ts, in this kind's chunk. Fluent syntax, single-line messages
// (i18n/messages.ts); numbers come in as text written by model/format.ts.
import { kindWords } from '../../i18n/messages.js';

export const ENGLISH = `
positional-positions = positions
positional-encoding-title = The encoding: one row per position
positional-encoding-text = Attention alone has no idea of order, so each position gets its own fixed vector of d_model = { $width } numbers, added to the token’s embedding. Each row below is one position; the even columns are sines and the odd ones cosines, each pair at its own frequency. Position 0 starts { $first }…: sin 0 and cos 0. On the left the colours change from row to row (fast waves); further right they barely change (slow waves).
positional-matrix-encoding = PE: { $positions } positions × { $width } dimensions
positional-encoding-detail = one row per position, one column per dimension
positional-position = position
positional-dimension = dimension
positional-matrix-corner = the top-left corner in numbers
positional-pos = pos { $pos }
positional-size = Size of the encoding
positional-caption-wave-pair = PE[pos, dim] for dimensions { $first } and { $second }, over { $positions } positions
positional-caption-wave = PE[pos, dim] for dimension { $column }, over { $positions } positions
positional-pe-value = PE value
positional-series = dim { $column } ({ $wave })
positional-waves-title = Each column is a wave
positional-waves-text = Read down one column and you get a wave over the positions. Columns 2i and 2i + 1 share a frequency, one as a sine and one as a cosine. Columns 0 and 1 have the highest frequency and repeat every few positions; each later pair is slower, and the last columns change only slowly over the whole range. So low dimensions oscillate fast and high dimensions slowly (it is easy to read the formula the other way round; this plot settles it). Fast columns tell neighbours apart, slow ones tell near from far.
positional-waves-dropped-one = Column { $columns } is left out: d_model is only { $width }.
positional-waves-dropped = Columns { $columns } are left out: d_model is only { $width }.
positional-columns-size = Columns and size
positional-columns-to-plot = columns to plot (up to { $max })
positional-cosine-rows = cosine of one position with every position
positional-cosine = cosine
positional-series-position = position { $row }
positional-cosine-of = cosine of positions 0 and { $position }
positional-similarity-title = Nearby positions look alike
positional-similarity-text = Comparing every two positions’ encodings (the dot product PE·PEᵀ, or its cosine) shows the structure: each position is most like itself, a lot like its neighbours, and less like positions further away. The pattern depends only on the distance: a middle position’s curve falls off on both sides just as position 0’s does on its one side. So attention, which works with dot products, can tell how far apart two tokens are.
positional-matrix-cosine = cosine similarity of every two positions
positional-cosine-detail = the strong diagonal is each position compared with itself
positional-from-engine = From the engine
positional-self-dot = PE(0)·PE(0), the dot product with itself
positional-length = length of PE(0)
positional-heads-side-by-side = the heads’ outputs side by side
positional-matrix-output = output, sentence in order
positional-matrix-permuted = output, sentence reversed
positional-matrix-realigned = reversed output put back in order
positional-reversed-output = the reversed output
positional-realigned-why = the same word’s row, moved back to its place in the sentence
positional-sentence = Sentence and attention
positional-words = words
positional-token-dmodel = d_model of the words
positional-heads-h = heads h
positional-permutation-title = Without positions, order is invisible
positional-permutation-text-one = Self-attention ({ $heads } head, seeded weights) reads “{ $sentence }” and then “{ $shuffled }”. Shuffling the words only shuffles the output rows: put back in order, they match the first run up to rounding. Each word gets the same vector wherever it stands, so the model cannot know where it stands.
positional-permutation-text = Self-attention ({ $heads } heads, seeded weights) reads “{ $sentence }” and then “{ $shuffled }”. Shuffling the words only shuffles the output rows: put back in order, they match the first run up to rounding. Each word gets the same vector wherever it stands, so the model cannot know where it stands.
positional-permutation-repeated = The two “{ $word }” rows are even identical within one run.
positional-largest-difference = Largest difference between the two runs, realigned
positional-without-pe = without positional encoding
positional-with-pe = with positional encoding
positional-permutation-pe-title = With positions, order matters
positional-permutation-pe-text = Now the positional encoding is added after shuffling: the words move, the positions stay. The first word now stands last and gets the last position’s encoding, so a word that moves enters attention as a different vector, and realigning no longer recovers the first run. The difference is no longer rounding: the model can see where each word is.
`;

/** A message of this kind in the page's language. */
export const w = kindWords(ENGLISH, { es: () => import('./words-es.js').then((m) => m.SPANISH) });
