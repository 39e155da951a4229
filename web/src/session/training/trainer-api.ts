// Until the engine's façade declares lab.createTrainer (branch trainer-js), its shapes as
// issue 10 and attn/train/trainer.hpp give them. Replaced by the façade's own types on merge.
import type { AttentionLab, Matrix } from '../../../lib/index.js';

export type TrainerTask = 'reverse' | 'sort' | 'induction' | 'iris';
export type TrainerOptimizer = 'adam' | 'adamw' | 'sgd';
export interface TrainerModelOptions { dModel?: number; heads?: number; layers?: number; dFF?: number }
export interface TrainerOptions {
  task?: TrainerTask; model?: TrainerModelOptions; seed?: number; learningRate?: number;
  batchSize?: number; optimizer?: TrainerOptimizer; weightDecay?: number; dropout?: number;
  clipNorm?: number; length?: number; vocabulary?: number;
}
export interface TrainerConfig {
  task: TrainerTask; model: { dModel: number; heads: number; layers: number; dFF: number };
  seed: number; learningRate: number; batchSize: number; optimizer: TrainerOptimizer;
  weightDecay: number; dropout: number; clipNorm: number; length: number; vocabulary: number;
}
export interface TrainerStep { step: number; loss: number; losses: ArrayLike<number>; diverged?: boolean }
export interface TrainerEvaluation { loss: number; accuracy: number; scored: number }
export interface TrainerAttention { tokens: string[]; targets: string[]; predictions: string[]; weights: Matrix[][] }
export interface TrainerHeadScores { measure: string; scores: number[][]; hasIdeal: boolean; ideal: Matrix | null }
export interface TrainerStatus { state: 'ready' | 'diverged'; message: string; step: number; options: TrainerConfig }
export interface Trainer {
  step(steps?: number): TrainerStep;
  evaluate(): TrainerEvaluation;
  attention(): TrainerAttention;
  headScores(): TrainerHeadScores;
  ablate(which: { layer: number; head: number }): TrainerEvaluation;
  parameters(): Record<string, ArrayLike<number> | Matrix>;
  status(): TrainerStatus;
  dispose(): void;
}

/** The engine's createTrainer. */
export const createTrainer = (lab: AttentionLab, options: TrainerOptions): Trainer =>
  (lab as unknown as { createTrainer(o: TrainerOptions): Trainer }).createTrainer(options);
