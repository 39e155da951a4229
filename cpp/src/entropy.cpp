#include "attn/entropy.hpp"

#include <algorithm>
#include <cmath>

#include "attn/error.hpp"

namespace attn
{
    namespace detail
    {
        double row_entropy(const double* weights, std::size_t m)
        {
            double h = 0;
            for (std::size_t j = 0; j < m; ++j)
            {
                // 0·ln 0 is taken as 0, its limit, so a one-hot row has entropy 0.
                if (weights[j] > 0)
                {
                    h -= weights[j] * std::log(weights[j]);
                }
            }
            return h;
        }

        entropy_trace entropy_unchecked(const matrix& weights)
        {
            // Shape contract: weights (n × m) → entropy (n), max_entropy = ln m, and three
            // scalars summarising entropy.
            const std::size_t n = rows(weights), m = cols(weights);
            entropy_trace t;
            t.entropy = xt::zeros<double>({n});
            t.max_entropy = std::log(static_cast<double>(m));
            // pass 1: the entropy of each row (row pointers, not weights(i, j): -Os, the lite
            // engine, calls that per cell).
            for (std::size_t i = 0; i < n; ++i)
            {
                t.entropy(i) = row_entropy(weights.data() + i * m, m);
            }
            // pass 2: the summaries a lesson quotes, so the page never averages.
            t.mean_entropy = xt::mean(t.entropy)();
            t.min_entropy = *std::min_element(t.entropy.begin(), t.entropy.end());
            t.max_row_entropy = *std::max_element(t.entropy.begin(), t.entropy.end());
            return t;
        }
    } // namespace detail

    entropy_trace attention_entropy(const matrix& weights)
    {
        detail::check_matrix("weights", weights);
        const std::size_t n = rows(weights), m = cols(weights);
        for (std::size_t i = 0; i < n; ++i)
        {
            const double* row = weights.data() + i * m;
            double sum = 0;
            for (std::size_t j = 0; j < m; ++j)
            {
                if (row[j] < 0)
                {
                    detail::fail("weights[" + std::to_string(i) + "][" + std::to_string(j) + "]",
                                 "a weight ≥ 0", detail::format_number(row[j]));
                }
                sum += row[j];
            }
            if (sum != 0 && std::abs(sum - 1) > 1e-6)
            {
                detail::fail("weights[" + std::to_string(i) + "]",
                             "a row summing to 1 (or all zero)",
                             "a sum of " + detail::format_number(sum));
            }
        }
        return detail::entropy_unchecked(weights);
    }
} // namespace attn
