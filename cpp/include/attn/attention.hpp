#ifndef ATTN_ATTENTION_HPP
#define ATTN_ATTENTION_HPP

/**
 * @file attention.hpp
 * @brief Scaled dot-product attention, softmax(Q·Kᵀ / √d_k)·V, returning every intermediate.
 */

#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include "attn/error.hpp"
#include "attn/mask.hpp"
#include "attn/precision.hpp"
#include "attn/matrix.hpp"
#include "attn/random.hpp"
#include "attn/softmax.hpp"

namespace attn
{
    struct attention_options
    {
        attention_mask mask;
        /// What blocked scores become before the softmax: −∞ (default) or any finite number.
        double mask_fill = -std::numeric_limits<double>::infinity();
        /// Probability p in [0, 1) of zeroing each weight, as torch.nn.Dropout on the weights
        /// in training; 0 (the default) is evaluation: no mask, the plain forward.
        double dropout = 0;
        /// Seed of the dropout mask: stream seed·256 + 8, drawn as draw_dropout_mask says.
        std::uint32_t dropout_seed = 0;
        /// The type the passes compute in; every intermediate is returned as double.
        precision scalar = precision::float64;
    };

    /// Every intermediate of one attention call, in the order the passes compute them.
    struct attention_trace
    {
        matrix scores;       ///< (n × m) pass 1: Q·Kᵀ
        double sqrt_d_k = 1; ///< the divisor of pass 2
        matrix scaled;       ///< (n × m) pass 2: scores / √d_k
        bool has_bias = false;
        /// (n × m) a bias added to the scaled scores (ALiBi's −slope·|i − j| in multi-head
        /// attention), only when has_bias
        matrix bias;
        matrix biased; ///< (n × m) pass 2: scaled + bias, only when has_bias
        bool has_mask = false;
        matrix mask; ///< (n × m) 0/1, only when has_mask
        /// (n × m) pass 3: scaled (biased, with a bias) with blocked cells = mask_fill, only
        /// when has_mask
        matrix masked;
        softmax_trace softmax; ///< pass 4 intermediates
        matrix weights;        ///< (n × m) pass 4: row softmax
        /// (n) Σ of each row of weights: 1, or 0 for a fully masked row under −∞. Shown beside
        /// the weights so "rows sum to 1" is a computed fact, not a caption.
        vector weight_sums;
        bool has_dropout = false;
        matrix dropout_mask;    ///< (n × m) 0 or 1/(1 − p), only when has_dropout
        matrix dropped_weights; ///< (n × m) weights ∘ dropout_mask, only when has_dropout
        matrix output; ///< (n × d_v) pass 5: weights·V (dropped_weights·V under dropout)
        std::vector<std::size_t> fully_masked_rows; ///< rows whose every key is blocked
    };

    /**
     * @brief Scaled dot-product attention.
     * @param query (n × d_k)
     * @param key (m × d_k)
     * @param value (m × d_v); n ≠ m and d_v ≠ d_k are fine (cross-attention)
     * @param options mask, mask fill and dropout
     * @return the full trace
     * @throws attention_error naming the argument on any bad shape or value
     */
    attention_trace scaled_dot_product_attention(const matrix& query, const matrix& key,
                                                 const matrix& value,
                                                 const attention_options& options = {});

    namespace detail
    {
        /// The passes without argument checks, for callers that already checked (multi-head).
        /// A `bias` (n × m) is added to the scaled scores before the mask and the softmax.
        attention_trace attention_unchecked(const matrix& query, const matrix& key,
                                            const matrix& value, const matrix* allowed,
                                            double mask_fill, const matrix* dropout_mask = nullptr,
                                            const matrix* bias = nullptr);

        /// Checks query, key and value are finite matrices of up to `max_rows` rows (and
        /// max_dimension columns) whose shapes fit together: key as wide as query, value as
        /// tall as key.
        void check_attention_inputs(const matrix& query, const matrix& key, const matrix& value,
                                    std::size_t max_rows);

        /// Checks mask_fill is finite or −∞.
        void check_mask_fill(double mask_fill);

        /// Checks the dropout probability is a number in [0, 1).
        void check_dropout(double p);

        /// The next (n × m) dropout mask from `stream`, cell by cell, row by row: a uniform
        /// u < p drops the cell (0), any other keeps it, scaled by 1/(1 − p) so each weight
        /// keeps its expected value, as torch.nn.Dropout.
        matrix draw_dropout_mask(std::size_t n, std::size_t m, double p, splitmix64& stream);
    } // namespace detail
} // namespace attn

#endif
