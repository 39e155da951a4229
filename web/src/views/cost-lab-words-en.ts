// The cost lab's words in English (views/cost-lab-view.ts): the source of cost-lab-words-es.ts,
// in the cost lab's chunk, not the landing page's. Fluent syntax, single-line messages
// (i18n/messages.ts); numbers come in as text written by model/format.ts.
import { kindWords } from '../i18n/messages.js';

export const ENGLISH = `
cost-variant-full = full attention
cost-variant-flash = flash attention (tiled)
cost-variant-chunked = chunked attention
cost-variant-linear = linear attention
cost-variant-sparse = sparse (window)
cost-variant-rnn = RNN
cost-refused = refused
cost-refusal = { $variant }, n = { $n }: { $reason }
cost-cancel = Cancel
cost-forget = Forget the measurements
cost-progress-label = Measurements done
cost-start = Start measuring
cost-continue = Continue measuring
cost-now = Measured { $done } of { $total }; now { $variant } at n = { $n }.
cost-cancelled = Cancelled after { $done } of { $total } measurements; what was measured is kept.
cost-all-done = All { $total } measurements done.
cost-some-done = { $done } of { $total } measurements done.
cost-measured = Measured { $done } of { $total }.
cost-scrolls = { $caption } (scrolls sideways)
cost-head-variant = variant
cost-plan-caption = Median time per call ({ $repeats } timed runs each, d = { $d })
cost-every-run = every run: { $seconds } s
cost-nothing-yet = Nothing measured yet: press Start measuring.
cost-chart-caption = Median seconds per call against n (both axes logarithmic)
cost-chart-x = n (tokens)
cost-chart-y = seconds per call
cost-slope = { $variant }, slope { $slope }
cost-memory-caption = Largest intermediate per call: peakCells × 8 bytes
cost-complexity-caption = Claimed cost, and measured here
cost-head-time = time
cost-head-memory = memory
cost-head-slope = measured slope of time
cost-head-largest = largest n measured
cost-head-median = median time there
cost-head-adds = multiply-adds there
cost-head-peak = peak memory there
cost-legend = n: tokens, d: width, b: flash tile, c: chunk, w: window. The slope is a least-squares line through log time against log n over the sizes measured.
`;

export const costT = kindWords(ENGLISH, { es: () => import('./cost-lab-words-es.js').then((m) => m.SPANISH) });
