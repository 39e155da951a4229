#ifndef ATTN_ENTROPY_HPP
#define ATTN_ENTROPY_HPP

/**
 * @file entropy.hpp
 * @brief How spread out each row of attention weights is, in nats.
 */

#include "attn/matrix.hpp"

namespace attn
{
    struct entropy_trace
    {
        vector entropy;         ///< (n) −Σ w·ln w, with 0·ln 0 = 0
        double max_entropy = 0; ///< ln m: the entropy of uniform weights over m keys
    };

    /**
     * @brief Row entropy of attention weights.
     * @param weights (n × m) non-negative rows summing to 1 (or all zero: a fully masked row)
     */
    entropy_trace attention_entropy(const matrix& weights);
} // namespace attn

#endif
