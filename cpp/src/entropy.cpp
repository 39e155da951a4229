#include "attn/entropy.hpp"

#include <cmath>

#include "attn/error.hpp"

namespace attn
{
    entropy_trace attention_entropy(const matrix& weights)
    {
        // Shape contract: weights (n × m) → entropy (n), max_entropy = ln m.
        detail::check_matrix("weights", weights);
        const std::size_t n = rows(weights), m = cols(weights);
        entropy_trace t;
        t.entropy = xt::zeros<double>({n});
        t.max_entropy = std::log(static_cast<double>(m));
        for (std::size_t i = 0; i < n; ++i)
        {
            double sum = 0;
            double h = 0;
            for (std::size_t j = 0; j < m; ++j)
            {
                const double w = weights(i, j);
                if (w < 0)
                {
                    detail::fail("weights[" + std::to_string(i) + "][" + std::to_string(j) + "]",
                                 "a weight ≥ 0", detail::format_number(w));
                }
                sum += w;
                // 0·ln 0 is taken as 0, its limit, so a one-hot row has entropy 0.
                if (w > 0)
                {
                    h -= w * std::log(w);
                }
            }
            if (sum != 0 && std::abs(sum - 1) > 1e-6)
            {
                detail::fail("weights[" + std::to_string(i) + "]",
                             "a row summing to 1 (or all zero)",
                             "a sum of " + detail::format_number(sum));
            }
            t.entropy(i) = h;
        }
        return t;
    }
} // namespace attn
