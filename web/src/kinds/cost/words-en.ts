// The cost kind's words in English (the plan's steps, panel captions, parameter labels): the
// source of words-es.ts, in this kind's chunk. Fluent syntax, single-line messages
// (i18n/messages.ts). The cost lab's own controls are the chrome's (views/cost-lab-view.ts).
import { kindWords } from '../../i18n/messages.js';

export const ENGLISH = `
cost-kind-settings = What to measure (changing it starts a new set of measurements)
cost-kind-largest-n = largest n
cost-kind-width = width d
cost-kind-repeats = timed runs per size
cost-kind-block = tile / chunk size
cost-kind-window = sparse window
cost-kind-plan-title = Six ways to attend, timed on your machine
cost-kind-plan-text = Press Start: the engine runs each variant on random inputs of width d = { $d } for { $sizes } ({ $repeats } timed runs each, in a Web Worker so the page stays responsive), and reports the time of each run, the largest intermediate it allocated and its multiply-adds. Full attention makes the n × n weights; flash attention walks them in tiles of { $block } × { $block } with an online softmax; chunked attention (Rabe & Staats, 2021) takes queries and keys in chunks of { $block }; linear attention folds the keys into a d × d state; sparse attention keeps a window of { $window } keys; the RNN reads one token after another. Sizes the engine refuses are noted and skipped.
cost-kind-measurements = Measurements
cost-kind-time-title = Time against n, on logarithmic axes
cost-kind-time-text = On log–log axes a cost that grows as n^k is a straight line of slope k. Full, flash and chunked attention do the same n²·d multiply-adds, so their lines rise with slope near 2 (flash and chunked differ from full attention in memory, not in work); linear attention, the sparse window and the RNN grow with slope near 1. Each point is the median of its timed runs; the slopes are least-squares fits through the points measured so far.
cost-kind-time-caption = Time per call against n
cost-kind-memory-title = Peak memory: what flash and chunked attention save
cost-kind-memory-text = The engine reports the largest single intermediate each call allocated (peakCells), in 8-byte numbers. Full attention holds all n² weights at once; flash and chunked attention hold one { $block }-wide tile or chunk per row; linear attention a d × d state and n × d rows; the window n × { $window }. This, not time, is why long sequences need the tiled kernels.
cost-kind-memory-caption = Largest intermediate per call
cost-kind-complexity-title = The complexity table, measured
cost-kind-complexity-text = The usual table of costs, with this machine’s numbers beside it: the measured slope of time against n, and the time, multiply-adds and peak memory at the largest n measured. The O(n·√n) often quoted for sparse attention belongs to strided patterns (Child et al., 2019); a sliding window is O(n·w·d).
cost-kind-complexity-caption = Complexity, claimed and measured
`;

/** A message of this kind in the page's language. */
export const w = kindWords(ENGLISH, { es: () => import('./words-es.js').then((m) => m.SPANISH) });
