#include "attn/positional_encoding.hpp"

#include <cmath>

#include "attn/error.hpp"

namespace attn
{
    double detail::positional_divisor(std::size_t even_column, std::size_t d_model)
    {
        return std::pow(10000.0, static_cast<double>(even_column) / static_cast<double>(d_model));
    }

    matrix positional_encoding(std::size_t length, std::size_t d_model)
    {
        detail::check_dimension("length", length);
        detail::check_dimension("dModel", d_model);
        matrix pe = xt::empty<double>({length, d_model});
        for (std::size_t column = 0; column < d_model; column += 2)
        {
            // Column pair (2i, 2i+1) shares one wavelength factor, 10000^(2i/d): wavelengths grow
            // geometrically from 2π to 10000·2π across the columns.
            const double divisor = detail::positional_divisor(column, d_model);
            for (std::size_t pos = 0; pos < length; ++pos)
            {
                const double angle = static_cast<double>(pos) / divisor;
                pe(pos, column) = std::sin(angle);
                if (column + 1 < d_model)
                {
                    pe(pos, column + 1) = std::cos(angle);
                }
            }
        }
        return pe;
    }

    positional_addition_trace add_positional_encoding(const matrix& input)
    {
        // Shape contract: input (n × d) → encoding and output (n × d).
        detail::check_matrix("input", input);
        positional_addition_trace t;
        // pass 1: the encoding of positions 0 … n−1.
        t.encoding = positional_encoding(rows(input), cols(input));
        // pass 2: add it; |PE| ≤ 1, so no finite input can overflow.
        t.output = input + t.encoding;
        return t;
    }

    position_similarity_trace position_similarity(std::size_t length, std::size_t d_model)
    {
        // Shape contract: length, d_model → encoding (length × d_model),
        // similarity and cosine (length × length), norms (length).
        position_similarity_trace t;
        // pass 1: the encoding (checks length and d_model).
        t.encoding = positional_encoding(length, d_model);
        // pass 2: every position's encoding dotted with every other's.
        t.similarity = matmul_transposed(t.encoding, t.encoding);
        // pass 3: each encoding's length, from the diagonal.
        t.norms = xt::empty<double>({length});
        for (std::size_t i = 0; i < length; ++i)
        {
            t.norms(i) = std::sqrt(t.similarity(i, i));
        }
        // pass 4: cosine similarity, s_ij / √(s_ii·s_jj) = s_ij / (‖PE(i)‖·‖PE(j)‖). Taking one
        // square root of the product makes the diagonal exactly 1 (√(x·x) = x in floating
        // point); a zero encoding gives 0, not 0/0.
        t.cosine = xt::zeros<double>({length, length});
        for (std::size_t i = 0; i < length; ++i)
        {
            for (std::size_t j = 0; j < length; ++j)
            {
                const double squares = t.similarity(i, i) * t.similarity(j, j);
                if (squares > 0)
                {
                    t.cosine(i, j) = t.similarity(i, j) / std::sqrt(squares);
                }
            }
        }
        return t;
    }
} // namespace attn
