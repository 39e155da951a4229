#ifndef ATTN_SEQUENCE_SUMS_HPP
#define ATTN_SEQUENCE_SUMS_HPP

/**
 * @file sequence_sums.hpp
 * @brief The sums over rows of the backward passes (weight, bias, γ and β gradients) for a
 * stack of S independent sequences of equal length in the rows of one matrix, as the trainer
 * runs a batch.
 *
 * Each sequence's rows are summed in row order from 0, then the S sums are added in sequence
 * order: the order of a loop that runs the sequences one at a time and adds each one's gradient
 * into an accumulator. So running a batch stacked gives the same bits as running it example by
 * example. With S = 1 it is the plain sum over every row.
 */

#include <cstddef>

#include "attn/matrix.hpp"

namespace attn::detail
{
    /**
     * @brief Σ over sequences of aₛᵀ·bₛ: the gradient of a weight applied to every row.
     * @param a (S·k × n)
     * @param b (S·k × p)
     * @param sequences S, which divides the rows
     * @return (n × p)
     */
    matrix transposed_product(const matrix& a, const matrix& b, std::size_t sequences = 1);

    /**
     * @brief Σ over sequences of the column sums of mₛ: the gradient of a bias added to every row.
     * @param m (S·k × p)
     * @param sequences S, which divides the rows
     * @return (p)
     */
    vector column_sums(const matrix& m, std::size_t sequences = 1);
} // namespace attn::detail

#endif
