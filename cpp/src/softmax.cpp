#include "attn/softmax.hpp"

#include <cmath>
#include <limits>

#include "attn/error.hpp"

namespace attn
{
    softmax_trace softmax_rows(const matrix& logits)
    {
        // Shape contract: logits (n × m) → row_max (n), exps (n × m), row_sum (n), weights (n × m).
        const std::size_t n = rows(logits), m = cols(logits);
        if (n == 0 || m == 0)
        {
            detail::fail("logits", "a non-empty matrix",
                         "a " + detail::format_shape(n, m) + " matrix");
        }
        for (std::size_t i = 0; i < n; ++i)
        {
            for (std::size_t j = 0; j < m; ++j)
            {
                const double x = logits(i, j);
                if (std::isnan(x) || x == std::numeric_limits<double>::infinity())
                {
                    detail::fail("logits[" + std::to_string(i) + "][" + std::to_string(j) + "]",
                                 "a finite number or -Infinity", detail::format_number(x));
                }
            }
        }

        softmax_trace t;
        t.row_max = xt::empty<double>({n});
        t.row_sum = xt::zeros<double>({n});
        t.exps = xt::zeros<double>({n, m});
        t.weights = xt::zeros<double>({n, m});
        for (std::size_t i = 0; i < n; ++i)
        {
            // pass 1: the row max. Subtracting it makes the largest exponent e^0 = 1, so no
            // logit, however large, overflows exp.
            double row_max = -std::numeric_limits<double>::infinity();
            for (std::size_t j = 0; j < m; ++j)
            {
                row_max = std::max(row_max, logits(i, j));
            }
            t.row_max(i) = row_max;
            if (std::isinf(row_max))
            {
                // Every key blocked with −∞: −∞ − (−∞) would be NaN. The row attends to nothing.
                continue;
            }
            // pass 2: exponentials of the shifted logits and their sum.
            double sum = 0;
            for (std::size_t j = 0; j < m; ++j)
            {
                t.exps(i, j) = std::exp(logits(i, j) - row_max);
                sum += t.exps(i, j);
            }
            t.row_sum(i) = sum;
            // pass 3: normalise. sum ≥ 1 because the max term is exactly 1.
            for (std::size_t j = 0; j < m; ++j)
            {
                t.weights(i, j) = t.exps(i, j) / sum;
            }
        }
        return t;
    }
} // namespace attn
