/**
 * Writes web/src/model/trained-reverse.json: the trained weights the lessons "Self-attention on a
 * sentence" and "Multi-head attention" open on. The engine's own trainer (createTrainer, the wasm
 * build in web/lib/wasm) trains the task reverse with its defaults and seed for 300 steps, and the
 * file keeps what the trainer reports, as it reports it: its options with the defaults filled in
 * (status().options), layer 0's parameters (parameters()) and its attention on the probe example
 * (attention()). The page turns them into a layer with model/trained-layer.ts's trainedLayer,
 * exactly as it does for a run the learner trains. The run is deterministic bit for bit, so
 * running this again gives the same file (tests/api/trained-weights.test.mjs checks it). Rerun
 * after any change to what the trainer computes:
 *
 *   bash scripts/build.sh wasm && node scripts/trained-weights.mjs
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const OUT = fileURLToPath(new URL('../web/src/model/trained-reverse.json', import.meta.url));

/** The run: web/src/model/trained-layer.ts's QUICK_TRAINING names the same. */
export const SOURCE = { options: { task: 'reverse' }, steps: 300, layer: 0 };

/** The file's text, from the engine `lab` (loadAttentionLab's full engine). */
export function trainedWeightsFile(lab) {
  const trainer = lab.createTrainer(SOURCE.options);
  try {
    trainer.step(SOURCE.steps);
    const prefix = `layer${SOURCE.layer}.`;
    const parameters = Object.fromEntries(Object.entries(trainer.parameters()).filter(([name]) => name.startsWith(prefix)));
    const { tokens, inputs, weights, causal } = trainer.attention();
    const file = {
      about: `Made by scripts/trained-weights.mjs: the engine's trainer, createTrainer(${JSON.stringify(SOURCE.options)}), after ${SOURCE.steps} steps; layer ${SOURCE.layer}'s parameters and its attention on the probe, as the trainer reports them.`,
      source: SOURCE,
      config: trainer.status().options,
      evaluation: (({ loss, accuracy }) => ({ loss, accuracy }))(trainer.evaluate()),
      attention: { tokens, inputs, weights, causal },
      parameters,
    };
    return `${JSON.stringify(file)}\n`;
  } finally {
    trainer.dispose();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { loadAttentionLab } = await import('../web/lib/index.js');
  const text = trainedWeightsFile(await loadAttentionLab());
  writeFileSync(OUT, text);
  console.log(`wrote ${OUT}: ${text.length} bytes`);
}
