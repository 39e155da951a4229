#ifndef ATTN_ATTENTION_WEIGHTS_CHECK_HPP
#define ATTN_ATTENTION_WEIGHTS_CHECK_HPP

/**
 * @file attention_weights_check.hpp
 * @brief The check of a matrix that should be a head's attention weights, shared by the
 * operations that read weights a model computed (attention rollout, attention by word).
 */

#include <string>

#include "attn/matrix.hpp"

namespace attn::detail
{
    /// How far a row of attention weights may sum from 1: rounding of a softmax computed in
    /// float32 stays well inside it, a row that is not a distribution does not.
    constexpr double attention_row_tolerance = 1e-6;

    /**
     * Checks `a` is a finite n × n matrix of weights (check_matrix and square), every weight
     * non-negative and every row summing to 1 within attention_row_tolerance; each refusal names
     * the argument, and the row or cell: "layers[0][1][2]: expected a row of attention weights
     * summing to 1 (within 1e-6), got a sum of 0.9".
     */
    void check_attention_weights(const std::string& argument, const matrix& a);

    /// The rows' half of check_attention_weights, for a caller that has checked `a` is finite and
    /// square with a message of its own (attention_rollout names the shape every head must have).
    void check_attention_rows(const std::string& argument, const matrix& a);
} // namespace attn::detail

#endif
