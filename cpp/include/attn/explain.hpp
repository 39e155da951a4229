#ifndef ATTN_EXPLAIN_HPP
#define ATTN_EXPLAIN_HPP

/**
 * @file explain.hpp
 * @brief "Explain this number": the arithmetic behind one cell of an attention trace, with
 * every operand taken from the trace itself, so the explanation and the cell agree bit for bit.
 */

#include <cstddef>
#include <string>
#include <variant>
#include <vector>

#include "attn/attention.hpp"

namespace attn
{
    /// Which cell is explained: scores, scaled, weights (all n × m) or output (n × d_v).
    enum class explain_stage
    {
        score,
        scaled,
        weight,
        output
    };

    /// "score", "scaled", "weight" or "output"; anything else is an attention_error.
    explain_stage parse_explain_stage(const std::string& argument, const std::string& name);

    /// The stage's name as parse_explain_stage reads it.
    const char* explain_stage_name(explain_stage stage);

    /// One term of a dot product: left·right.
    struct product_term
    {
        double left = 0, right = 0, product = 0;
    };

    /// score: Σ_c q[i][c]·k[j][c]; output: Σ_j weights[i][j]·value[j][c]. The sum is the cell
    /// as the engine computed it, adding the products in index order.
    struct dot_product_explanation
    {
        std::vector<product_term> terms;
        double sum = 0;
    };

    namespace detail
    {
        /// Σ_k left(k)·right(k) term by term, k = 0 … length−1, with `sum` the engine's own
        /// cell: the operands are read from traces, so every term is a number on screen.
        template <class Left, class Right>
        dot_product_explanation dot_product(std::size_t length, Left left, Right right, double sum)
        {
            dot_product_explanation e;
            e.terms.reserve(length);
            for (std::size_t k = 0; k < length; ++k)
            {
                const double a = left(k), b = right(k);
                e.terms.push_back({a, b, a * b});
            }
            e.sum = sum;
            return e;
        }
    } // namespace detail

    /// scaled = score / √d_k.
    struct scaled_explanation
    {
        double score = 0, sqrt_d_k = 1, scaled = 0;
        std::size_t d_k = 0;
    };

    /// weight = exps[j] / rowSum, exps = exp(logits − rowMax).
    struct weight_explanation
    {
        vector logits;  ///< (m) row i after scaling and masking (blocked cells = mask fill)
        vector blocked; ///< (m) 1 where key j is blocked for query i, else 0
        double row_max = 0;
        vector exps; ///< (m)
        double row_sum = 0;
        double numerator = 0; ///< exps[j]
        double weight = 0;
        bool fully_masked = false; ///< every key blocked (under −∞: weight 0, rowSum 0)
    };

    struct attention_explanation
    {
        explain_stage stage = explain_stage::score;
        std::size_t row = 0, column = 0;
        std::variant<dot_product_explanation, scaled_explanation, weight_explanation> detail;
    };

    /**
     * @brief Explains one cell of scaled_dot_product_attention(query, key, value, options).
     * @param row the query, 0 … n−1
     * @param column the key (0 … m−1), or for stage output the value column (0 … d_v−1)
     * @param stage which matrix the cell is in
     */
    attention_explanation explain_attention(const matrix& query, const matrix& key,
                                            const matrix& value, const attention_options& options,
                                            double row, double column, explain_stage stage);
} // namespace attn

#endif
