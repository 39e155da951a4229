#ifndef ATTN_ENTROPY_HPP
#define ATTN_ENTROPY_HPP

/**
 * @file entropy.hpp
 * @brief How spread out each row of attention weights is, in nats.
 */

#include <cstddef>

#include "attn/matrix.hpp"

namespace attn
{
    struct entropy_trace
    {
        vector entropy;             ///< (n) pass 1: −Σ w·ln w, with 0·ln 0 = 0
        double max_entropy = 0;     ///< ln m: the entropy of uniform weights over m keys
        double mean_entropy = 0;    ///< pass 2: mean of entropy over all n rows
        double min_entropy = 0;     ///< smallest entry of entropy
        double max_row_entropy = 0; ///< largest entry of entropy (≤ max_entropy)
    };

    /**
     * @brief Row entropy of attention weights, and its mean, minimum and maximum over the rows.
     * @param weights (n × m) non-negative rows summing to 1 (or all zero: a fully masked row)
     */
    entropy_trace attention_entropy(const matrix& weights);

    namespace detail
    {
        /// −Σ w·ln w over m weights (0·ln 0 = 0), without checks.
        double row_entropy(const double* weights, std::size_t m);

        /// attention_entropy without its checks, for weights the engine has just made (a
        /// head's softmax): a refusal there would name an argument its caller never gave.
        entropy_trace entropy_unchecked(const matrix& weights);
    } // namespace detail
} // namespace attn

#endif
