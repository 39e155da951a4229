#include "attn/explain_layers.hpp"

#include <cmath>
#include <string>

#include "attn/error.hpp"
#include "attn/positional_encoding.hpp"

namespace attn
{
    linear_explanation explain_linear(const matrix& input, const matrix& weight,
                                      const std::optional<vector>& bias, double row, double column)
    {
        // Shape contract: input (n × in), weight (in × out), bias (out) or none; row < n,
        // column < out → the in products of that one cell, their sum and the cell.
        detail::check_matrix("input", input);
        detail::check_matrix("weight", weight);
        if (rows(weight) != cols(input))
        {
            detail::fail("weight", std::to_string(cols(input)) + " rows (the columns of input)",
                         std::to_string(rows(weight)));
        }
        const vector b = bias ? *bias : vector{};
        if (bias)
        {
            detail::check_vector("bias", b, cols(weight), "one per column of weight");
        }
        linear_explanation e;
        e.row = detail::check_integer("row", row, 0, static_cast<double>(rows(input) - 1));
        e.column =
            detail::check_integer("column", column, 0, static_cast<double>(cols(weight) - 1));
        const std::size_t i = e.row, j = e.column;

        // pass 1: the layer on row i, by the kernel every layer uses: each cell adds its
        // products in index order from 0, so row i alone gives the bits of the whole product.
        const matrix x = block(input, i, 1, 0, cols(input)); // (1 × in)
        const matrix product = matmul(x, weight);            // (1 × out)
        const matrix y = linear(x, weight, b);               // (1 × out)
        detail::check_finite_result("input", "the layer", y);

        // pass 2: the cell's terms x[i][k]·W[k][j].
        const dot_product_explanation d = detail::dot_product(
            cols(input), [&](std::size_t k) { return input(i, k); },
            [&](std::size_t k) { return weight(k, j); }, product(0, j));
        e.terms = d.terms;
        e.product_sum = d.sum;
        e.has_bias = bias.has_value();
        e.bias = e.has_bias ? b(j) : 0.0;
        e.value = y(0, j);
        return e;
    }

    positional_explanation explain_positional_encoding(double position, double column,
                                                       std::size_t d_model)
    {
        // Shape contract: position < max_dimension, column < d_model → the angle of that
        // cell's column pair and its sine or cosine.
        detail::check_dimension("dModel", d_model);
        positional_explanation e;
        e.d_model = d_model;
        e.position =
            detail::check_integer("position", position, 0, static_cast<double>(max_dimension - 1));
        e.column = detail::check_integer("column", column, 0, static_cast<double>(d_model - 1));
        // pass 1: the pair's divisor and the angle, as positional_encoding computes them.
        const std::size_t even = e.column - e.column % 2;
        e.pair = even / 2;
        e.exponent = static_cast<double>(even) / static_cast<double>(d_model);
        e.divisor = detail::positional_divisor(even, d_model);
        e.angle = static_cast<double>(e.position) / e.divisor;
        // pass 2: sine in the even column, cosine in the odd one.
        e.cosine = e.column % 2 == 1;
        e.value = e.cosine ? std::cos(e.angle) : std::sin(e.angle);
        return e;
    }
} // namespace attn
