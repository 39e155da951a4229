#include "attn/softmax.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "attn/error.hpp"

namespace attn
{
    template <class T>
    void detail::softmax_row(const T* logits, std::size_t m, T* exps, T* weights, T& max, T& sum)
    {
        // pass 1: the row max. Subtracting it makes the largest exponent e^0 = 1, so no
        // logit, however large, overflows exp.
        max = -std::numeric_limits<T>::infinity();
        for (std::size_t j = 0; j < m; ++j)
        {
            max = std::max(max, logits[j]);
        }
        sum = 0;
        if (std::isinf(max))
        {
            // Every key blocked with −∞: −∞ − (−∞) would be NaN. The row attends to nothing.
            std::fill(exps, exps + m, T(0));
            std::fill(weights, weights + m, T(0));
            return;
        }
        // pass 2: exponentials of the shifted logits and their sum. A blocked −∞ logit's is
        // exp(−∞) = 0 exactly, without calling exp: half of a causal row's cells.
        constexpr T blocked = -std::numeric_limits<T>::infinity();
        for (std::size_t j = 0; j < m; ++j)
        {
            exps[j] = logits[j] == blocked ? T(0) : std::exp(logits[j] - max);
            sum += exps[j];
        }
        // pass 3: normalise. sum ≥ 1 because the max term is exactly 1.
        for (std::size_t j = 0; j < m; ++j)
        {
            weights[j] = exps[j] / sum;
        }
    }

    template void detail::softmax_row<double>(const double*, std::size_t, double*, double*, double&,
                                              double&);
    template void detail::softmax_row<float>(const float*, std::size_t, float*, float*, float&,
                                             float&);

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
            detail::softmax_row(logits.data() + i * m, m, t.exps.data() + i * m,
                                t.weights.data() + i * m, t.row_max(i), t.row_sum(i));
        }
        return t;
    }
} // namespace attn
