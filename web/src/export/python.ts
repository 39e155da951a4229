// The current example as a short Python script that reproduces the page's numbers, in PyTorch
// or in NumPy alone. Inputs and the engine's seeded weights are embedded with every digit (the
// shortest text that reads back as the same double, as Python's repr writes it), the script
// repeats the engine's passes with plain operations (docs/engine.md), and it prints every result
// with every digit, each block named after the page's panel it reproduces: the printed numbers
// match the page's exact values to 1e-12 (tests/page/export.test.mjs runs them). Nothing here
// computes attention: it writes text.
import type { Mask } from '../../lib/index.js';
import type {
  AttentionInputs, EncoderInputs, EntropyInputs, MultiHeadInputs, PositionalInputs, ScalingInputs, Step, Walkthrough,
} from '../model/types.js';
import type { EngineNumbers } from './engine-numbers.js';
import { findGrid, gridData } from './grid.js';

/** What differs between the PyTorch and the NumPy script; everything else is the same text. */
interface Dialect {
  label: string;
  /** The array module as the script names it: `torch` or `np`. */
  xp: string;
  imports: (helpers: Helper[]) => string[];
  /** Definitions of array(), fill_blocked(), softmax(), concat_columns(), layer_norm(), gelu(), relu(), entropy(). */
  helpers: Record<Helper, string[]>;
}

type Helper = 'array' | 'fillBlocked' | 'softmax' | 'concat' | 'layerNorm' | 'gelu' | 'relu' | 'entropy';

const SHOW = [
  'def show(name, x):',
  '    """Prints a matrix with every digit, under the name of the page\'s panel it reproduces."""',
  '    print(name)',
  '    for row in x.reshape(-1, x.shape[-1]).tolist():',
  "        print(' '.join(repr(v) for v in row))",
];

const TORCH: Dialect = {
  label: 'PyTorch',
  xp: 'torch',
  imports: (helpers) => ['import math', '', 'import torch', ...(helpers.includes('layerNorm') || helpers.includes('gelu') ? ['import torch.nn.functional as F'] : [])],
  helpers: {
    array: ['def array(values):', '    return torch.tensor(values, dtype=torch.float64)'],
    fillBlocked: ['def fill_blocked(x, mask, fill):', '    return x.masked_fill(mask == 0, fill)'],
    softmax: [
      'def softmax(x):',
      '    # A row whose every key is blocked under -inf attends to nothing in the lab (weights 0);',
      '    # torch.softmax alone gives NaN there.',
      '    weights = torch.softmax(x, dim=-1)',
      '    return weights.masked_fill(torch.isneginf(x).all(dim=-1, keepdim=True), 0.0)',
    ],
    concat: ['def concat_columns(blocks):', '    return torch.cat(blocks, dim=1)'],
    layerNorm: ['def layer_norm(x, gamma, beta, eps=1e-5):', '    return F.layer_norm(x, x.shape[-1:], gamma, beta, eps)'],
    gelu: ['def gelu(x):', '    return F.gelu(x)  # the exact erf form'],
    relu: ['def relu(x):', '    return torch.relu(x)'],
    entropy: ['def entropy(w):', '    """Each row\'s -sum w ln w in nats, with 0 ln 0 = 0."""', '    return -torch.special.xlogy(w, w).sum(dim=-1)'],
  },
};

const NUMPY: Dialect = {
  label: 'NumPy',
  xp: 'np',
  imports: () => ['import math', '', 'import numpy as np'],
  helpers: {
    array: ['def array(values):', '    return np.array(values, dtype=np.float64)'],
    fillBlocked: ['def fill_blocked(x, mask, fill):', '    return np.where(mask == 0, fill, x)'],
    softmax: [
      'def softmax(x):',
      '    # Subtract each row\'s max (keeps exp finite), exponentiate, divide by the sum. A row whose',
      '    # every key is blocked under -inf has sum 0 and, as in the lab, weights 0.',
      '    row_max = x.max(axis=-1, keepdims=True)',
      '    exps = np.exp(x - np.where(np.isneginf(row_max), 0.0, row_max))',
      '    sums = exps.sum(axis=-1, keepdims=True)',
      '    return np.divide(exps, sums, out=np.zeros_like(exps), where=sums > 0)',
    ],
    concat: ['def concat_columns(blocks):', '    return np.concatenate(blocks, axis=1)'],
    layerNorm: [
      'def layer_norm(x, gamma, beta, eps=1e-5):',
      '    mean = x.mean(axis=-1, keepdims=True)',
      '    variance = ((x - mean) ** 2).mean(axis=-1, keepdims=True)  # biased, as PyTorch',
      '    return (x - mean) / np.sqrt(variance + eps) * gamma + beta',
    ],
    gelu: ['def gelu(x):', '    return 0.5 * x * (1 + np.vectorize(math.erf)(x / math.sqrt(2)))  # the exact erf form'],
    relu: ['def relu(x):', '    return np.maximum(x, 0.0)'],
    entropy: [
      'def entropy(w):',
      '    """Each row\'s -sum w ln w in nats, with 0 ln 0 = 0."""',
      '    return -np.where(w > 0, w * np.log(np.where(w > 0, w, 1.0)), 0.0).sum(axis=-1)',
    ],
  },
};

/** A double as Python source: the shortest text that reads back as the same double. */
function pyNumber(x: number): string {
  if (x === -Infinity) return '-math.inf';
  if (x === Infinity) return 'math.inf';
  if (Number.isNaN(x)) return 'math.nan';
  return String(x);
}

/** Tokens (any text) as a Python list of strings: JSON's string escapes are all valid Python. */
const pyStrings = (texts: readonly string[]) => `[${texts.map((t) => JSON.stringify(t)).join(', ')}]`;

/** A comment line; line breaks in the text would end the comment and start code. */
const comment = (text: string) => `# ${text.replace(/[\r\n\u2028\u2029\f\v]+/g, ' ')}`;

/** `name = array([...])`, one row a line. */
function assign(name: string, values: readonly (readonly number[])[] | readonly number[], note?: string): string[] {
  const head = note ? [comment(note)] : [];
  if (values.length > 0 && typeof values[0] === 'number') {
    return [...head, `${name} = array([${(values as number[]).map(pyNumber).join(', ')}])`];
  }
  const rows = (values as number[][]).map((row) => `    [${row.map(pyNumber).join(', ')}],`);
  return [...head, `${name} = array([`, ...rows, '])'];
}

/** The mask as the script builds it (1 = attend): causal and padding as formulas, a matrix as given. */
function maskLines(d: Dialect, mask: Mask, n: number, m: number): string[] {
  const ones = `${d.xp}.ones((${n}, ${m}), dtype=${d.xp}.float64)`;
  if (mask === 'causal') return [`mask = ${d.xp}.tril(${ones})  # causal: query i sees keys j <= i`];
  if (!Array.isArray(mask)) {
    const { keyLength } = mask as { keyLength: number };
    return [`mask = ${ones}`, `mask[:, ${keyLength}:] = 0  # padding: keys from ${keyLength} on are blocked for every query`];
  }
  return assign('mask', (mask as readonly (readonly (number | boolean)[])[]).map((row) => row.map(Number)), 'the mask, 1 = attend, 0 = blocked');
}

const fillLine = (fill: number) =>
  `fill = ${pyNumber(fill)}  # ${fill === -Infinity ? 'blocked scores become -inf: weight exactly 0' : 'a finite fill: a fully masked row gets uniform weights'}`;

const ATTENTION_FUNCTION = [
  'def attention(q, k, v, mask=None, fill=-math.inf):',
  '    """Scaled dot-product attention, the engine\'s passes: scores, scale, mask, softmax, weighted sum."""',
  '    scaled = (q @ k.T) / math.sqrt(q.shape[1])',
  '    if mask is not None:',
  '        scaled = fill_blocked(scaled, mask, fill)',
  '    weights = softmax(scaled)',
  '    return weights, weights @ v',
];

/**
 * attention() and multi_head_attention(), the second reading W_Q … W_O (and b_Q … b_O when the
 * layer has biases) from the script.
 */
function multiHeadFunctions(biases: boolean): string[] {
  const b = (name: string) => (biases ? ` + b_${name}` : '');
  return [
    ...ATTENTION_FUNCTION,
    '',
    '',
    'def multi_head_attention(x_q, x_kv, heads, mask=None, fill=-math.inf):',
    '    """Project, split into heads, attend per head, concatenate, mix with W_O (the engine\'s passes 1-5)."""',
    `    Q, K, V = x_q @ W_Q${b('Q')}, x_kv @ W_K${b('K')}, x_kv @ W_V${b('V')}`,
    '    d_k = Q.shape[1] // heads',
    '    head_weights, head_outputs = [], []',
    '    for i in range(heads):',
    '        cols = slice(i * d_k, (i + 1) * d_k)',
    '        weights, out = attention(Q[:, cols], K[:, cols], V[:, cols], mask, fill)',
    '        head_weights.append(weights)',
    '        head_outputs.append(out)',
    '    concat = concat_columns(head_outputs)',
    `    return head_weights, concat, concat @ W_O${b('O')}`,
  ];
}

/** The projections, as the engine used them; PyTorch's nn.Linear stores each of them transposed. */
function projectionLines(numbers: EngineNumbers, seed: number): string[] {
  const p = numbers.attention;
  if (!p) throw new Error('the script needs the engine\'s projection weights: pass engineNumbers(lab, …)');
  return [
    comment(`W_Q, W_K, W_V, W_O: the engine's seeded Xavier weights (seed ${seed}), applied as x @ W + b;`),
    comment('nn.Linear and nn.MultiheadAttention store each one transposed.'),
    ...assign('W_Q', p.wQ), ...assign('W_K', p.wK), ...assign('W_V', p.wV), ...assign('W_O', p.wO),
    ...(p.bQ && p.bK && p.bV && p.bO ? [...assign('b_Q', p.bQ), ...assign('b_K', p.bK), ...assign('b_V', p.bV), ...assign('b_O', p.bO)] : []),
  ];
}

interface Script {
  helpers: Helper[];
  /** Definitions that read the dialect (fill_blocked) or the body's names. */
  functions: (d: Dialect) => string[];
  body: (d: Dialect) => string[];
}

function attentionScript(inputs: AttentionInputs): Script {
  const n = inputs.query.length;
  const m = inputs.key.length;
  const fill = inputs.maskFill ?? -Infinity;
  const masked = inputs.mask != null;
  return {
    helpers: masked ? ['array', 'fillBlocked', 'softmax'] : ['array', 'softmax'],
    functions: () => [],
    body: (d) => [
      ...assign('Q', inputs.query, `queries (${n} x ${inputs.query[0].length})`),
      ...assign('K', inputs.key, `keys (${m} x ${inputs.key[0].length})`),
      ...assign('V', inputs.value, `values (${m} x ${inputs.value[0].length})`),
      ...(masked ? [...maskLines(d, inputs.mask as Mask, n, m), fillLine(fill)] : []),
      '',
      'd_k = Q.shape[1]',
      'scores = Q @ K.T                  # pass 1: every query against every key',
      'scaled = scores / math.sqrt(d_k)  # pass 2',
      ...(masked
        ? ['masked = fill_blocked(scaled, mask, fill)  # pass 3: blocked scores become the fill', 'weights = softmax(masked)         # pass 4: each row sums to 1']
        : ['weights = softmax(scaled)         # pass 4 (no mask, so no pass 3): each row sums to 1']),
      'output = weights @ V              # pass 5: each output row mixes the value rows',
      '',
      ...['scores', 'scaled', ...(masked ? ['masked'] : []), 'weights', 'output'].map((name) => `show('${name}', ${name})`),
    ],
  };
}

function multiHeadScript(inputs: MultiHeadInputs, steps: Step[], numbers: EngineNumbers): Script {
  const cross = inputs.sourceTokens !== undefined;
  const x = gridData(steps, 'embeddings');
  const source = findGrid(steps, 'source-embeddings')?.data;
  const fill = inputs.maskFill ?? -Infinity;
  return {
    helpers: ['array', 'fillBlocked', 'softmax', 'concat'],
    functions: () => multiHeadFunctions(Boolean(numbers.attention?.bQ)),
    body: (d) => [
      `tokens = ${pyStrings(inputs.tokens)}`,
      ...(cross ? [`source_tokens = ${pyStrings(inputs.sourceTokens ?? [])}`] : []),
      ...assign('X', x, `the engine's token embeddings (embedTokens, seed ${inputs.seed}), one row per token`),
      ...(source ? assign('X_source', source, 'the source sentence\'s embeddings: the keys and values') : []),
      ...projectionLines(numbers, inputs.seed),
      `heads = ${inputs.heads}`,
      ...(inputs.mask != null ? [...maskLines(d, inputs.mask, x.length, (source ?? x).length), fillLine(fill)] : ['mask = None', 'fill = -math.inf']),
      '',
      `head_weights, concat, output = multi_head_attention(X, ${source ? 'X_source' : 'X'}, heads, mask, fill)`,
      '',
      'for i, weights in enumerate(head_weights):',
      "    show(f'head-{i}-weights', weights)  # head-0 is the page's head 1",
      ...(inputs.heads > 1 ? ["show('concat', concat)"] : []),
      "show('output', output)",
    ],
  };
}

function encoderScript(inputs: EncoderInputs, steps: Step[], numbers: EngineNumbers): Script {
  const x = gridData(steps, 'input');
  const { feedForward: ff, norms } = numbers;
  if (!ff || !norms) throw new Error('the script needs the engine\'s feed-forward and LayerNorm numbers: pass engineNumbers(lab, …)');
  return {
    helpers: ['array', 'fillBlocked', 'softmax', 'concat', 'layerNorm', inputs.activation],
    functions: () => multiHeadFunctions(Boolean(numbers.attention?.bQ)),
    body: () => [
      `tokens = ${pyStrings(inputs.tokens)}`,
      ...assign('X', x, `X = E + PE: the engine's token embeddings (seed ${inputs.seed}) plus the positional encoding`),
      ...projectionLines(numbers, inputs.seed),
      ...assign('W_1', ff.w1, 'the feed-forward layers (seeded Xavier weights, zero biases)'),
      ...assign('b_1', ff.b1), ...assign('W_2', ff.w2), ...assign('b_2', ff.b2),
      ...assign('gamma_1', norms.gamma1, 'the LayerNorms\' scales and shifts'),
      ...assign('beta_1', norms.beta1), ...assign('gamma_2', norms.gamma2), ...assign('beta_2', norms.beta2),
      `heads = ${inputs.heads}`,
      '',
      'head_weights, _, attention_output = multi_head_attention(X, X, heads)  # pass 1',
      'residual1 = X + attention_output                     # pass 2',
      'norm1 = layer_norm(residual1, gamma_1, beta_1)       # pass 3',
      'hidden = norm1 @ W_1 + b_1                           # pass 4: feed-forward',
      `activated = ${inputs.activation}(hidden)`,
      'ffn_output = activated @ W_2 + b_2',
      'residual2 = norm1 + ffn_output                       # pass 5',
      'output = layer_norm(residual2, gamma_2, beta_2)      # pass 6',
      '',
      'for i, weights in enumerate(head_weights):',
      "    show(f'head-{i}-weights', weights)  # head-0 is the page's head 1",
      ...[['attention-output', 'attention_output'], ['residual1', 'residual1'], ['norm1', 'norm1'], ['hidden', 'hidden'],
        ['activated', 'activated'], ['ffn-output', 'ffn_output'], ['residual2', 'residual2'], ['output', 'output']]
        .map(([panel, name]) => `show('${panel}', ${name})`),
    ],
  };
}

function entropyScript(steps: Step[], heads: number, seed: number, numbers: EngineNumbers): Script {
  const x = gridData(steps, 'input');
  return {
    helpers: ['array', 'fillBlocked', 'softmax', 'concat', 'entropy'],
    functions: () => multiHeadFunctions(false),
    body: () => [
      ...assign('X', x, `the token vectors: the engine's random normal numbers (seed ${seed})`),
      ...projectionLines(numbers, seed),
      `heads = ${heads}`,
      '',
      '(single,), _, _ = multi_head_attention(X, X, 1)',
      "show('single-weights', single)",
      "show('single-entropy', entropy(single))",
      'head_weights, _, _ = multi_head_attention(X, X, heads)',
      'for i, weights in enumerate(head_weights):',
      "    show(f'head-{i}-weights', weights)  # head-0 is the page's head 1",
      "    show(f'head-{i}-entropy', entropy(weights))",
      'plain, _ = attention(X, X, X)  # no projections: Q = K = V = X',
      "show('plain-weights', plain)",
      "show('plain-entropy', entropy(plain))",
    ],
  };
}

function scalingScript(seed: number, numbers: EngineNumbers): Script {
  const draw = numbers.draw;
  if (!draw) throw new Error('the script needs the engine\'s first draw: pass engineNumbers(lab, …)');
  return {
    helpers: ['array', 'softmax'],
    functions: (d) => ['def jacobian(p):', '    """d p_i / d x_j = p_i (delta_ij - p_j), for one row of weights."""', `    return ${d.xp}.diag(p[0]) - ${d.xp}.outer(p[0], p[0])`],
    body: (d) => [
      ...assign('q', draw.query, `the experiment's first draw (scalingExperiment, seed ${seed}): one query …`),
      ...assign('K', draw.key, '… and its keys'),
      '',
      'scores = q @ K.T',
      'scaled = scores / math.sqrt(q.shape[1])',
      'weights_unscaled = softmax(scores)',
      'weights = softmax(scaled)',
      'J_unscaled = jacobian(weights_unscaled)',
      'J_scaled = jacobian(weights)',
      '',
      "show('scores', scores)",
      "show('scaled', scaled)",
      "show('weights-unscaled', weights_unscaled)",
      "show('weights', weights)",
      "show('jacobian-unscaled', J_unscaled)",
      "show('jacobian-scaled', J_scaled)",
      `show('frobenius-norms', array([[float(${d.xp}.linalg.norm(J_unscaled)), float(${d.xp}.linalg.norm(J_scaled))]]))  # unscaled, scaled`,
    ],
  };
}

function positionalScript(inputs: PositionalInputs): Script {
  return {
    helpers: [],
    functions: () => [],
    body: (d) => [
      `length, d_model = ${inputs.length}, ${inputs.dModel}`,
      `position = ${d.xp}.arange(length, dtype=${d.xp}.float64)[:, None]`,
      `even = ${d.xp}.arange(0, d_model, 2, dtype=${d.xp}.float64)  # the columns 2i`,
      'angle = position / 10000 ** (even / d_model)            # pos / 10000^(2i/d)',
      `PE = ${d.xp}.zeros((length, d_model), dtype=${d.xp}.float64)`,
      `PE[:, 0::2] = ${d.xp}.sin(angle)`,
      `PE[:, 1::2] = ${d.xp}.cos(angle[:, : d_model // 2])  # odd d_model: the last column is a sine alone`,
      '',
      'similarity = PE @ PE.T',
      'diagonal = similarity.diagonal()',
      '# One square root of the product, as the engine; an all-zero row (position 0 when d_model = 1) has cosine 0.',
      `cosine = ${d.xp}.nan_to_num(similarity / ${d.xp}.sqrt(diagonal[:, None] * diagonal[None, :]), nan=0.0)`,
      '',
      "show('encoding', PE)",
      "show('cosine', cosine)",
    ],
  };
}

function scriptFor(walkthrough: Walkthrough, inputs: Walkthrough['inputs'], steps: Step[], numbers: EngineNumbers): Script {
  switch (walkthrough.kind) {
    case 'attention': return attentionScript(inputs as AttentionInputs);
    case 'multi-head': return multiHeadScript(inputs as MultiHeadInputs, steps, numbers);
    case 'encoder': return encoderScript(inputs as EncoderInputs, steps, numbers);
    case 'entropy': return entropyScript(steps, (inputs as EntropyInputs).heads, (inputs as EntropyInputs).seed, numbers);
    case 'scaling': return scalingScript((inputs as ScalingInputs).seed, numbers);
    case 'positional': return positionalScript(inputs as PositionalInputs);
  }
}

function script(d: Dialect, walkthrough: Walkthrough, inputs: Walkthrough['inputs'], steps: Step[], numbers: EngineNumbers): string {
  const s = scriptFor(walkthrough, inputs, steps, numbers);
  const blocks = [...s.helpers.map((h) => d.helpers[h]), s.functions(d), SHOW].filter((b) => b.length > 0);
  return [
    comment(`${walkthrough.title}: Attention Lab's example as a ${d.label} script (double precision).`),
    comment('The inputs and seeded weights are the engine\'s, with every digit. Each printed block is named'),
    comment('after the page\'s panel it reproduces and prints every digit, to compare with the exact values.'),
    ...d.imports(s.helpers),
    '',
    '',
    ...blocks.flatMap((block) => [...block, '', '']),
    ...s.body(d),
    '',
  ].join('\n');
}

/**
 * A PyTorch script that reproduces the example's numbers. Multi-head, encoder, entropy and
 * scaling walkthroughs need `numbers` from engineNumbers (their seeded weights or draws).
 */
export function examplePython(walkthrough: Walkthrough, inputs: Walkthrough['inputs'], steps: Step[], numbers: EngineNumbers = {}): string {
  return script(TORCH, walkthrough, inputs, steps, numbers);
}

/** The same script with NumPy alone, for learners without PyTorch. */
export function exampleNumpy(walkthrough: Walkthrough, inputs: Walkthrough['inputs'], steps: Step[], numbers: EngineNumbers = {}): string {
  return script(NUMPY, walkthrough, inputs, steps, numbers);
}
