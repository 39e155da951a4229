#ifndef ATTN_ATTENTION_ROLLOUT_HPP
#define ATTN_ATTENTION_ROLLOUT_HPP

/**
 * @file attention_rollout.hpp
 * @brief Attention rollout (Abnar & Zuidema 2020, "Quantifying Attention Flow in
 * Transformers"): how much each token's output draws on each input token through every layer,
 * the residual connections counted as attention to oneself.
 */

#include <vector>

#include "attn/matrix.hpp"

namespace attn
{
    /// Each layer's attention weights for every head: layers[l][h] is an n × n matrix.
    using layer_heads = std::vector<std::vector<matrix>>;

    /// Every step of attention_rollout().
    struct attention_rollout_trace
    {
        tensor3 mean; ///< (L × n × n) pass 1: each layer's weights averaged over its heads
        tensor3 mixed; ///< (L × n × n) pass 2: residual·I + (1 − residual)·mean, rows renormalised
        tensor3 rollout; ///< (L × n × n) pass 3: mixed_0, then mixed_l · rollout_(l−1)
    };

    /**
     * @brief Attention rollout through the layers.
     * @param layers (L × H × n × n) attention weights: every row non-negative and summing to 1
     *        within 1e-6, every head of every layer n × n
     * @param residual in [0, 1]: the weight of the identity, the residual connection
     * @return the head means, the mixed matrices and the rollout after each layer; the last is
     *         the answer: rollout[L − 1][i][j] is how much output i draws on input j
     */
    attention_rollout_trace attention_rollout(const layer_heads& layers, double residual);
} // namespace attn

#endif
