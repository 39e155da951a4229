#ifndef ATTN_DESCRIBE_EXPLAIN_LAYERS_HPP
#define ATTN_DESCRIBE_EXPLAIN_LAYERS_HPP

#include "attn/describe/explain.hpp"
#include "attn/describe/positional_encoding.hpp"
#include "attn/explain_layers.hpp"

namespace attn::describe
{
    template <> struct fields_of<linear_explanation>
    {
        static constexpr const char* type_name = "LinearExplanation";
        template <class V> static void visit(const linear_explanation& e, V& v)
        {
            v.field("row", e.row, "the row i of input");
            v.field("column", e.column, "the column j of weight");
            v.field("terms", e.terms, "input[i][k]·weight[k][j], k in index order");
            v.field("productSum", e.product_sum,
                    "(input·weight)[i][j]: the products added in order");
            v.optional("bias", e.bias, e.has_bias, "bias[j], when a bias was given");
            v.field("value", e.value, "the cell, input·weight + bias");
        }
    };

    template <> struct fields_of<positional_explanation>
    {
        static constexpr const char* type_name = "PositionalExplanation";
        template <class V> static void visit(const positional_explanation& e, V& v)
        {
            v.field("position", e.position, "pos, the row");
            v.field("column", e.column, "the column, 2i or 2i+1");
            v.field("dModel", e.d_model, "d, the width");
            v.field("pair", e.pair, "i: the column pair (2i, 2i+1)");
            v.field("exponent", e.exponent, "2i/d");
            v.field("divisor", e.divisor, "10000^(2i/d)");
            v.field("angle", e.angle, "pos / divisor");
            v.field("cosine", e.cosine, "true in an odd column (cos), false in an even one (sin)");
            v.field("value", e.value, "PE(pos, column): sin or cos of the angle");
        }
    };

    struct explain_linear_operation
    {
        static constexpr const char* name = "explainLinear";
        static constexpr const char* title = "Explain a linear layer's number";
        static constexpr bool lite = true;
        static constexpr argument input = matrix_argument("input", "n × in", "one row per token");
        static constexpr argument weight =
            matrix_argument("weight", "in × out", "W, in y = x·W + b");
        static constexpr argument bias = optional_vector("bias", "out", "b", "no bias");
        static constexpr argument row = number_argument("row", "the row i, 0 … n−1");
        static constexpr argument column = number_argument("column", "the column j, 0 … out−1");
        static constexpr argument arguments[] = {input, weight, bias, row, column};

        template <class In> static linear_explanation run(In& in)
        {
            const matrix x = in.matrix(input), w = in.matrix(weight);
            const auto b = in.optional_vector(bias);
            const double i = in.number(row), j = in.number(column);
            return explain_linear(x, w, b, i, j);
        }
    };

    struct explain_positional_encoding_operation
    {
        static constexpr const char* name = "explainPositionalEncoding";
        static constexpr const char* title = "Explain a positional encoding's number";
        static constexpr bool lite = true;
        static constexpr argument position = number_argument("position", "pos, 0 … 1023");
        static constexpr argument column = number_argument("column", "the column, 0 … d_model−1");
        static constexpr argument arguments[] = {position, column, d_model_size};

        template <class In> static positional_explanation run(In& in)
        {
            const double pos = in.number(position), j = in.number(column);
            return explain_positional_encoding(pos, j, in.integer(d_model_size));
        }
    };
} // namespace attn::describe

#endif
