#include "attn/attention_weights_check.hpp"

#include <cmath>

#include "attn/error.hpp"

namespace attn::detail
{
    void check_attention_weights(const std::string& argument, const matrix& a)
    {
        check_matrix(argument, a);
        const std::size_t n = rows(a);
        if (cols(a) != n)
        {
            fail(argument, "a square matrix of attention weights (one row and one column per token)",
                 format_shape(rows(a), cols(a)));
        }
        check_attention_rows(argument, a);
    }

    void check_attention_rows(const std::string& argument, const matrix& a)
    {
        for (std::size_t i = 0; i < rows(a); ++i)
        {
            double sum = 0;
            for (std::size_t j = 0; j < cols(a); ++j)
            {
                if (a(i, j) < 0)
                {
                    fail(argument + "[" + std::to_string(i) + "][" + std::to_string(j) + "]",
                         "a non-negative attention weight", format_number(a(i, j)));
                }
                sum += a(i, j);
            }
            if (std::abs(sum - 1) > attention_row_tolerance)
            {
                fail(argument + "[" + std::to_string(i) + "]",
                     "a row of attention weights summing to 1 (within 1e-6)",
                     "a sum of " + format_number(sum));
            }
        }
    }
} // namespace attn::detail
