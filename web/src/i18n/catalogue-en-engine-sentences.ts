// The engine's refusals and divergences in English, phrase by phrase (model/engine-sentences.ts
// reads them): each says exactly what the engine's sentence says, so that the page can say it in
// another language. One part of catalogue-en.ts, which ends with it.
export const ENGLISH_ENGINE_SENTENCES = `
## An engine's refusal or divergence, phrase by phrase (model/engine-sentences.ts).
refusal = { $argument }: expected { $expected }, got { $got }
refusal-with-reason = { $what } ({ $why })
refusal-whole-number-range = a whole number from { $low } to { $high }
refusal-number-range = a number from { $low } to { $high }
refusal-positive-at-most = a positive number at most { $high }, such as { $example }
refusal-above-at-most = a number above { $low } and at most { $high }, such as { $example }
refusal-probability = a probability from { $low } up to (not including) { $high }
refusal-top-p = a number in (0, 1] (1 keeps every token)
refusal-divisor = a divisor of { $name } = { $value }
refusal-divisor-even = a divisor of { $name } = { $value } leaving an even d_k = dModel / heads (RoPE rotates pairs of columns)
refusal-one-of = { $choices } or { $last }
refusal-token-not-listed = a token not listed before
refusal-text-bytes = a text of { $low } to { $high } bytes of UTF-8
refusal-tokens-for-held-out = at least { $count } tokens (ten times model.context, so that the held-out tenth holds a window)
refusal-vocabulary = characters of the model's vocabulary ({ $count } characters)
refusal-token-ids = { $low } … { $high } token ids (the model's context)
refusal-token-ids-room = { $low } … { $high } token ids (the model's context of { $context } less room for a new token)
refusal-even-columns = an even number of columns (RoPE rotates pairs)
refusal-draws = samples × keys × dK of at most { $high } draws
refusal-layer = a layer from { $low } to { $high }
refusal-head = a head from { $low } to { $high }
refusal-column = a column number (a whole number from 0)
refusal-columns-to-plot = { $low } to { $high } column numbers to plot
refusal-column-below = at least one column below d_model = { $value }
refusal-token-position = a token position (a whole number from 0), or "{ $none }" alone
refusal-a-word = at least one word (a character that is not a space)
refusal-why-queries = n, the queries
refusal-why-keys = m, the keys
refusal-why-keys-there-are = the keys there are
refusal-why-context-less-prompt = the model's context of { $context } less the prompt's { $prompt } tokens
refusal-got-as-is = { $value }
refusal-got-bytes = { $count } bytes
refusal-got-also = { $value } (also { $other })
refusal-got-empty = an empty string
refusal-got-at-character = { $character } at character { $index }
refusal-text-characters = a text of { $low } to { $high } characters
refusal-title-characters = a title of { $low } to { $high } characters
refusal-label-characters = a label of { $low } to { $high } characters
refusal-question-characters = a question of { $low } to { $high } characters
refusal-at-most-characters = at most { $high } characters
refusal-finite = a finite number
refusal-a-number = a number
refusal-a-text = a text
refusal-word-bytes = a word of { $low } to { $high } bytes of UTF-8 with no spaces
refusal-true-or-false = true or false
refusal-one-of-quoted = one of { $choices }
refusal-one-of-lesson = one of { $choices }, or no lesson field for a walkthrough of your own
refusal-one-of-numbers = one of { $choices }
refusal-one-of-fields = one of the fields { $choices }
refusal-id-characters = letters, digits and "-" (it goes in the URL)
refusal-id-length = { $low } to { $high } letters, digits or "-"
refusal-either = { $first } or { $second }
refusal-mask = null, "causal", {"{"}"keyLength": L{"}"} or a matrix of 0 and 1
refusal-step-id = a step id
refusal-above = a number above { $low }
refusal-above-up-to = a number above { $low }, up to { $high }
refusal-above-from = a number above from = { $low }
refusal-above-at-most-span = a number above { $low } and at most to − from = { $high }
refusal-why-bytes-per-number = bytes per number
refusal-got-characters = { $count } characters
refusal-got-unknown-field = an unknown field
diverged = training diverged at step { $step }: { $why }
diverged-parameters-kept = training diverged at step { $step }: { $why }; the parameters are those before that step. Try a smaller learningRate.
diverged-loss-past-uniform = the loss became { $loss }, more than ten times that of guessing uniformly ({ $uniform })
diverged-loss = the loss became { $loss }
`;
