#ifndef ATTN_EXPLAIN_BACKWARD_HPP
#define ATTN_EXPLAIN_BACKWARD_HPP

/**
 * @file explain_backward.hpp
 * @brief "Explain this number" for the backward pass of attention: the arithmetic behind one
 * gradient cell, every operand and result taken from the forward and backward traces, so the
 * explanation and the cell on screen agree bit for bit.
 */

#include <cstddef>
#include <string>
#include <variant>

#include "attn/attention.hpp"
#include "attn/explain.hpp"

namespace attn
{
    /// Which gradient the explained cell is in, named after the backward's passes.
    enum class backward_stage
    {
        grad_value,  ///< ∂L/∂V (m × d_v)
        grad_weight, ///< ∂L/∂weights (n × m)
        grad_scaled, ///< ∂L/∂scaled (n × m), the softmax backward
        grad_score,  ///< ∂L/∂scores (n × m)
        grad_query,  ///< ∂L/∂Q (n × d_k)
        grad_key     ///< ∂L/∂K (m × d_k)
    };

    /// "gradValue", "gradWeight", "gradScaled", "gradScore", "gradQuery" or "gradKey"; anything
    /// else is an attention_error naming `argument`.
    backward_stage parse_backward_stage(const std::string& argument, const std::string& name);

    /// The stage's name as parse_backward_stage reads it.
    const char* backward_stage_name(backward_stage stage);

    /// ∂L/∂scaled[i][j] = w_j·(g_j − Σ_k w_k·g_k), with w = weights[i], g = ∂L/∂weights[i].
    struct softmax_backward_explanation
    {
        double weight = 0;               ///< w_j
        double grad_weight = 0;          ///< g_j
        std::vector<product_term> terms; ///< w_k·g_k for every key k of row i, in order
        double row_dot = 0;              ///< Σ_k w_k·g_k, adding the terms in order
        double difference = 0;           ///< g_j − row_dot
        double grad_scaled = 0;          ///< the trace's cell
        /// Key j is masked for query i: the mask replaced its score by the fill, a constant, so
        /// the cell is 0 whatever the weight (under a finite fill a fully masked row's weights
        /// are uniform, yet none of its scores reaches the loss).
        bool blocked = false;
    };

    /// ∂L/∂scores[i][j] = ∂L/∂scaled[i][j] / √d_k.
    struct grad_score_explanation
    {
        double grad_scaled = 0, sqrt_d_k = 1, grad_score = 0;
        std::size_t d_k = 0;
    };

    struct attention_backward_explanation
    {
        backward_stage stage = backward_stage::grad_value;
        std::size_t row = 0, column = 0;
        std::variant<dot_product_explanation, softmax_backward_explanation, grad_score_explanation>
            detail;
    };

    /**
     * @brief Explains one cell of attention_backward(query, key, value, options, grad_output).
     * @param row the cell's row: a key j for grad_value and grad_key, else a query i
     * @param column the cell's column: a value column for grad_value, a key for grad_weight,
     * grad_scaled and grad_score, a key/query dimension for grad_query and grad_key
     * @param stage which gradient the cell is in
     * @throws attention_error naming the argument on any bad input, as attention_backward, or on
     * a row or column outside the stage's matrix
     */
    attention_backward_explanation
    explain_attention_backward(const matrix& query, const matrix& key, const matrix& value,
                               const attention_options& options, const matrix& grad_output,
                               double row, double column, backward_stage stage);
} // namespace attn

#endif
