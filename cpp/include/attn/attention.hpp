#ifndef ATTN_ATTENTION_HPP
#define ATTN_ATTENTION_HPP

/**
 * @file attention.hpp
 * @brief Scaled dot-product attention, softmax(Q·Kᵀ / √d_k)·V, returning every intermediate.
 */

#include <cstddef>
#include <limits>
#include <vector>

#include "attn/mask.hpp"
#include "attn/matrix.hpp"
#include "attn/softmax.hpp"

namespace attn
{
    struct attention_options
    {
        attention_mask mask;
        /// What blocked scores become before the softmax: −∞ (default) or any finite number.
        double mask_fill = -std::numeric_limits<double>::infinity();
    };

    /// Every intermediate of one attention call, in the order the passes compute them.
    struct attention_trace
    {
        matrix scores;       ///< (n × m) pass 1: Q·Kᵀ
        double sqrt_d_k = 1; ///< the divisor of pass 2
        matrix scaled;       ///< (n × m) pass 2: scores / √d_k
        bool has_mask = false;
        matrix mask; ///< (n × m) 0/1, only when has_mask
        matrix
            masked; ///< (n × m) pass 3: scaled with blocked cells = mask_fill, only when has_mask
        softmax_trace softmax;                      ///< pass 4 intermediates
        matrix weights;
        /// (n) Σ of each row of weights: 1, or 0 for a fully masked row under −∞. Shown beside
        /// the weights so "rows sum to 1" is a computed fact, not a caption.
        vector weight_sums;                             ///< (n × m) pass 4: row softmax
        matrix output;                              ///< (n × d_v) pass 5: weights·V
        std::vector<std::size_t> fully_masked_rows; ///< rows whose every key is blocked
    };

    /**
     * @brief Scaled dot-product attention.
     * @param query (n × d_k)
     * @param key (m × d_k)
     * @param value (m × d_v); n ≠ m and d_v ≠ d_k are fine (cross-attention)
     * @param options mask and mask fill
     * @return the full trace
     * @throws attention_error naming the argument on any bad shape or value
     */
    attention_trace scaled_dot_product_attention(const matrix& query, const matrix& key,
                                                 const matrix& value,
                                                 const attention_options& options = {});

    namespace detail
    {
        /// The passes without argument checks, for callers that already checked (multi-head).
        attention_trace attention_unchecked(const matrix& query, const matrix& key,
                                            const matrix& value, const matrix* allowed,
                                            double mask_fill);

        /// Checks mask_fill is finite or −∞.
        void check_mask_fill(double mask_fill);
    } // namespace detail
} // namespace attn

#endif
