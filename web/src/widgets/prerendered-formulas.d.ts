// The module scripts/vite/prerender-formulas.js makes at build time.
declare module 'virtual:prerendered-formulas' {
  /** MathML of every formula the shipped walkthroughs show with their own inputs, by LaTeX. */
  export const PRERENDERED: Readonly<Record<string, string>>;
}
