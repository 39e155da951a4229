// The glossary: the jargon the lessons use, each term explained once in a sentence or two, with
// a public source where one helps. Lesson text is never edited to mark a term: the page finds
// the terms in a step's text when it shows it (markTerms below), so a new lesson gets its terms
// marked for free and the glossary is the one place a definition is written. In another
// language the terms, their forms and definitions come with the lessons' words
// (i18n/lessons/es.json, put in place by translateGlossary).

export interface GlossaryEntry {
  /** Stable id (used for the pop-up's id and in tests). */
  readonly id: string;
  /** The term as the glossary list shows it. */
  term: string;
  /** The forms matched in lesson text, case-insensitively, as whole words (the term itself included). */
  forms: string[];
  /** What it means, in plain words. */
  definition: string;
  /** A public source, where one helps. */
  readonly source?: { title: string; url: string };
}

/** An entry in another language: any part left out stays as it was. */
export type GlossaryText = Partial<Record<string, { term?: string; forms?: string[]; definition?: string }>>;

const VASWANI = { title: 'Vaswani et al., “Attention Is All You Need”, 2017', url: 'https://arxiv.org/abs/1706.03762' };

export const GLOSSARY: readonly GlossaryEntry[] = [
  {
    id: 'softmax', term: 'softmax', forms: ['softmax'],
    definition: 'Turns a row of numbers into positive weights that add up to 1: each number x becomes eˣ divided by the sum of eˣ over the row. Larger numbers get larger shares.',
  },
  {
    id: 'logits', term: 'logits', forms: ['logits', 'logit'],
    definition: 'The raw numbers a softmax turns into probabilities. They can be any size and sign; only their differences matter to the softmax.',
  },
  {
    id: 'dot-product', term: 'dot product', forms: ['dot products', 'dot product'],
    definition: 'Multiply two vectors of the same length entry by entry and add the products. It is large when the vectors point the same way, 0 when they are at right angles.',
  },
  {
    id: 'query', term: 'query, key, value', forms: ['query', 'queries'],
    definition: 'Three roles a token’s vector can play. A query asks “what am I looking for?”, each key says “what I offer”, and the value is what a key hands over when its query matches it. Attention scores every query against every key and mixes the values by those scores.',
    source: VASWANI,
  },
  {
    id: 'd-k', term: 'd_k', forms: ['d_k'],
    definition: 'The width of the query and key vectors: how many numbers each has. Scores are divided by √d_k so that wider vectors do not give larger, more extreme scores.',
    source: VASWANI,
  },
  {
    id: 'mask', term: 'mask', forms: ['mask', 'masks', 'masked'],
    definition: 'A table saying which keys each query may look at. A blocked score is replaced by −∞ before the softmax, so that key gets a weight of exactly 0.',
  },
  {
    id: 'head', term: 'head', forms: ['heads', 'head'],
    definition: 'One attention computation with its own slices of the queries, keys and values. Multi-head attention runs several side by side, so each can attend in its own way, then joins their outputs.',
    source: VASWANI,
  },
  {
    id: 'embedding', term: 'embedding', forms: ['embeddings', 'embedding'],
    definition: 'The vector of numbers that stands for a token. Each word is looked up in a table with one row per word; training adjusts those rows.',
  },
  {
    id: 'positional-encoding', term: 'positional encoding', forms: ['positional encodings', 'positional encoding'],
    definition: 'Numbers added to each token’s embedding to say where it stands in the sequence, since attention by itself ignores order. The original transformer uses sines and cosines of different frequencies.',
    source: VASWANI,
  },
  {
    id: 'xavier', term: 'Xavier initialisation', forms: ['Xavier'],
    definition: 'A way to draw a layer’s starting weights at random with a spread chosen from the layer’s input and output sizes, so that signals neither shrink nor blow up as they pass through many layers.',
    source: { title: 'Glorot and Bengio, “Understanding the difficulty of training deep feedforward neural networks”, 2010', url: 'https://proceedings.mlr.press/v9/glorot10a.html' },
  },
  {
    id: 'residual', term: 'residual connection', forms: ['residual connection', 'residual'],
    definition: 'Adding a block’s input to its output, so the block only has to learn a change to what comes in. It keeps the original signal and helps gradients reach early layers.',
    source: { title: 'He et al., “Deep Residual Learning for Image Recognition”, 2015', url: 'https://arxiv.org/abs/1512.03385' },
  },
  {
    id: 'layer-norm', term: 'LayerNorm', forms: ['LayerNorm', 'layer norm'],
    definition: 'Layer normalisation: each row is shifted to mean 0 and scaled to variance 1, then multiplied by a learned γ and shifted by a learned β.',
    source: { title: 'Ba, Kiros and Hinton, “Layer Normalization”, 2016', url: 'https://arxiv.org/abs/1607.06450' },
  },
  {
    id: 'feed-forward', term: 'feed-forward network', forms: ['feed-forward'],
    definition: 'Two linear layers with an activation between them, applied to each token’s row on its own, without looking at the other tokens.',
    source: VASWANI,
  },
  {
    id: 'gelu', term: 'GELU', forms: ['GELU'],
    definition: 'Gaussian error linear unit, an activation: x times the probability that a standard normal variable is below x. It lets large positive values through, shrinks small ones and nearly zeroes large negative ones.',
    source: { title: 'Hendrycks and Gimpel, “Gaussian Error Linear Units (GELUs)”, 2016', url: 'https://arxiv.org/abs/1606.08415' },
  },
  {
    id: 'entropy', term: 'entropy', forms: ['entropy'],
    definition: 'How spread out a row of weights is: −Σ p·ln p. It is 0 when one key has all the weight and ln n when n keys share it equally.',
  },
  {
    id: 'nats', term: 'nats', forms: ['nats'],
    definition: 'The unit of entropy measured with the natural logarithm (ln). With log base 2 the unit would be bits; 1 nat is about 1.443 bits.',
  },
  {
    id: 'gradient', term: 'gradient', forms: ['gradients', 'gradient'],
    definition: 'How much a result (usually the loss) changes when each input or weight is nudged a little. Training moves every weight a small step against its gradient.',
  },
  {
    id: 'jacobian', term: 'Jacobian', forms: ['Jacobian'],
    definition: 'The table of all partial derivatives of a function with several inputs and outputs: entry (i, j) says how much output i moves when input j is nudged.',
  },
  {
    id: 'frobenius', term: 'Frobenius norm', forms: ['Frobenius norm', 'Frobenius'],
    definition: 'The size of a matrix as one number: the square root of the sum of the squares of all its entries.',
  },
  {
    id: 'loss', term: 'loss', forms: ['loss'],
    definition: 'One number that says how wrong a model’s outputs are on the training examples. Training adjusts the weights to make it smaller.',
  },
  {
    id: 'learning-rate', term: 'learning rate', forms: ['learning rate'],
    definition: 'How big a step training takes against the gradient at each update. Too small and learning is slow; too large and the loss can jump around or blow up.',
  },
  {
    id: 'online-softmax', term: 'online softmax', forms: ['online softmax'],
    definition: 'Computing a softmax-weighted sum in one pass over the keys, keeping a running maximum and a running sum and rescaling what was added so far whenever the maximum grows. Flash attention is built on it.',
    source: { title: 'Milakov and Gimelshein, “Online normalizer calculation for softmax”, 2018', url: 'https://arxiv.org/abs/1805.02867' },
  },
  {
    id: 'kv-cache', term: 'KV cache', forms: ['KV cache'],
    definition: 'When a model generates text one token at a time, the keys and values of earlier tokens do not change, so they are kept and reused instead of being recomputed for every new token.',
  },
  {
    id: 'rope', term: 'rotary position embedding (RoPE)', forms: ['rotary position embedding', 'RoPE'],
    definition: 'Positions given to attention by turning each pair of numbers of a query and a key by an angle proportional to the position, each pair at its own speed, instead of adding a vector to the embeddings. The score of a turned query and key then depends on how far apart they are, not on where they are. Llama, Mistral and Qwen use it.',
    source: { title: 'Su et al., “RoFormer: Enhanced Transformer with Rotary Position Embedding”, 2021', url: 'https://arxiv.org/abs/2104.09864' },
  },
  {
    id: 'position-interpolation', term: 'position interpolation', forms: ['position interpolation'],
    definition: 'Running a RoPE model on a longer context than it was trained on by dividing every position by the same factor, so that every angle stays within the range seen in training; a short fine-tuning then adapts the model.',
    source: { title: 'Chen et al., “Extending Context Window of Large Language Models via Positional Interpolation”, 2023', url: 'https://arxiv.org/abs/2306.15595' },
  },
  {
    id: 'alibi', term: 'ALiBi (attention with linear biases)', forms: ['ALiBi'],
    definition: 'Positions given to attention by subtracting a fixed slope times the distance |i − j| from each head\'s scores; far keys fade, also past the trained length. BLOOM uses it.',
    source: { title: 'Press, Smith and Lewis, “Train Short, Test Long: Attention with Linear Biases Enables Input Length Extrapolation”, 2022', url: 'https://arxiv.org/abs/2108.12409' },
  },
  {
    id: 'grouped-query-attention', term: 'grouped-query attention (GQA)', forms: ['grouped-query attention', 'GQA'],
    definition: 'Multi-head attention in which blocks of query heads share one key head and one value head, so a decoder caches fewer keys and values per token.',
    source: { title: 'Ainslie et al., “GQA: Training Generalized Multi-Query Transformer Models from Multi-Head Checkpoints”, 2023', url: 'https://arxiv.org/abs/2305.13245' },
  },
  {
    id: 'multi-query-attention', term: 'multi-query attention (MQA)', forms: ['multi-query attention', 'MQA'],
    definition: 'Grouped-query attention with one key head and one value head shared by every query head.',
    source: { title: 'Shazeer, “Fast Transformer Decoding: One Write-Head is All You Need”, 2019', url: 'https://arxiv.org/abs/1911.02150' },
  },
  {
    id: 'sliding-window', term: 'sliding window', forms: ['sliding window', 'sliding windows'],
    definition: 'A mask under which each query sees only the last w keys up to itself: n·w scores per layer instead of n², a KV cache of w keys. L layers still reach about L·(w − 1) positions back.',
    source: { title: 'Beltagy et al., “Longformer: The Long-Document Transformer”, 2020', url: 'https://arxiv.org/abs/2004.05150' },
  },
  {
    id: 'attention-sink', term: 'attention sink', forms: ['attention sink', 'attention sinks'],
    definition: 'The first tokens, on which trained models put much of every row\'s weight whatever they say. Kept visible past a sliding window, they keep the rows from changing.',
    source: { title: 'Xiao et al., “Efficient Streaming Language Models with Attention Sinks”, 2023', url: 'https://arxiv.org/abs/2309.17453' },
  },
  {
    id: 'bpe', term: 'byte-pair encoding (BPE)', forms: ['byte-pair encoding', 'BPE'],
    definition: 'A tokenizer learned from text: starting from bytes, the most frequent pair of neighbours becomes a new token, again and again; new text is cut with the merges in the order learned.',
    source: { title: 'Sennrich, Haddow and Birch, “Neural Machine Translation of Rare Words with Subword Units”, 2016', url: 'https://arxiv.org/abs/1508.07909' },
  },
  {
    id: 'utf-8', term: 'UTF-8', forms: ['UTF-8'],
    definition: 'The usual way to write Unicode text as bytes: one byte for an ASCII character, two to four for others (an accented letter two, an emoji four).',
  },
];

/** A piece of text: plain, or a glossary term as it appears there. */
export type TextPart = string | { text: string; entry: GlossaryEntry };

const ESCAPED = (form: string): string => form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Matcher { pattern: RegExp; entryOf: Map<string, GlossaryEntry> }
let matcher: Matcher | undefined;

/** The forms of every entry as one pattern, built when first needed (after any translation). */
function currentMatcher(): Matcher {
  if (matcher) return matcher;
  // Longest first, so "positional encoding" wins over a shorter form inside it.
  const forms = GLOSSARY.flatMap((entry) => entry.forms.map((form) => ({ form, entry })))
    .sort((a, b) => b.form.length - a.form.length);
  matcher = {
    // Whole words only: not "head" inside "heading", nor "mask" inside "unmasked".
    pattern: new RegExp(`(?<![\\p{L}\\p{N}_])(?:${forms.map((f) => ESCAPED(f.form)).join('|')})(?![\\p{L}\\p{N}_])`, 'giu'),
    entryOf: new Map(forms.map(({ form, entry }) => [form.toLowerCase(), entry])),
  };
  return matcher;
}

/** Puts the glossary into another language, in place, before anything is drawn (model/page-language.ts). */
export function translateGlossary(text: GlossaryText): void {
  for (const entry of GLOSSARY) Object.assign(entry, text[entry.id]);
  matcher = undefined;
}

/**
 * The text split at glossary terms, each term marked at its first appearance only (a step's
 * text stays readable; a term already marked is not marked again). `seen` carries the ids
 * already marked across several texts of one step.
 */
export function markTerms(text: string, seen: Set<string> = new Set()): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  const { pattern, entryOf } = currentMatcher();
  for (const match of text.matchAll(pattern)) {
    const entry = entryOf.get(match[0].toLowerCase());
    if (!entry || seen.has(entry.id)) continue;
    seen.add(entry.id);
    const start = match.index ?? 0;
    if (start > at) parts.push(text.slice(at, start));
    parts.push({ text: match[0], entry });
    at = start + match[0].length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}
