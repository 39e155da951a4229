// The trained model of the lesson "Watch attention learn" as files: its weights as JSON (every
// named matrix of trainer.parameters(), every digit: JSON writes the shortest text that reads
// back as the same double), and a PyTorch 1.13 script that rebuilds the same architecture
// (attn/train/model.hpp: embedding + sinusoidal positions → post-norm encoder layers with ReLU →
// a linear head per position; iris: features as tokens → mean of the rows → a two-layer
// classifier), loads those weights and prints the probe's predictions, which match the page's
// (iris: the probe flower's standardised measurements, as the engine reports them, are embedded).
// Text only: nothing here computes the model.
import type { TrainerAttention, TrainerConfig } from '../../lib/index.js';

export type NamedParameters = Record<string, number[][] | number[]>;

export function weightsJson(config: TrainerConfig, step: number, parameters: NamedParameters): string {
  return `${JSON.stringify({ format: 'attention-lab-trained-weights', version: 1, step, config, parameters })}\n`;
}

const pythonList = (values: readonly (string | number | boolean)[]) =>
  `[${values.map((v) => (typeof v === 'boolean' ? (v ? 'True' : 'False') : typeof v === 'string' ? JSON.stringify(v) : String(v))).join(', ')}]`;

const MODEL = [
  'def layer_norm(x, gamma, beta):',
  '    return F.layer_norm(x, (x.shape[-1],), gamma, beta, eps=1e-5)',
  '',
  '',
  'def self_attention(x, l):',
  '    """Multi-head self-attention of layer l: project, split into heads, attend, concatenate, W_O."""',
  "    w = lambda name: P[f'layer{l}.attention.{name}']",
  "    q, k, v = x @ w('wQ') + w('bQ'), x @ w('wK') + w('bK'), x @ w('wV') + w('bV')",
  '    n, d_k = x.shape[0], D_MODEL // HEADS',
  '    heads = []',
  '    for h in range(HEADS):',
  '        cols = slice(h * d_k, (h + 1) * d_k)',
  '        scores = q[:, cols] @ k[:, cols].T / math.sqrt(d_k)',
  '        if CAUSAL:',
  "            scores = scores.masked_fill(torch.ones(n, n, dtype=torch.bool).triu(1), float('-inf'))",
  '        heads.append(torch.softmax(scores, dim=-1) @ v[:, cols])',
  "    return torch.cat(heads, dim=1) @ w('wO') + w('bO')",
  '',
  '',
  'def encoder_layer(x, l):',
  '    """Post-norm: x = LN1(x + MHA(x)); y = LN2(x + FFN(x)), FFN = ReLU(x·W1 + b1)·W2 + b2."""',
  "    p = lambda name: P[f'layer{l}.{name}']",
  "    x = layer_norm(x + self_attention(x, l), p('norm1.gamma'), p('norm1.beta'))",
  "    hidden = torch.relu(x @ p('feedForward.w1') + p('feedForward.b1'))",
  "    return layer_norm(x + hidden @ p('feedForward.w2') + p('feedForward.b2'), p('norm2.gamma'), p('norm2.beta'))",
];

const TOY_RUN = [
  'def positional_encoding(n, d):',
  '    """The engine\'s sinusoidal encoding: column pair (2i, 2i+1) is sin, cos of pos / 10000^(2i/d)."""',
  '    pe = torch.zeros(n, d, dtype=torch.float64)',
  '    for column in range(0, d, 2):',
  '        angle = torch.arange(n, dtype=torch.float64) / 10000.0 ** (column / d)',
  '        pe[:, column] = torch.sin(angle)',
  '        if column + 1 < d:',
  '            pe[:, column + 1] = torch.cos(angle)',
  '    return pe',
  '',
  '',
  "x = P['embedding'][torch.tensor(PROBE)] + positional_encoding(len(PROBE), D_MODEL)",
  'for l in range(LAYERS):',
  '    x = encoder_layer(x, l)',
  "logits = x @ P['head.w'] + P['head.b']",
  'predicted = logits.argmax(dim=1).tolist()',
  "print('predictions:', ' '.join(str(c) if s else '·' for c, s in zip(predicted, SCORED)))",
];

const IRIS_RUN = [
  'def classify(features):',
  '    """Class logits of one flower, from its four standardised measurements (the page\'s split statistics)."""',
  '    f = torch.tensor(features, dtype=torch.float64)',
  "    x = f[:, None] * P['features.w'] + P['features.b']",
  '    for l in range(LAYERS):',
  '        x = encoder_layer(x, l)',
  '    pooled = x.mean(dim=0, keepdim=True)',
  "    hidden = torch.relu(pooled @ P['classifier.w1'] + P['classifier.b1'])",
  "    return hidden @ P['classifier.w2'] + P['classifier.b2']",
  '',
  '',
  "print('predictions:', SPECIES[int(classify(PROBE_STANDARDISED).argmax())])",
  '# classify() takes any flower standardised the same way; all zeros is the mean flower of the',
  '# training split.',
];

/**
 * The script for the weights at `step`. `attention` gives the probe (its tokens and which
 * positions are scored) and the page's predictions, quoted in the script when they are of the
 * same step.
 */
export function trainingScript(
  config: TrainerConfig, step: number, parameters: NamedParameters, attention: TrainerAttention, attentionStep: number,
): string {
  const iris = config.task === 'iris';
  // The engine gives every iris probe its measurements; a script without them could not run.
  const flower = attention.features;
  if (iris && !flower) throw new Error('trainingScript: expected the iris probe\'s features from the engine, got none');
  const header = [
    `# Attention Lab, “Watch attention learn”: the ${config.task} model of seed ${config.seed} after ${step} steps,`,
    `# rebuilt in PyTorch (float64): d_model ${config.model.dModel}, ${config.model.heads} heads, ${config.model.layers} layers, d_ff ${config.model.dFF}.`,
    '# Run it with python3 (PyTorch 1.13 or later). The weights are embedded as JSON, every digit.',
    ...(attentionStep === step ? [`# The page predicted: ${attention.predictions.map((p) => p || '·').join(' ')}`] : []),
    'import json',
    'import math',
    '',
    'import torch',
    'import torch.nn.functional as F',
    '',
    `WEIGHTS = json.loads(r'''${JSON.stringify(parameters)}''')`,
    'P = {name: torch.tensor(value, dtype=torch.float64) for name, value in WEIGHTS.items()}',
    `D_MODEL, HEADS, LAYERS = ${config.model.dModel}, ${config.model.heads}, ${config.model.layers}`,
    `CAUSAL = ${config.task === 'induction' ? 'True' : 'False'}`,
    ...(iris && flower
      ? [
        `SPECIES = ${pythonList(['setosa', 'versicolor', 'virginica'])}`,
        `# The probe flower (${attention.tokens.join(', ')}) in cm, and standardised with this seed's`,
        '# training split (mean and standard deviation of the 120 training flowers): the model reads the latter.',
        `PROBE_CM = ${pythonList(flower.cm)}`,
        `PROBE_STANDARDISED = ${pythonList(flower.standardised)}`,
      ]
      : [`PROBE = ${pythonList(attention.tokens.map(Number))}`, `SCORED = ${pythonList(attention.targets.map((t) => t !== ''))}`]),
    '',
    '',
  ];
  return `${[...header, ...MODEL, '', '', ...(iris ? IRIS_RUN : TOY_RUN)].join('\n')}\n`;
}
