// The engine's sentences in the page's language: a refusal and a training run's divergence.
// Every refusal has one shape, "<argument>: expected <what>, got <what came>" (web/lib/errors.js,
// cpp/src/error.cpp's fail(), the page's own InputRefusal): the argument is a name of the API
// (model.heads, text), kept as it is; what was expected and what came are English phrases, each
// matched here against the phrases a learner's controls can provoke and said by a message of the
// page's catalogue (refusal-* in catalogue-*.ts). A divergence ("training diverged at step 12:
// the loss became …", cpp/src/train/) is read the same way (diverged-*).
// tests/page/engine-sentences.test.mjs provokes every refusal the lessons' controls and the
// training lessons' options can make, and a divergence of each trainer, and checks that each is
// recognised, says in English what the engine said (a run's loss rounded, and a number with an
// exponent written, as the page writes every number), and in Spanish no English. A
// sentence not listed (a developer's mistake through the API, which a control cannot make) is
// shown as the engine wrote it.
import { formatNumber, formatSetting, numberText } from './format.js';
import { t, type MessageArgs } from '../i18n/messages.js';

/** A catalogue message and the English it says, with its arguments as named groups. */
type Phrase = readonly [id: string, pattern: RegExp];

const NUMBER = String.raw`-?(?:\d+(?:\.\d+)?(?:e[+-]?\d+)?|Infinity)|NaN`;
const N = (name: string) => `(?<${name}>${NUMBER})`;
const phrase = (id: string, source: string): Phrase => [id, new RegExp(`^${source}$`)];

/** What the engine expected: the phrases of its checks that a learner's controls reach. */
const EXPECTED: readonly Phrase[] = [
  phrase('refusal-whole-number-range', `a whole number from ${N('low')} to ${N('high')}`),
  phrase('refusal-number-range', `a number from ${N('low')} to ${N('high')}`),
  phrase('refusal-positive-at-most', `a positive number at most ${N('high')}, such as ${N('example')}`),
  phrase('refusal-above-at-most', `a number above ${N('low')} and at most ${N('high')}, such as ${N('example')}`),
  phrase('refusal-probability', `a probability from ${N('low')} up to \\(not including\\) ${N('high')}`),
  phrase('refusal-top-p', `a number in \\(0, 1\\] \\(1 keeps every token\\)`),
  phrase('refusal-divisor', `a divisor of (?<name>[\\w.]+) = ${N('value')}`),
  phrase('refusal-divisor-even', `a divisor of (?<name>[\\w.]+) = ${N('value')} leaving an even d_k = dModel / heads \\(RoPE rotates pairs of columns\\)`),
  phrase('refusal-one-of', `(?<choices>'[^']*'(?:, '[^']*')*) or (?<last>'[^']*')`),
  phrase('refusal-text-bytes', `a text of ${N('low')} to ${N('high')} bytes of UTF-8`),
  phrase('refusal-tokens-for-held-out', `at least ${N('count')} tokens \\(ten times model\\.context, so that the held-out tenth holds a window\\)`),
  phrase('refusal-vocabulary', `characters of the model's vocabulary \\(${N('count')} characters\\)`),
  phrase('refusal-token-ids', `${N('low')} … ${N('high')} token ids \\(the model's context\\)`),
  phrase('refusal-token-ids-room', `${N('low')} … ${N('high')} token ids \\(the model's context of ${N('context')} less room for a new token\\)`),
  phrase('refusal-even-columns', `an even number of columns \\(RoPE rotates pairs\\)`),
  phrase('refusal-draws', `samples × keys × dK of at most ${N('high')} draws`),
  phrase('refusal-layer', `a layer from ${N('low')} to ${N('high')}`),
  phrase('refusal-head', `a head from ${N('low')} to ${N('high')}`),
  phrase('refusal-column', `a column number \\(a whole number from 0\\)`),
  phrase('refusal-columns-to-plot', `${N('low')} to ${N('high')} column numbers to plot`),
  phrase('refusal-column-below', `at least one column below d_model = ${N('value')}`),
  phrase('refusal-token-position', `a token position \\(a whole number from 0\\), or "(?<none>[^"]*)" alone`),
  phrase('refusal-token-not-listed', `a token not listed before`),
  phrase('refusal-a-word', `at least one word \\(a character that is not a space\\)`),
  // A walkthrough file's fields (authoring/validate-walkthrough.ts), as the editor refuses them.
  phrase('refusal-text-characters', `a text of ${N('low')} to ${N('high')} characters`),
  phrase('refusal-title-characters', `a title of ${N('low')} to ${N('high')} characters`),
  phrase('refusal-label-characters', `a label of ${N('low')} to ${N('high')} characters`),
  phrase('refusal-question-characters', `a question of ${N('low')} to ${N('high')} characters`),
  phrase('refusal-at-most-characters', `at most ${N('high')} characters`),
  phrase('refusal-finite', `a finite number`),
  phrase('refusal-a-number', `a number`),
  phrase('refusal-a-text', `a text`),
  phrase('refusal-word-bytes', `a word of ${N('low')} to ${N('high')} bytes of UTF-8 with no spaces`),
  phrase('refusal-true-or-false', `true or false`),
  phrase('refusal-one-of-quoted', `one of (?<choices>"[^"]*"(?:, "[^"]*")*)`),
  phrase('refusal-one-of-lesson', `one of (?<choices>"[^"]*"(?:, "[^"]*")*), or no lesson field for a walkthrough of your own`),
  phrase('refusal-one-of-numbers', `one of (?<choices>\\d+(?:, \\d+)*)`),
  phrase('refusal-one-of-fields', `one of the fields (?<choices>"[^"]*"(?:, "[^"]*")*)`),
  phrase('refusal-id-characters', `letters, digits and "-" \\(it goes in the URL\\)`),
  phrase('refusal-id-length', `${N('low')} to ${N('high')} letters, digits or "-"`),
  phrase('refusal-either', `${N('first')} or ${N('second')}`),
  phrase('refusal-mask', `null, "causal", \\{"keyLength": L\\} or a matrix of 0 and 1`),
  phrase('refusal-step-id', `a step id`),
  phrase('refusal-above', `a number above ${N('low')}`),
  phrase('refusal-above-up-to', `a number above ${N('low')}, up to ${N('high')}`),
  phrase('refusal-above-from', `a number above from = ${N('low')}`),
  phrase('refusal-above-at-most-span', `a number above ${N('low')} and at most to − from = ${N('high')}`),
];

/** Why a range is what it is, after a whole number's range: "(m, the keys)". */
const WHY: readonly Phrase[] = [
  phrase('refusal-why-queries', `n, the queries`),
  phrase('refusal-why-keys', `m, the keys`),
  phrase('refusal-why-keys-there-are', `the keys there are`),
  phrase('refusal-why-bytes-per-number', `bytes per number`),
  phrase('refusal-why-context-less-prompt', `the model's context of ${N('context')} less the prompt's ${N('prompt')} tokens`),
];

/** What came instead. A number, a size or a caller's quoted text is shown as it is. */
const GOT: readonly Phrase[] = [
  phrase('refusal-got-as-is', `(?<value>${NUMBER}|null|\\d+(?: × \\d+)+|\\d+(?:, \\d+)+|'[^']*'|"[^"]*")`),
  phrase('refusal-got-bytes', `${N('count')} bytes`),
  phrase('refusal-got-empty', `an empty string`),
  phrase('refusal-got-characters', `${N('count')} characters`),
  phrase('refusal-got-unknown-field', `an unknown field`),
  phrase('refusal-got-also', `${N('value')} \\(also (?<other>[\\w.\\[\\]]+)\\)`),
  phrase('refusal-got-at-character', `(?<character>'[^']*') at character ${N('index')}`),
];

const A_NUMBER = new RegExp(`^(?:${NUMBER})$`);
/**
 * What a run measured (a loss), which the engine writes to ten digits: rounded as the page rounds
 * every number it shows. A limit, a size or what a learner typed is written as it is.
 */
const MEASURED = new Set(['loss', 'uniform']);
/**
 * A number as the page writes it: a measured one rounded, one the engine wrote with an exponent
 * ("1e-2", "1e-12") as the page writes a setting (0.01, 1.0×10⁻¹²; never "1e−2"), any other as
 * written in the page's symbols ("0,003", "−1" in Spanish); anything else as it is.
 */
const inPageNumbers = (name: string, text: string): string =>
  (!A_NUMBER.test(text) ? text
    : MEASURED.has(name) ? formatNumber(Number(text))
    : /e/.test(text) ? formatSetting(Number(text))
    : numberText(text));

/** The catalogue's words for `text`, the first phrase that says it (its id added to `used`), or undefined. */
function say(phrases: readonly Phrase[], text: string, used: string[]): string | undefined {
  for (const [id, pattern] of phrases) {
    const match = pattern.exec(text);
    if (!match) continue;
    used.push(id);
    const args: MessageArgs = {};
    for (const [name, value] of Object.entries(match.groups ?? {})) if (value !== undefined) args[name] = inPageNumbers(name, value);
    return t(id, args);
  }
  return undefined;
}

/** What was expected, with the reason its range has, in parentheses, said apart. */
function sayExpected(text: string, used: string[]): string | undefined {
  const whole = say(EXPECTED, text, used);
  if (whole !== undefined) return whole;
  const reasoned = /^(?<what>.*) \((?<why>[^()]*)\)$/.exec(text)?.groups;
  if (!reasoned) return undefined;
  const what = say(EXPECTED, reasoned.what, used);
  const why = say(WHY, reasoned.why, used);
  return what !== undefined && why !== undefined ? t('refusal-with-reason', { what, why }) : undefined;
}

/** Why a run diverged: after "training diverged at step N: ". */
const DIVERGED_WHY: readonly Phrase[] = [
  phrase('diverged-loss-past-uniform', `the loss became ${N('loss')}, more than ten times that of guessing uniformly \\(${N('uniform')}\\)`),
  phrase('diverged-loss', `the loss became ${N('loss')}`),
];

/** Every phrase's catalogue id, for the test that provokes each. */
export const ENGINE_PHRASES: readonly string[] = [...EXPECTED, ...WHY, ...GOT, ...DIVERGED_WHY].map(([id]) => id);

/**
 * A refusal's message in the page's language, or undefined when a part of it is not one of the
 * phrases above. The English catalogue says it as it came, its numbers as the page writes them
 * (the test holds it to that).
 * `used` gathers the ids of the phrases that said it.
 */
export function sayRefusal(message: string, used: string[] = []): string | undefined {
  const parts = /^(?<argument>[^:]+): expected (?<expected>.*?), got (?<got>.*)$/s.exec(message)?.groups;
  if (!parts) return undefined;
  const expected = sayExpected(parts.expected, used);
  const got = say(GOT, parts.got, used);
  return expected !== undefined && got !== undefined ? t('refusal', { argument: parts.argument, expected, got }) : undefined;
}

/** A refusal as a learner reads it: in the page's language where its phrases are known. */
export const refusalInPageWords = (message: string): string => sayRefusal(message) ?? message;

/**
 * Why a training run stopped, in the page's language, or undefined when its reason is not one of
 * the phrases above. Both trainers start "training diverged at step N: <why>"; the first adds
 * that the parameters are those before that step.
 */
export function sayDivergence(message: string, used: string[] = []): string | undefined {
  const parts = /^training diverged at step (?<step>\d+): (?<why>.*?)(?<kept>; the parameters are those before that step\. Try a smaller learningRate\.)?$/s.exec(message)?.groups;
  if (!parts) return undefined;
  const why = say(DIVERGED_WHY, parts.why, used);
  if (why === undefined) return undefined;
  return t(parts.kept ? 'diverged-parameters-kept' : 'diverged', { step: parts.step, why });
}

/** A divergence as a learner reads it: in the page's language where its phrases are known. */
export const divergenceInPageWords = (message: string): string => sayDivergence(message) ?? message;
