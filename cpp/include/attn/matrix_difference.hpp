#ifndef ATTN_MATRIX_DIFFERENCE_HPP
#define ATTN_MATRIX_DIFFERENCE_HPP

/**
 * @file matrix_difference.hpp
 * @brief How far apart two results of the same shape are, cell by cell: the proof panels of the
 * lessons (tiled against full attention, float32 against float64, the KV cache against
 * recomputing everything) show the engine's own difference, never one worked out on the page.
 */

#include <cstddef>

#include "attn/matrix.hpp"

namespace attn
{
    struct matrix_difference_trace
    {
        matrix difference;         ///< (n × m) pass 1: left − right, cell by cell
        double max_abs_difference = 0; ///< pass 2: the largest |left − right|
        std::size_t max_row = 0;    ///< pass 2: where it is (the first such cell, row-major)
        std::size_t max_column = 0; ///< pass 2: its column
        std::size_t identical_cells = 0; ///< pass 3: cells where left and right are the same double
        std::size_t cells = 0;           ///< n·m
    };

    /**
     * @brief The cell-by-cell difference of two matrices of the same shape and its largest size.
     * @param left (n × m) finite numbers, n ≤ max_sequence, e.g. flashAttention's output
     * @param right (n × m) finite numbers, e.g. attention's output on the same inputs
     * @return left − right, max |left − right| and where it is, and how many cells agree to the bit
     */
    matrix_difference_trace matrix_difference(const matrix& left, const matrix& right);
} // namespace attn

#endif
