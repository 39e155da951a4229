// The engine operations a small language model is built from, called from the installed package
// exactly as docs/engine.md spells them: the tokenizers (with the BPE lesson's pair counts and
// grading), RMS norm, the SwiGLU feed-forward and RoPE's backward, the decoder layer and its
// backward, the embedding lookup and the next-token loss with their backwards, sampling, and
// attention rollout; then the model the package ships, loaded by loadLanguageModel() from the
// installed package's own file, the PyTorch export of it and of a new model, and createTrainer's
// text task. Run as a
// program it prints the numbers;
// tests/e2e/package.test.mjs compares them with languageModelOps on the repository's build.
import { pathToFileURL } from 'node:url';

/** The calls' results, from `lab` (an AttentionLab). */
export async function languageModelOps(lab) {
  const x = [[1, 0, 2, 1], [0, 1, 1, 0], [2, 1, 0, 1]];
  const w = [[0.5, -1, 0.25], [1, 0.5, -0.5], [-0.25, 1, 1], [0.75, 0, -1]];
  const wDown = [[1, 0, -1, 0.5], [0, 1, 0.5, -0.5], [0.5, -0.5, 1, 0]];
  const trained = lab.trainTokenizer({ text: 'la gata y el gato; la gata', merges: 4 });
  const head = [[1, 0, 0], [0.5, 0.5, 0], [0.2, 0.3, 0.5]];
  return {
    merges: trained.merges.map((m) => m.pair),
    tokens: lab.tokenize({ text: 'el gato y la gata', merges: trained.merges.map((m) => m.pair) }).tokens,
    characters: lab.characterTokenizer({ text: 'año' }).ids,
    pairs: lab.countPairs({ tokens: trained.bytes }).pairs.slice(0, 3),
    diagnosis: lab.diagnoseTokenizer({ text: 'la gata y el gato; la gata', merges: 4, question: 'tokens', newText: 'el gato', answer: 3 }),
    rms: lab.rmsNorm({ input: x, eps: 1e-6 }).rms,
    gradInput: lab.rmsNormBackward({ input: x, gradOutput: x }).gradInput,
    swiGlu: lab.swiGlu({ input: x, wGate: w, wUp: w, wDown }).output,
    gradWDown: lab.swiGluBackward({ input: x, wGate: w, wUp: w, wDown, gradOutput: x }).gradWDown,
    ropeBack: lab.ropeBackward({ input: x, gradOutput: x }).gradInput,
    // Two heads of width 2 sharing one key/value head; the projections seeded.
    decoder: lab.decoderLayer({ input: x, heads: 2, kvHeads: 1, wGate: w, wUp: w, wDown, seed: 3 }).output,
    gradWK: lab.decoderLayerBackward({ input: x, heads: 2, kvHeads: 1, wGate: w, wUp: w, wDown, seed: 3, gradOutput: x }).gradWK,
    lookup: lab.embeddingLookup({ tokens: [2, 0, 2], embedding: w }).output,
    gradEmbedding: lab.embeddingLookupBackward({ tokens: [2, 0, 2], embedding: w, gradOutput: w.slice(0, 3) }).gradEmbedding,
    loss: lab.nextTokenLoss({ hidden: x, unembedding: wDown, targets: [0, 2, 1] }).loss,
    gradHidden: lab.nextTokenLossBackward({ hidden: x, unembedding: wDown, targets: [0, 2, 1] }).gradHidden,
    sample: lab.sample({ logits: [2, 1, 0.5, -1], temperature: 0.8, topK: 3, topP: 0.9, seed: 7 }),
    rollout: lab.attentionRollout({ layers: [[head, head], [head]], residual: 0.5 }).rollout,
    ...(await shippedModel(lab)),
    ...textTask(lab),
  };
}

/** createTrainer's text task, as docs/engine.md ("The text task") spells it. */
function textTask(lab) {
  const run = lab.createTrainer({ task: 'text', text: 'to be or not to be, '.repeat(20), model: { dModel: 8, heads: 2, layers: 1, dFF: 8, context: 8 }, seed: 2, batchSize: 2 });
  try {
    return {
      textLosses: run.step(3).losses,
      textHeldOut: run.evaluate(),
      textSample: run.generate({ prompt: 't', tokens: 6, temperature: 0.8, seed: 1 }).text,
      textOptions: run.status().options,
    };
  } finally {
    run.dispose();
  }
}

/** What the lessons read of the shipped model, through the calls docs/language-model.md spells. */
function readShipped(lab, shipped) {
  const text = 'To be, or not to be.';
  const attention = shipped.attention({ text });
  const off = shipped.ablate({ layer: 1, head: 0 });
  try {
    return {
      words: lab.wordAttention({ tokens: attention.pieces, weights: attention.weights[1][0] }).weights,
      induction: shipped.headScores({ pattern: 'induction' }).scores,
      lensTop: shipped.logitLens({ text }).layers.map((layer) => layer.topPieces),
      ablatedLoss: off.tokenLosses({ text }).loss,
      parameterNames: Object.keys(shipped.parameters()),
    };
  } finally {
    off.dispose();
  }
}

/** The shipped model and the PyTorch export, as docs/language-model.md spells them. */
async function shippedModel(lab) {
  const shipped = await lab.loadLanguageModel();
  const created = lab.createLanguageModel({ model: { dModel: 8, heads: 2, layers: 1, dFF: 8, context: 8 }, seed: 1 });
  try {
    const script = shipped.exportPyTorch({ text: 'ROMEO:' });
    return {
      shippedConfig: shipped.config(),
      shippedTokenizer: shipped.tokenizer().kind,
      greedy: shipped.generate({ prompt: 'ROMEO:', tokens: 12, temperature: 0 }).text,
      losses: shipped.tokenLosses({ text: 'ROMEO:' }).losses,
      // Reading the model (lessons 4, 7 and 20): a head by word, the pattern scores, the lens, a head off.
      ...readShipped(lab, shipped),
      scriptLines: script.split('\n').length,
      scriptTokens: script.split('\n').find((line) => line.startsWith('TOKENS = ')),
      createdScript: created.exportPyTorch({ text: 'hi' }),
    };
  } finally {
    shipped.dispose();
    created.dispose();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { loadAttentionLab } = await import('attention-lab');
  console.log(JSON.stringify(await languageModelOps(await loadAttentionLab())));
}
