// A course author's TypeScript, type-checked (never run) against the package's declarations:
//   npx tsc -p tests/types
// It imports the package by its name, so the "types" condition of package.json "exports" is
// what resolves it. Every function and type of the API is used; the @ts-expect-error lines
// prove the declarations refuse wrong names and types (tsc fails if any of them compiles).

import { AttentionError, loadAttentionLab, MAX_DIMENSION } from 'attention-lab';
import type { Generation, HeadPattern, LanguageModel, LanguageModelAttention, LanguageModelHeadScores, LanguageModelSettings, LanguageModelSource, LanguageModelTokenizer, LogitLens, TokenLosses } from 'attention-lab';
import type {
  Activation,
  AddPositionalEncodingArgs,
  AttentionArgs,
  AttentionBackwardArgs,
  AttentionBackwardTrace,
  AttentionExplanation,
  AttentionLab,
  AttentionOperations,
  AttentionTrace,
  Distribution,
  DropoutArgs,
  EmbedTokensArgs,
  EncoderLayerArgs,
  EncoderLayerBackwardArgs,
  EncoderLayerBackwardTrace,
  EncoderLayerTrace,
  EncoderParameterCount,
  EntropyArgs,
  EntropyTrace,
  ExplainAttentionArgs,
  ExplainedCell,
  ExplainStage,
  ExplanationByStage,
  ExplainAttentionBackwardArgs,
  GradientExplanationByStage,
  GradientStage,
  GradientSumExplanation,
  GradScaledExplanation,
  GradScoreExplanation,
  FeedForwardArgs,
  FeedForwardBackwardArgs,
  FeedForwardBackwardTrace,
  FeedForwardTrace,
  HeadTrace,
  LayerNormArgs,
  LayerNormBackwardArgs,
  LayerNormBackwardTrace,
  LayerNormTrace,
  LoadOptions,
  Mask,
  MaskingArgs,
  Matrix,
  MatrixInput,
  MemoryUse,
  Misconception,
  MisconceptionCandidate,
  MultiHeadAttentionArgs,
  MultiHeadAttentionBackwardArgs,
  MultiHeadAttentionBackwardTrace,
  MultiHeadAttentionTrace,
  MultiHeadParams,
  OutputExplanation,
  PermutationTestArgs,
  PermutationTestTrace,
  PositionalAdditionTrace,
  PositionalEncodingArgs,
  PositionSimilarityTrace,
  QueryKeyValueArgs,
  ProductTerm,
  ProjectionArgs,
  RandomMatrixArgs,
  ScaledExplanation,
  ScalingExample,
  ScalingExperimentArgs,
  ScalingExperimentTrace,
  ScoreExplanation,
  SequenceArgs,
  SoftmaxArgs,
  SoftmaxJacobianArgs,
  SoftmaxJacobianTrace,
  SoftmaxStatistics,
  SoftmaxSteps,
  SoftmaxTrace,
  TokenEmbeddingTrace,
  Trainer,
  TrainerAttention,
  TrainerConfig,
  TrainerEstimate,
  TrainerEvaluation,
  TrainerHeadPattern,
  TrainerHeadScores,
  TrainerModelOptions,
  TrainerOptimizer,
  TrainerOptions,
  TrainerProbeFeatures,
  TrainerStatus,
  TrainerStep,
  TrainerTask,
  Vector,
  VectorInput,
  WeightExplanation,
} from 'attention-lab';

// ---- loading ----------------------------------------------------------------------------------

const options: LoadOptions = { wasmUrl: new URL('https://example.org/attention-core.wasm') };
const fromUrl: Promise<AttentionLab> = loadAttentionLab(options);
const fromBytes: Promise<AttentionLab> = loadAttentionLab({ wasmBinary: new Uint8Array(8) });
const fromBuffer: Promise<AttentionLab> = loadAttentionLab({ wasmBinary: new ArrayBuffer(8) });
const located: Promise<AttentionLab> = loadAttentionLab({ locateFile: (file: string) => `/assets/${file}` });
void [fromUrl, fromBytes, fromBuffer, located];

const lab: AttentionLab = await loadAttentionLab();
const cap: number = MAX_DIMENSION + lab.maxDimension + lab.maxSequence + lab.maxPeakCells;

// ---- inputs -----------------------------------------------------------------------------------

const query: Matrix = [[1, 2]];
const key: MatrixInput = [[1, 0], [0, 1], [1, 1]];
const frozenValue: readonly (readonly number[])[] = [[0.5, 0.3], [0.8, 0.2], [0.1, 0.9]] as const;
const typedRows: MatrixInput = [Float64Array.of(1, 2), Float32Array.of(3, 4)];
const bias: VectorInput = Float64Array.of(0, 0, 0, 0);
const masks: Mask[] = ['causal', { keyLength: 2 }, [[1, 0, 1]], [[true, false, true]]];

// ---- softmax ----------------------------------------------------------------------------------

const softmaxArgs: SoftmaxArgs = { logits: [[1, 2, 3], [-Infinity, 0, 0]] };
const sm: SoftmaxTrace = lab.softmax(softmaxArgs);
const steps: SoftmaxSteps = sm;
const firstWeight: number = sm.weights[0][0];
const rowMax: Vector = steps.rowMax;

// ---- attention --------------------------------------------------------------------------------

const attentionArgs: AttentionArgs = { query, key, value: frozenValue, mask: masks[0], maskFill: -1e9 };
const t: AttentionTrace = lab.attention(attentionArgs);
const scores: Matrix = t.scores;
const sqrtDk: number = t.sqrtDk;
const weights: number[][] = t.weights;
const output: Matrix = t.output;
const rowSums: number[] = t.softmax.rowSum;
const fully: number[] = t.fullyMaskedRows;
// mask and masked exist only when a mask was given: the types make the author check.
const maskOrNothing: Matrix | undefined = t.mask;
const maskedCell: number = t.masked ? t.masked[0][0] : Number.NaN;
const withTyped: AttentionTrace = lab.attention({ query: typedRows, key: typedRows, value: typedRows });
const masking: MaskingArgs = { mask: { keyLength: 1 } };
const padded: AttentionTrace = lab.attention({ query, key, value: frozenValue, ...masking });

// ---- multi-head attention ---------------------------------------------------------------------

const x4: Matrix = [[1, 2, 3, 4], [0, 1, 0, 1]];
const projections: ProjectionArgs = { bQ: bias, bK: [0, 0, 0, 0], wO: [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]] };
const mhaArgs: MultiHeadAttentionArgs = { query: x4, key: x4, value: x4, heads: 2, seed: 42, mask: 'causal', ...projections };
const mha: MultiHeadAttentionTrace = lab.multiHeadAttention(mhaArgs);
const dModel: number = mha.dModel;
const dK: number = mha.dK;
const head: HeadTrace = mha.heads[0];
const headQuery: Matrix = head.query;
const headWeights: Matrix = head.weights;
const allWeights: Matrix[] = mha.weights;
const concat: Matrix = mha.concat;
const params: MultiHeadParams = mha.params;
const wQ: Matrix = params.wQ;
const bQ: Vector | undefined = params.bQ;
const mhaCount: number = mha.parameterCount;
const projectedKey: Matrix = mha.projectedKey;

// ---- positional encoding, layer norm, feed-forward --------------------------------------------

const peArgs: PositionalEncodingArgs = { length: 10, dModel: 16 };
const pe: Matrix = lab.positionalEncoding(peArgs);
const peCell: number = pe[3][4];

const lnArgs: LayerNormArgs = { input: x4, gamma: [1, 1, 1, 1], beta: bias, eps: 1e-6 };
const ln: LayerNormTrace = lab.layerNorm(lnArgs);
const means: Vector = ln.mean;
const normalized: Matrix = ln.normalized;
const gamma: Vector = ln.gamma;

const activation: Activation = 'gelu';
const ffArgs: FeedForwardArgs = { input: x4, w1: [[1], [1], [1], [1]], b1: [0], w2: [[1, 1, 1, 1]], activation };
const ff: FeedForwardTrace = lab.feedForward(ffArgs);
const hidden: Matrix = ff.hidden;
const activated: Matrix = ff.activated;
const ffDefault: FeedForwardTrace = lab.feedForward({ input: x4, w1: [[1], [1], [1], [1]], w2: [[1, 1, 1, 1]] });

const lnBackArgs: LayerNormBackwardArgs = { ...lnArgs, gradOutput: x4 };
const lnBack: LayerNormBackwardTrace = lab.layerNormBackward(lnBackArgs);
const gradLnInput: Matrix = lnBack.gradInput;
const gradGammaBeta: Vector[] = [lnBack.gradGamma, lnBack.gradBeta, lnBack.gradNormalized[0] ?? []];
const ffBackArgs: FeedForwardBackwardArgs = { ...ffArgs, gradOutput: x4 };
const ffBack: FeedForwardBackwardTrace = lab.feedForwardBackward(ffBackArgs);
const gradWeights: Matrix[] = [ffBack.gradW1, ffBack.gradW2, ffBack.gradHidden, ffBack.gradActivated, ffBack.gradInput];
const gradB1: Vector | undefined = ffBack.gradB1;

// ---- encoder layer ----------------------------------------------------------------------------

const encArgs: EncoderLayerArgs = { input: x4, heads: 2, dFF: 8, activation: 'relu', seed: 7, mask: 'causal', gamma1: [1, 1, 1, 1] };
const enc: EncoderLayerTrace = lab.encoderLayer(encArgs);
const encAttention: MultiHeadAttentionTrace = enc.attention;
const residual1: Matrix = enc.residual1;
const norm1: LayerNormTrace = enc.norm1;
const encFf: FeedForwardTrace = enc.feedForward;
const residual2: Matrix = enc.residual2;
const norm2Out: Matrix = enc.norm2.output;
const dFF: number = enc.dFF;
const w1: Matrix = enc.params.w1;
const b2: Vector = enc.params.b2;
const counts: EncoderParameterCount = enc.parameterCount;
const total: number = counts.total + counts.attention + counts.feedForward + counts.norms;
const biasFree: EncoderLayerTrace = lab.encoderLayer({ input: x4, heads: 2, dFF: 8, attentionBias: false });
const biasFreeCount: number = biasFree.parameterCount.attention;

// ---- entropy and memory -----------------------------------------------------------------------

const entropyArgs: EntropyArgs = { weights: t.weights };
const entropy: EntropyTrace = lab.attentionEntropy(entropyArgs);
const perRow: Vector = entropy.entropy;
const bound: number = entropy.maxEntropy;
const entropySummary: number = entropy.meanEntropy + entropy.minEntropy + entropy.maxRowEntropy;

// ---- seeded inputs ----------------------------------------------------------------------------

const distribution: Distribution = 'uniform';
const randomArgs: RandomMatrixArgs = { rows: 4, cols: 8, seed: 1, distribution, scale: 0.5 };
const randomQuery: Matrix = lab.randomMatrix(randomArgs);
const randomDefault: Matrix = lab.randomMatrix({ rows: 2, cols: 2 });

const sentence: readonly string[] = ['the', 'cat', 'sat', 'on', 'the', 'mat'];
const embedArgs: EmbedTokensArgs = { tokens: sentence, dModel: 8, seed: 2 };
const embedded: TokenEmbeddingTrace = lab.embedTokens(embedArgs);
const vocabulary: string[] = embedded.vocabulary;
const ids: number[] = embedded.ids;
const table: Matrix = embedded.table;

// ---- positions --------------------------------------------------------------------------------

const addArgs: AddPositionalEncodingArgs = { input: embedded.embeddings };
const withPositions: PositionalAdditionTrace = lab.addPositionalEncoding(addArgs);
const positioned: Matrix = withPositions.output;
const similarity: PositionSimilarityTrace = lab.positionSimilarity({ length: 50, dModel: 8 });
const cosine: Matrix = similarity.cosine;
const norms: Vector = similarity.norms;

const permutationArgs: PermutationTestArgs = { input: embedded.embeddings, permutation: [5, 4, 3, 2, 1, 0], heads: 2, positionalEncoding: true };
const permuted: PermutationTestTrace = lab.permutationTest(permutationArgs);
const realigned: Matrix = permuted.realigned;
const maxDifference: number = permuted.maxDifference + permuted.permutation[0];
const permutedTyped: PermutationTestTrace = lab.permutationTest({ ...permutationArgs, permutation: Float64Array.of(0, 1, 2, 3, 4, 5), seed: 3 });

// ---- scaling and the softmax Jacobian ---------------------------------------------------------

const scalingArgs: ScalingExperimentArgs = { dK: 64, keys: 8, samples: 2000, seed: 0 };
const scaling: ScalingExperimentTrace = lab.scalingExperiment(scalingArgs);
const variance: number = scaling.scoreVariance + scaling.scaledVariance + scaling.scoreMean + scaling.scaledMean;
const unscaledStats: SoftmaxStatistics = scaling.unscaled;
const peak: number = unscaledStats.meanPeakWeight + scaling.scaled.meanEntropy + scaling.scaled.meanGradientNorm;
const example: ScalingExample = scaling.example;
const exampleWeights: Matrix = example.weightsScaled;

const jacobianArgs: SoftmaxJacobianArgs = { logits: example.scores };
const jacobian: SoftmaxJacobianTrace = lab.softmaxJacobian(jacobianArgs);
const gradientNorm: number = jacobian.frobeniusNorm;
const jacobianMatrix: Matrix = jacobian.jacobian;

// ---- explain this number ----------------------------------------------------------------------

const cell = { query, key, value: frozenValue, row: 0, column: 1 };
const score: ScoreExplanation = lab.explainAttention({ ...cell, stage: 'score' });
const term: ProductTerm = score.terms[0];
const termProduct: number = term.left * term.right - term.product + score.sum;
const scaledCell: ScaledExplanation = lab.explainAttention({ ...cell, stage: 'scaled' });
const divisor: number = scaledCell.sqrtDk + scaledCell.dK;
const weightCell: WeightExplanation = lab.explainAttention({ ...cell, mask: 'causal', stage: 'weight' });
const fullyMasked: boolean = weightCell.fullyMasked;
const numerator: number = weightCell.numerator / weightCell.rowSum;
const outputCell: OutputExplanation = lab.explainAttention({ ...cell, stage: 'output' });
const anyStage: ExplainStage = 'weight' as ExplainStage;
const explainArgs: ExplainAttentionArgs = { ...cell, stage: anyStage };
const anyExplanation: AttentionExplanation = lab.explainAttention(explainArgs);
const described: string = anyExplanation.stage === 'weight' ? `${anyExplanation.weight}` : anyExplanation.stage === 'scaled' ? `${anyExplanation.scaled}` : `${anyExplanation.sum}`;
const byStage: ExplanationByStage['output'] = outputCell;
const where: ExplainedCell<'output'> = { stage: outputCell.stage, row: outputCell.row, column: outputCell.column };

const gradCell = { query, key, value: frozenValue, gradOutput: [[1, -1]], row: 0, column: 1 };
const gradValueCell: GradientSumExplanation<'gradValue'> = lab.explainAttentionBackward({ ...gradCell, stage: 'gradValue' });
const softmaxBackward: GradScaledExplanation = lab.explainAttentionBackward({ ...gradCell, mask: 'causal', stage: 'gradScaled' });
const backwardTerms: number = softmaxBackward.weight * (softmaxBackward.gradWeight - softmaxBackward.rowDot) + softmaxBackward.difference + softmaxBackward.terms.length;
const gradScoreCell: GradScoreExplanation = lab.explainAttentionBackward({ ...gradCell, stage: 'gradScore' });
const anyGradientStage: GradientStage = 'gradKey' as GradientStage;
const gradArgs: ExplainAttentionBackwardArgs = { ...gradCell, stage: anyGradientStage };
const anyGradient: GradientExplanationByStage[GradientStage] = lab.explainAttentionBackward(gradArgs);
const gradientText: string = anyGradient.stage === 'gradScaled' ? `${anyGradient.gradScaled}` : anyGradient.stage === 'gradScore' ? `${anyGradient.gradScore}` : `${anyGradient.sum}`;
const gradientSum: number = gradValueCell.sum + gradScoreCell.sqrtDk;

const memory: MemoryUse = lab.memory();
const heap: number = memory.heapBytesInUse + memory.wasmMemoryBytes + memory.liveHandles + memory.liveTrainers;

// ---- the trainer ------------------------------------------------------------------------------

const task: TrainerTask = 'induction';
const optimizer: TrainerOptimizer = 'adamw';
const shape: TrainerModelOptions = { dModel: 32, heads: 2 };
const trainerOptions: TrainerOptions = { task, model: shape, seed: 3, learningRate: 3e-3, batchSize: 16, optimizer, weightDecay: 0.01, dropout: 0.1, clipNorm: 1, length: 8, vocabulary: 12 };
const trainer: Trainer = lab.createTrainer(trainerOptions);
const stepped: TrainerStep = trainer.step(10);
const lastLoss: number = stepped.loss + stepped.step + (stepped.losses[9] ?? 0);
const evaluation: TrainerEvaluation = trainer.evaluate();
const ablated: TrainerEvaluation = trainer.ablate({ layer: 0, head: 1 });
const drop: number = evaluation.accuracy - ablated.accuracy + evaluation.scored;
const probe: TrainerAttention = trainer.attention();
const firstHead: Matrix | undefined = probe.weights[0]?.[0];
const labels: string = probe.tokens.join(' ') + probe.targets.join(' ') + probe.predictions.join(' ');
const confusedAsFirst: number = (evaluation.confusion[1]?.[0] ?? 0) + evaluation.classes.length;
const flower: TrainerProbeFeatures | null = probe.features;
const petalLength: number = (flower?.cm[2] ?? 0) + (flower?.standardised[2] ?? 0);
const headScores: TrainerHeadScores = trainer.headScores();
const ideal: Matrix | null = headScores.hasIdeal ? headScores.ideal : null;
const strongest: number = Math.max(...(headScores.scores[0] ?? [])) + headScores.measure.length;
const compareTask: TrainerTask = 'compare';
const role: TrainerHeadPattern | undefined = headScores.patterns.find((p) => p.name === 'first');
const roleScore: number = (role?.scores[0]?.[1] ?? 0) + (role?.ideal[1]?.[0] ?? 0) + (role?.measure.length ?? 0) + compareTask.length;
const named: Record<string, Matrix | Vector> = trainer.parameters();
const status: TrainerStatus = trainer.status();
const resolved: TrainerConfig = status.options;
const stateText: 'ready' | 'diverged' = status.state;
const width: number = resolved.model.dModel * resolved.model.heads;
const estimate: TrainerEstimate = status.estimate;
const stepsPerCall: number = estimate.stepsPerCall + estimate.stepMultiplyAdds + estimate.evaluateMultiplyAdds + estimate.memoryBytes;
trainer.dispose();
const defaultTrainer: Trainer = lab.createTrainer();
defaultTrainer.dispose();

// ---- errors -----------------------------------------------------------------------------------

function describeFailure(error: unknown): string {
  if (error instanceof AttentionError) {
    const argument: string = error.argument;
    const name: 'AttentionError' = error.name;
    const message: string = error.message;
    return `${name} about ${argument}: ${message}`;
  }
  return String(error);
}

try {
  lab.multiHeadAttention({ query: x4, key: x4, value: x4, heads: 3 });
} catch (error) {
  console.log(describeFailure(error));
}
const made: AttentionError = new AttentionError('heads: expected a divisor of d_model = 8, got 3');
const madeIsError: Error = made;

// ---- what the declarations refuse -------------------------------------------------------------

// @ts-expect-error misspelt argument name
lab.attention({ querry: query, key, value: frozenValue });
// @ts-expect-error a string is not a matrix
lab.attention({ query: 'abc', key, value: frozenValue });
// @ts-expect-error a flat vector is not a matrix
lab.attention({ query: [1, 2], key, value: frozenValue });
// @ts-expect-error query is required
lab.attention({ key, value: frozenValue });
// @ts-expect-error unknown mask kind
lab.attention({ query, key, value: frozenValue, mask: 'future' });
// @ts-expect-error a mask matrix holds numbers or booleans
lab.attention({ query, key, value: frozenValue, mask: [['1', '0', '1']] });
// @ts-expect-error heads is required by multi-head attention
lab.multiHeadAttention({ query: x4, key: x4, value: x4 });
// @ts-expect-error heads is a number
lab.multiHeadAttention({ query: x4, key: x4, value: x4, heads: '2' });
// @ts-expect-error only relu and gelu exist
lab.feedForward({ input: x4, w1: [[1]], w2: [[1]], activation: 'tanh' });
// @ts-expect-error a backward pass needs gradOutput
lab.layerNormBackward(lnArgs);
// @ts-expect-error a bias gradient is absent when the bias was omitted, so it is not a Vector without a check
const uncheckedGradB2: Vector = ffBack.gradB2;
// @ts-expect-error dModel is required
lab.positionalEncoding({ length: 4 });
// @ts-expect-error the option is wasmUrl, not wasmURL
void loadAttentionLab({ wasmURL: 'x.wasm' });
// @ts-expect-error an unknown argument of softmax
lab.softmax({ logits: [[1]], temperature: 2 });
// @ts-expect-error the mask field may be absent, so it is not a Matrix without a check
const notChecked: Matrix = t.mask;
// @ts-expect-error biases are present only when given
const biasWithoutCheck: Vector = mha.params.bQ;
// @ts-expect-error sqrtDk is a number
const sqrtText: string = t.sqrtDk;
// @ts-expect-error positionalEncoding returns the matrix itself, not a trace
const peTrace: Matrix = lab.positionalEncoding(peArgs).encoding;
// @ts-expect-error no such task
lab.createTrainer({ task: 'translate' });
// @ts-expect-error the model's fields are camelCase
lab.createTrainer({ model: { d_model: 32 } });
// @ts-expect-error ablate takes { layer, head }
trainer.ablate(0);
// @ts-expect-error the lab is read-only
lab.maxDimension = 2048;
// @ts-expect-error argument is read-only
made.argument = 'query';
// @ts-expect-error no such operation
lab.selfAttention({ query, key, value: frozenValue });
// @ts-expect-error only normal and uniform exist
lab.randomMatrix({ rows: 2, cols: 2, distribution: 'gaussian' });
// @ts-expect-error tokens are strings
lab.embedTokens({ tokens: [1, 2], dModel: 4 });
// ---- dropout and the backward passes ---------------------------------------------------------

const dropping: DropoutArgs = { dropout: 0.1, dropoutSeed: 3 };
const dropped: AttentionTrace = lab.attention({ query, key, value: frozenValue, ...dropping });
// The mask exists only under dropout: the types make the author check.
const dropoutMask: Matrix | undefined = dropped.dropoutMask;
const droppedWeights: Matrix | undefined = dropped.droppedWeights;
const backwardArgs: AttentionBackwardArgs = { ...attentionArgs, gradOutput: [[1, 0], [0, 1]] };
const back: AttentionBackwardTrace = lab.attentionBackward(backwardArgs);
const gradScaled: Matrix = back.gradScaled;
const gradQuery: Matrix = back.gradQuery;
const mhaBackwardArgs: MultiHeadAttentionBackwardArgs = { ...mhaArgs, ...dropping, gradOutput: x4 };
const mhaBack: MultiHeadAttentionBackwardTrace = lab.multiHeadAttentionBackward(mhaBackwardArgs);
// Self-attention: x's gradient is the sum of the three input gradients.
const gradX: Matrix = mhaBack.gradQuery.map((row, i) =>
  row.map((g, c) => g + mhaBack.gradKey[i][c] + mhaBack.gradValue[i][c]));
const headBackward: AttentionBackwardTrace = mhaBack.heads[0];
const gradWO: Matrix = mhaBack.gradWO;
const gradBQ: Vector | undefined = mhaBack.gradBQ;
const encBackArgs: EncoderLayerBackwardArgs = { ...encArgs, ...dropping, gradOutput: x4 };
const encBack: EncoderLayerBackwardTrace = lab.encoderLayerBackward(encBackArgs);
const encGrads: Matrix[] = [encBack.gradInput, encBack.gradWQ, encBack.gradW1, encBack.gradResidual1];
const encNormGrads: Vector[] = [encBack.gradGamma1, encBack.gradBeta1, encBack.gradGamma2, encBack.gradBeta2, encBack.gradB1];
// Present only with attention biases: the types make the author check.
const encGradBO: Vector | undefined = encBack.gradBO;

// @ts-expect-error positionalEncoding must be said
lab.permutationTest({ input: x4, permutation: [1, 0], heads: 2 });
// @ts-expect-error unknown stage
lab.explainAttention({ ...cell, stage: 'softmax' });
// @ts-expect-error a forward stage is not a gradient
lab.explainAttentionBackward({ ...gradCell, stage: 'score' });
// @ts-expect-error the gradient arriving at the output must be given
lab.explainAttentionBackward({ query, key, value: frozenValue, row: 0, column: 0, stage: 'gradValue' });
// @ts-expect-error a score explanation has no weight
const noWeight: number = score.weight;
// @ts-expect-error a weight explanation has no terms
const noTerms: ProductTerm[] = weightCell.terms;
// @ts-expect-error attentionBias is a boolean
lab.encoderLayer({ input: x4, heads: 2, dFF: 8, attentionBias: 'no' });
// @ts-expect-error the backward needs gradOutput
lab.attentionBackward(attentionArgs);
// @ts-expect-error the backward needs gradOutput
lab.encoderLayerBackward(encArgs);
// @ts-expect-error explainAttention takes no dropout: it explains the evaluation trace
lab.explainAttention({ ...cell, stage: 'score', dropout: 0.5 });

export const used = [
  cap, firstWeight, rowMax, scores, sqrtDk, weights, output, rowSums, fully, maskOrNothing, maskedCell, withTyped, padded,
  dModel, dK, headQuery, headWeights, allWeights, concat, wQ, bQ, mhaCount, projectedKey, peCell, means, normalized,
  gamma, hidden, activated, ffDefault, encAttention, residual1, norm1, encFf, residual2, norm2Out, dFF, w1, b2, total,
  perRow, bound, heap, madeIsError, notChecked, biasWithoutCheck, sqrtText, peTrace,
  biasFreeCount, entropySummary, randomQuery, randomDefault, vocabulary, ids, table, positioned, cosine, norms,
  realigned, maxDifference, permutedTyped, variance, peak, exampleWeights, gradientNorm, jacobianMatrix, termProduct,
  divisor, fullyMasked, numerator, described, byStage, where, noWeight, noTerms, backwardTerms, gradientText, gradientSum,
  dropoutMask, droppedWeights, gradScaled, gradQuery, gradX, headBackward, gradWO, gradBQ,
  encGrads, encNormGrads, encGradBO,
  gradLnInput, gradGammaBeta, gradWeights, gradB1, uncheckedGradB2,
  lastLoss, drop, firstHead, labels, confusedAsFirst, petalLength, ideal, strongest, roleScore, named, stateText, width, stepsPerCall,
];

// ---- linear and sparse attention, the recurrent network -------------------------------------
const linear = lab.linearAttention({ query: x4, key: x4, value: x4, causal: true, trace: false });
const linearState: number[][] = linear.state;
// @ts-expect-error prefixStates is there only when traced and causal
const prefixStates: number[][][] = linear.prefixStates;
const sparse = lab.sparseAttention({ query: x4, key: x4, value: x4, window: 1, globalTokens: [0] });
const keysPerRow: number[] = sparse.keysPerRow;
const sparseMask: number[][] | undefined = sparse.mask;
// @ts-expect-error window is required
lab.sparseAttention({ query: x4, key: x4, value: x4 });
const rnnStates: number[][] = lab.rnnForward({ input: x4, hidden: 3 }).states;
export const usedBySequenceModels = [linearState, prefixStates, keysPerRow, sparseMask, rnnStates];

// ---- the generated part (web/lib/operations.d.ts) --------------------------------------------

// Every engine operation is a method of AttentionLab through AttentionOperations.
const operations: AttentionOperations = lab;
const shared: QueryKeyValueArgs = { query, key, value: frozenValue, mask: 'causal' };
const graded = operations.diagnose({ ...shared, stage: 'weight', row: 0, column: 1, answer: 0.5 });
const mistake: Misconception | null = graded.misconception;
const candidates: MisconceptionCandidate[] = graded.candidates;
const sequence: SequenceArgs = { query, key, value: frozenValue, trace: false };
const flash = lab.flashAttention({ ...sequence, blockRows: 1 });
const lean: number = flash.peakCells + (flash.tiles?.length ?? 0);
// @ts-expect-error a misconception is one of the engine's names, not any string
const unknownMistake: Misconception = 'forgotToScale';
// @ts-expect-error the cost lab's variants are a fixed set
lab.measureCost({ variant: 'quadratic', n: 8 });
// @ts-expect-error precision is float64 or float32
lab.flashAttention({ ...sequence, precision: 'float16' });
export const usedByGenerated = [mistake, candidates, lean, unknownMistake];

// ---- a language model -------------------------------------------------------------------------

const languageModel: LanguageModel = lab.createLanguageModel({ model: { dModel: 16, heads: 4, kvHeads: 2, layers: 2, dFF: 24, context: 24 }, seed: 3, merges: [[108, 108]] });
const settings: LanguageModelSettings = languageModel.config();
const pieces: Array<string | null> = languageModel.tokenize('hello').pieces;
const generation: Generation = languageModel.generate({ prompt: 'hello', tokens: 4, temperature: 0.8, topK: 5, topP: 0.9, seed: 1 });
const drawnSeed: number = (generation.steps[0]?.seed ?? 0) + (generation.steps[0]?.probabilities[0] ?? 0) + generation.text.length;
const tokenLosses: TokenLosses = languageModel.tokenLosses({ text: 'hello' });
const mapped: LanguageModelAttention = languageModel.attention({ text: 'hello' });
const lens: LogitLens = languageModel.logitLens({ text: 'hello' });
const pattern: HeadPattern = 'induction';
const scored: LanguageModelHeadScores = languageModel.headScores({ pattern, length: 4, seed: 2 });
const switchedOff: LanguageModel = languageModel.ablate({ layer: 1, head: 0 });
const weightsByName: Record<string, Matrix | Vector> = switchedOff.parameters();
switchedOff.dispose();
languageModel.dispose();
// @ts-expect-error a pattern is one of the three the engine measures
languageModel.headScores({ pattern: 'copying' });
// @ts-expect-error the prompt is text
languageModel.generate({ prompt: [1, 2], tokens: 3 });
const shipped: LanguageModel = await lab.loadLanguageModel();
const source: LanguageModelSource = new Uint8Array(8);
const loadedFromBytes: Promise<LanguageModel> = lab.loadLanguageModel(source);
const reads: LanguageModelTokenizer = shipped.tokenizer();
const characters: 'bpe' | 'character' = reads.kind;
const script: string = shipped.exportPyTorch({ text: 'ROMEO:' });
shipped.dispose();
// @ts-expect-error a model file is a URL or bytes
lab.loadLanguageModel({ url: 'x' });
export const usedByLoadedModel = [loadedFromBytes, characters, reads.vocabulary[0], script.length];
export const usedByLanguageModel = [settings.vocab, pieces, drawnSeed, tokenLosses.loss, mapped.weights, lens.layers[0]?.topTokens, scored.scores, weightsByName, lab.memory().liveLanguageModels];
