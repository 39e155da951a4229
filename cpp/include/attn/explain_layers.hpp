#ifndef ATTN_EXPLAIN_LAYERS_HPP
#define ATTN_EXPLAIN_LAYERS_HPP

/**
 * @file explain_layers.hpp
 * @brief "Explain this number" around attention: one cell of a linear layer y = x·W + b (the
 * projections, W_O, the feed-forward layers) and one cell of the sinusoidal positional encoding,
 * each computed by the kernel that computes the whole matrix, so the explanation and the cell on
 * screen agree bit for bit.
 */

#include <cstddef>
#include <optional>
#include <vector>

#include "attn/explain.hpp"
#include "attn/matrix.hpp"

namespace attn
{
    /// y[i][j] = Σ_k x[i][k]·W[k][j] (+ b[j]).
    struct linear_explanation
    {
        std::size_t row = 0, column = 0;
        std::vector<product_term> terms; ///< x[i][k]·W[k][j], k = 0 … in−1
        double product_sum = 0;          ///< (x·W)[i][j], the products added in index order
        bool has_bias = false;
        double bias = 0;  ///< b[j] when has_bias
        double value = 0; ///< y[i][j] as linear() computes it
    };

    /**
     * @brief Explains cell (row, column) of linear(input, weight, bias).
     * @param input (n × in)
     * @param weight (in × out)
     * @param bias (out), or none
     * @param row 0 … n−1
     * @param column 0 … out−1
     */
    linear_explanation explain_linear(const matrix& input, const matrix& weight,
                                      const std::optional<vector>& bias, double row, double column);

    /// PE(pos, 2i) = sin(pos / 10000^(2i/d)), PE(pos, 2i+1) = cos(the same angle).
    struct positional_explanation
    {
        std::size_t position = 0, column = 0, d_model = 0;
        std::size_t pair = 0; ///< i: the column pair (2i, 2i+1)
        double exponent = 0;  ///< 2i/d
        double divisor = 1;   ///< 10000^(2i/d)
        double angle = 0;     ///< pos / divisor
        bool cosine = false;  ///< odd column: cos; even: sin
        double value = 0;     ///< PE(pos, column) as positional_encoding computes it
    };

    /**
     * @brief Explains cell (position, column) of positional_encoding(·, d_model).
     * @param position 0 … max_dimension−1
     * @param column 0 … d_model−1
     */
    positional_explanation explain_positional_encoding(double position, double column,
                                                       std::size_t d_model);
} // namespace attn

#endif
