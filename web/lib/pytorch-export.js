/**
 * A language model as a standalone PyTorch script (model.exportPyTorch): the architecture the
 * engine computes (attn/language_model.hpp; Hugging Face's LlamaForCausalLM: RMSNorm, RoPE with
 * rotate_half, grouped key/value heads, SwiGLU, a tied or separate unembedding) written with
 * plain torch operations in float64, the model's weights embedded bit for bit, and the tokens of
 * a text; run, it prints the logits of every position, which match the engine's to 1e-9
 * (tests/api/language-model-export.test.mjs runs it). Text only: nothing here computes the model.
 */

/** The parameters of one decoder layer, in the order the file and parameters() list them. */
const LAYER_TENSORS = ['wQ', 'wK', 'wV', 'wO', 'wGate', 'wUp', 'wDown', 'gamma1', 'gamma2'];

/**
 * A tensor's numbers as base64 of little-endian float64: exact, and half the text of decimals.
 * @param {number[][] | number[]} values a matrix's rows, or a vector
 * @returns {string}
 */
function base64Doubles(values) {
  const flat = values.flat();
  const view = new DataView(new ArrayBuffer(8 * flat.length));
  flat.forEach((x, i) => view.setFloat64(8 * i, x, true));
  const bytes = new Uint8Array(view.buffer);
  let binary = '';
  // In chunks: String.fromCharCode takes its bytes as arguments, and engines cap their count.
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/** A string as a Python literal: JSON's escapes are Python's, for the strings JSON writes. */
const pythonString = (/** @type {string} */ s) => JSON.stringify(s);

/**
 * One tensor's line of the script.
 * @param {string} name @param {number[][] | number[]} values
 */
function tensorLine(name, values) {
  const rows = Array.isArray(values[0]) ? values.length : 1;
  const cols = Array.isArray(values[0]) ? /** @type {number[][]} */ (values)[0].length : values.length;
  // Base64 in lines of 100 characters, which Python joins inside the parentheses.
  const text = base64Doubles(values).match(/.{1,100}/g) ?? [''];
  return [`    ${pythonString(name)}: tensor(${rows}, ${cols}, (`, ...text.map((line) => `        '${line}'`), '    )),'];
}

const MODEL = [
  'def tensor(rows, cols, data):',
  '    """rows × cols doubles from base64 of their little-endian bytes, row by row."""',
  "    values = struct.unpack(f'<{rows * cols}d', base64.b64decode(data))",
  '    return torch.tensor(values, dtype=torch.float64).reshape(rows, cols)',
  '',
  '',
  'def rms_norm(x, gamma):',
  '    """Each row divided by the root of its mean square (eps inside the root), times gamma."""',
  "    return x / torch.sqrt(x.pow(2).mean(-1, keepdim=True) + CONFIG['eps']) * gamma.reshape(-1)",
  '',
  '',
  'def rope(x):',
  '    """RoPE on (heads, n, d_k) at positions 0 … n−1, pairing column i with i + d_k/2 as',
  "    Hugging Face's Llama does (rotate_half): x·cos + rotate_half(x)·sin.\"\"\"",
  '    n, d_k = x.shape[1], x.shape[2]',
  "    theta = CONFIG['ropeBase'] ** (-torch.arange(0, d_k, 2, dtype=torch.float64) / d_k)",
  '    angles = torch.outer(torch.arange(n, dtype=torch.float64), theta)',
  '    angles = torch.cat([angles, angles], dim=-1)',
  '    rotated = torch.cat([-x[..., d_k // 2:], x[..., : d_k // 2]], dim=-1)',
  '    return x * angles.cos() + rotated * angles.sin()',
  '',
  '',
  'def attention(x, layer):',
  '    """Causal self-attention with grouped key/value heads: query head h reads key/value head',
  '    h // (heads / kvHeads); the heads side by side, then W_O."""',
  "    n, heads, kv_heads = x.shape[0], CONFIG['heads'], CONFIG['kvHeads']",
  "    d_k = CONFIG['dModel'] // heads",
  "    q = rope((x @ layer['wQ']).view(n, heads, d_k).transpose(0, 1))",
  "    k = rope((x @ layer['wK']).view(n, kv_heads, d_k).transpose(0, 1))",
  "    v = (x @ layer['wV']).view(n, kv_heads, d_k).transpose(0, 1)",
  '    k = k.repeat_interleave(heads // kv_heads, 0)',
  '    v = v.repeat_interleave(heads // kv_heads, 0)',
  '    scores = q @ k.transpose(1, 2) / math.sqrt(d_k)',
  "    scores = scores.masked_fill(torch.ones(n, n, dtype=torch.bool).triu(1), float('-inf'))",
  '    weights = torch.softmax(scores, dim=-1)',
  "    return (weights @ v).transpose(0, 1).reshape(n, heads * d_k) @ layer['wO']",
  '',
  '',
  'def swi_glu(x, layer):',
  '    """SwiGLU: (SiLU(x·W_gate) ⊙ x·W_up)·W_down."""',
  "    gate = x @ layer['wGate']",
  "    return (gate * torch.sigmoid(gate) * (x @ layer['wUp'])) @ layer['wDown']",
  '',
  '',
  'def forward(tokens):',
  '    """The logits (n × vocab): row i scores every token as the one after tokens[i]."""',
  "    x = P['embedding'][torch.tensor(tokens)]",
  "    for l in range(CONFIG['layers']):",
  "        layer = {name: P[f'layers[{l}].{name}'] for name in LAYER_TENSORS}",
  "        x = x + attention(rms_norm(x, layer['gamma1']), layer)",
  "        x = x + swi_glu(rms_norm(x, layer['gamma2']), layer)",
  "    unembedding = P['embedding'] if CONFIG['tied'] else P['unembedding']",
  "    return rms_norm(x, P['finalGamma']) @ unembedding.T",
];

/**
 * @typedef {object} ExportedModel
 * @property {import('./index.js').LanguageModelSettings} config
 * @property {import('./index.js').LanguageModelTokenizer} tokenizer
 * @property {Record<string, number[][] | number[]>} parameters
 * @property {string} text
 * @property {number[]} tokens the text's tokens, as the model's tokenizer gives them
 */

/**
 * The script's text.
 * @param {ExportedModel} model
 * @returns {string}
 */
export function pyTorchScript({ config, tokenizer, parameters, text, tokens }) {
  const names = ['embedding'];
  for (let l = 0; l < config.layers; l++) names.push(...LAYER_TENSORS.map((t) => `layers[${l}].${t}`));
  names.push('finalGamma', ...(config.tied ? [] : ['unembedding']));
  const pythonConfig = Object.entries(config)
    .map(([key, value]) => `${pythonString(key)}: ${typeof value === 'boolean' ? (value ? 'True' : 'False') : String(value)}`)
    .join(', ');
  const tokenizerLine = tokenizer.kind === 'character'
    ? `# Token i is the character VOCABULARY[i].\nVOCABULARY = [${tokenizer.vocabulary.map((c) => pythonString(/** @type {string} */ (c))).join(', ')}]`
    : `# Byte-level BPE: the text's UTF-8 bytes (tokens 0 … 255), then these merges in order, merge k\n# making token 256 + k.\nMERGES = [${(tokenizer.merges ?? []).map(([a, b]) => `(${a}, ${b})`).join(', ')}]`;
  return [
    '"""An Attention Lab language model as plain PyTorch (float64): the architecture the engine',
    "computes (Hugging Face's LlamaForCausalLM: RMSNorm, RoPE with rotate_half, grouped key/value",
    'heads, SwiGLU, a final RMSNorm and the unembedding), its weights, and the tokens of a text.',
    'Run with python3 (PyTorch only); it prints the logits of every position of TEXT, every digit.',
    '"""',
    'import base64',
    'import math',
    'import struct',
    '',
    'import torch',
    '',
    `CONFIG = {${pythonConfig}}`,
    `LAYER_TENSORS = [${LAYER_TENSORS.map(pythonString).join(', ')}]`,
    tokenizerLine,
    `TEXT = ${pythonString(text)}`,
    `TOKENS = [${tokens.join(', ')}]`,
    '',
    '',
    ...MODEL,
    '',
    '',
    '# Every tensor, rows × columns (a gamma is 1 × dModel), each x @ W as the engine multiplies.',
    'P = {',
    ...names.flatMap((name) => tensorLine(name, parameters[name])),
    '}',
    '',
    "if __name__ == '__main__':",
    '    logits = forward(TOKENS)',
    "    print(f'# logits: {logits.shape[0]} positions x {logits.shape[1]} tokens; row i scores the token after token i')",
    '    for row in logits.tolist():',
    "        print(' '.join(repr(v) for v in row))",
    '',
  ].join('\n');
}
