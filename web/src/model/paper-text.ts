// Lesson text as a printed handout says it: paper cannot be selected, focused or hovered, so the
// sentences and clauses that invite the learner to do so on screen ("Select a weight to see its
// softmax.", "Selecciona un peso para ver su softmax.") are left out, and the handout says once,
// in its own words, what the page adds (message handout-note).

/** Sentences that begin by asking for something only the screen can do. */
const ON_SCREEN_SENTENCE = /^(select|focus|click|hover|selecciona|enfoca|haz clic|pasa el puntero)\b/i;
/** The same invitation as a closing clause ("…, and you can select a weight to see its softmax."). */
const ON_SCREEN_CLAUSE = /(?:,\s*(?:and you can|y puedes)|;)\s+(?:select|selecciona|seleccionar)\b[^.;]*/gi;
/** A parenthesis that says what to point at ("(hover a cell)"). */
const ON_SCREEN_ASIDE = /\s*\((?:hover|select|click|pasa el puntero|selecciona|haz clic)\b[^)]*\)/gi;

/** `text` without what asks to select, focus, click or hover. */
export function forPaper(text: string): string {
  return text
    .split(/(?<=[.!?])\s+/)
    .filter((sentence) => !ON_SCREEN_SENTENCE.test(sentence))
    .map((sentence) => sentence.replace(ON_SCREEN_CLAUSE, '').replace(ON_SCREEN_ASIDE, ''))
    .join(' ');
}

