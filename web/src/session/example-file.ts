// The whole example as a file, from the steps and trace the session already holds: LaTeX of the
// numbers shown, or a PyTorch or NumPy script that reproduces them. Nothing is computed again.
import { exampleLatex } from '../export/latex.js';
import { exampleNumpy, examplePython } from '../export/python.js';
import type { AnyKindModule, Built } from '../kinds/kind.js';
import type { Step, Walkthrough } from '../model/types.js';
import type { TrainedLayer } from '../model/trained-layer.js';

export type ExampleFormat = 'latex' | 'torch' | 'numpy';

export interface ExampleFile {
  content: string;
  filename: string;
  /** The MIME type. */
  type: string;
}

export async function exampleFile(
  walkthrough: Walkthrough, inputs: Walkthrough['inputs'], kind: AnyKindModule, built: Built, shown: Step, format: ExampleFormat,
  trained?: TrainedLayer,
): Promise<ExampleFile> {
  if (format === 'latex') {
    return { content: exampleLatex(walkthrough, built.steps, kind.latex, shown), filename: `${walkthrough.id}.tex`, type: 'text/x-tex' };
  }
  const part = (await kind.loadScript()).script(inputs, built, trained);
  const base = walkthrough.id.replaceAll('-', '_');
  return format === 'torch'
    ? { content: examplePython(walkthrough, part), filename: `${base}_torch.py`, type: 'text/x-python' }
    : { content: exampleNumpy(walkthrough, part), filename: `${base}_numpy.py`, type: 'text/x-python' };
}
