// The modules scripts/vite/prerender-formulas.js makes at build time.
declare module 'virtual:prerendered-formulas' {
  /** MathML of every formula the landing walkthrough shows with its own inputs, by LaTeX. */
  export const PRERENDERED: Readonly<Record<string, string>>;
}
declare module 'virtual:prerendered-formulas-more' {
  /** MathML of every other formula the shipped walkthroughs show with their own inputs, by LaTeX. */
  export const PRERENDERED: Readonly<Record<string, string>>;
}
