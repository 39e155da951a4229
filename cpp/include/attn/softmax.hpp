#ifndef ATTN_SOFTMAX_HPP
#define ATTN_SOFTMAX_HPP

/**
 * @file softmax.hpp
 * @brief Row softmax, with every intermediate kept for "explain this number".
 */

#include "attn/matrix.hpp"

namespace attn
{
    /// Every intermediate of a row softmax.
    struct softmax_trace
    {
        vector row_max; ///< (n) max of each row; −∞ for a row that is entirely −∞
        matrix exps;    ///< (n × m) exp(x − row_max)
        vector row_sum; ///< (n) Σ exps per row; 0 for an all −∞ row
        matrix weights; ///< (n × m) exps / row_sum; a zero row where row_sum is 0
    };

    /**
     * @brief Softmax of each row, max-subtracted so logits like ±1e4 stay finite.
     * @param logits (n × m) finite numbers or −∞ (−∞ comes from masking); NaN and +∞ are refused
     * @return the trace; an all −∞ row gives zero weights rather than NaN
     */
    softmax_trace softmax_rows(const matrix& logits);

    namespace detail
    {
        /**
         * @brief The passes of softmax_rows for one row of m logits, in double or float (the
         * attention passes of precision 'float32' run it in float), without checks.
         * @param logits (m) finite or −∞ @param exps (m) out @param weights (m) out
         * @param max out: the row max @param sum out: Σ exps (0 for an all −∞ row)
         */
        template <class T>
        void softmax_row(const T* logits, std::size_t m, T* exps, T* weights, T& max, T& sum);
    } // namespace detail
} // namespace attn

#endif
