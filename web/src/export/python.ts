// The current example as a short Python script that reproduces the page's numbers, in PyTorch
// or in NumPy alone. Each kind of walkthrough writes its own part (kinds/<kind>/script.ts) with the
// pieces below; this file holds the two dialects and puts a script together. Inputs and the engine's seeded weights are embedded with every digit (the
// shortest text that reads back as the same double, as Python's repr writes it), the script
// repeats the engine's passes with plain operations (docs/engine.md), and it prints every result
// with every digit, each block named after the page's panel it reproduces: the printed numbers
// match the page's exact values to 1e-12 (tests/page/export.test.mjs runs them). Nothing here
// computes attention: it writes text.
import type { Mask, MultiHeadParams } from '../../lib/index.js';
import type { Walkthrough } from '../model/types.js';

/** What differs between the PyTorch and the NumPy script; everything else is the same text. */
export interface Dialect {
  label: string;
  /** The array module as the script names it: `torch` or `np`. */
  xp: string;
  imports: (helpers: Helper[]) => string[];
  /** Definitions of array(), fill_blocked(), softmax(), concat_columns(), layer_norm(), gelu(), relu(), entropy(). */
  helpers: Record<Helper, string[]>;
}

export type Helper = 'array' | 'fillBlocked' | 'softmax' | 'concat' | 'layerNorm' | 'gelu' | 'relu' | 'entropy';

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
export const pyStrings = (texts: readonly string[]) => `[${texts.map((t) => JSON.stringify(t)).join(', ')}]`;

/** A comment line; line breaks in the text would end the comment and start code. */
export const comment = (text: string) => `# ${text.replace(/[\r\n\u2028\u2029\f\v]+/g, ' ')}`;

/** `name = array([...])`, one row a line. */
export function assign(name: string, values: readonly (readonly number[])[] | readonly number[], note?: string): string[] {
  const head = note ? [comment(note)] : [];
  if (values.length > 0 && typeof values[0] === 'number') {
    return [...head, `${name} = array([${(values as number[]).map(pyNumber).join(', ')}])`];
  }
  const rows = (values as number[][]).map((row) => `    [${row.map(pyNumber).join(', ')}],`);
  return [...head, `${name} = array([`, ...rows, '])'];
}

/** The mask as the script builds it (1 = attend): causal and padding as formulas, a matrix as given. */
export function maskLines(d: Dialect, mask: Mask, n: number, m: number): string[] {
  const ones = `${d.xp}.ones((${n}, ${m}), dtype=${d.xp}.float64)`;
  if (mask === 'causal') return [`mask = ${d.xp}.tril(${ones})  # causal: query i sees keys j <= i`];
  if (!Array.isArray(mask)) {
    const { keyLength } = mask as { keyLength: number };
    return [`mask = ${ones}`, `mask[:, ${keyLength}:] = 0  # padding: keys from ${keyLength} on are blocked for every query`];
  }
  return assign('mask', (mask as readonly (readonly (number | boolean)[])[]).map((row) => row.map(Number)), 'the mask, 1 = attend, 0 = blocked');
}

export const fillLine = (fill: number) =>
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
export function multiHeadFunctions(biases: boolean): string[] {
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
export function projectionLines(p: MultiHeadParams, seed: number, origin = `the engine's seeded Xavier weights (seed ${seed})`): string[] {
  return [
    comment(`W_Q, W_K, W_V, W_O: ${origin}, applied as x @ W + b;`),
    comment('nn.Linear and nn.MultiheadAttention store each one transposed.'),
    ...assign('W_Q', p.wQ), ...assign('W_K', p.wK), ...assign('W_V', p.wV), ...assign('W_O', p.wO),
    ...(p.bQ && p.bK && p.bV && p.bO ? [...assign('b_Q', p.bQ), ...assign('b_K', p.bK), ...assign('b_V', p.bV), ...assign('b_O', p.bO)] : []),
  ];
}

/** A kind's part of the script: the helpers it calls, its own functions and its body. */
export interface Script {
  helpers: Helper[];
  /** Definitions that read the dialect (fill_blocked) or the body's names. */
  functions: (d: Dialect) => string[];
  body: (d: Dialect) => string[];
}

function script(d: Dialect, walkthrough: Walkthrough, s: Script): string {
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

/** A PyTorch script that reproduces the example's numbers, from its kind's part (kinds/<kind>/script.ts). */
export function examplePython(walkthrough: Walkthrough, part: Script): string {
  return script(TORCH, walkthrough, part);
}

/** The same script with NumPy alone, for learners without PyTorch. */
export function exampleNumpy(walkthrough: Walkthrough, part: Script): string {
  return script(NUMPY, walkthrough, part);
}
