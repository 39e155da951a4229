// Formulas in KaTeX. The part a step computes is wrapped in \htmlClass{focus}{…} and styled.
import katex from 'katex';
import 'katex/dist/katex.min.css';

export function renderFormula(target: HTMLElement, latex: string): void {
  katex.render(latex, target, {
    displayMode: true,
    throwOnError: false,
    output: 'htmlAndMathml', // MathML for screen readers
    // Only our own step formulas are rendered, and only \htmlClass is trusted.
    trust: (context) => context.command === '\\htmlClass',
    strict: 'ignore',
  });
}
