// The words of "Explain this number" around attention (explain-layers.ts: linear layers,
// positions, LayerNorm, activations, heads, embeddings) and for linear attention's state
// (explain-linear.ts) and the backward pass's gradients (explain-backward.ts): in English, the
// source of explain-layer-words-es.ts. The arithmetic stays in the code; numbers come in as text
// written by model/format.ts. Fluent syntax, single-line messages (i18n/messages.ts).
import { kindWords } from '../../i18n/messages.js';

export const ENGLISH = `
explain-linear-cell = row { $row } of { $input } · column { $column } of { $weight }: { $count } products added up
explain-linear-cell-bias = row { $row } of { $input } · column { $column } of { $weight } + bias{ $sub }: { $count } products added up
explain-positional-sine = position { $position }, column { $column } is the sine of pair i = { $pair } (columns { $first } and { $second }), d = { $d }
explain-positional-cosine = position { $position }, column { $column } is the cosine of pair i = { $pair } (columns { $first } and { $second }), d = { $d }
explain-layer-norm-where = where x is row { $row } of { $input } ({ $count } numbers) and ε = { $eps }
explain-relu-positive = a positive number passes unchanged
explain-relu-negative = a negative number becomes 0
explain-elu-positive = above 0, x + 1, so it is always positive
explain-elu-negative = at or below 0, eˣ, so it is always positive
explain-gelu-note = Φ(x) is the chance that a standard normal number is below x: large positive numbers pass almost unchanged, large negative ones become about 0.
explain-concat-cell = head { $head }'s output{ $cell }
explain-concat-note = Each head fills { $width } columns: columns { $first } to { $last } come from head { $head }, so column { $column } is its column { $within }.
explain-embedding-row = row { $row }
explain-embedding-cell = number { $column } of the table's row for “{ $word }”
explain-embedding-note = The table gives every word { $width } numbers drawn from seed { $seed }, not learned here; the same word always gets the same row.
explain-column-sum = column { $column } of { $data } added over its { $count } rows
explain-jacobian-own = raising its own score raises a weight, by less the closer it is to 0 or 1
explain-jacobian-other = raising another key's score takes weight away
explain-moved = row { $row } of { $from }, column { $column }
explain-slice-note = Head { $head } takes columns { $first } to { $last } of { $from }, so its column { $column } is { $from }'s column { $source }.
explain-linear-ratio = φ(q{ $sub })·S's column { $column } / φ(q{ $sub })·z
explain-softmax-note = The exponents are the row's { $logits }, not divided by √d_k, each less the row's largest.
explain-random-cell = an input, not computed from anything on screen
explain-random-note = The engine draws every number of { $what } from a standard normal distribution with seed { $seed } (randomMatrix): the same seed gives the same numbers on every machine.
explain-cosine = the dot product of the two rows over the product of their lengths
explain-linear-state = over all { $keys } keys: every key's feature { $feature } times its value's column { $column }
explain-grad-blocked = the mask replaced this score by a constant, so it has no effect on L.
explain-grad-where = where Σₖ wₖ·gₖ = { $sum }
`;

/** A message of "Explain this number" around attention in the page's language. */
export const w = kindWords(ENGLISH, { es: () => import('./explain-layer-words-es.js').then((m) => m.SPANISH) });
