#include "attn/layer_norm.hpp"

#include <cmath>

#include "attn/error.hpp"

namespace attn
{
    namespace detail
    {
        layer_norm_trace layer_norm_unchecked(const matrix& input, vector gamma, vector beta,
                                              double eps)
        {
            // Shape contract: input (n × d), gamma and beta (d) → mean, variance (n),
            // normalized and output (n × d).
            const std::size_t n = rows(input), d = cols(input);
            layer_norm_trace t;
            t.eps = eps;
            t.mean = xt::empty<double>({n});
            t.variance = xt::empty<double>({n});
            t.normalized = xt::empty<double>({n, d});
            t.output = xt::empty<double>({n, d});
            for (std::size_t i = 0; i < n; ++i)
            {
                // pass 1: mean and biased variance of the row (divide by d, as PyTorch does).
                double sum = 0;
                for (std::size_t j = 0; j < d; ++j)
                {
                    sum += input(i, j);
                }
                const double mean = sum / static_cast<double>(d);
                double square_sum = 0;
                for (std::size_t j = 0; j < d; ++j)
                {
                    const double centred = input(i, j) - mean;
                    square_sum += centred * centred;
                }
                const double variance = square_sum / static_cast<double>(d);
                if (!std::isfinite(variance))
                {
                    fail("input",
                         "values small enough for the variance to stay within double range",
                         "variance[" + std::to_string(i) + "] = " + format_number(variance));
                }
                t.mean(i) = mean;
                t.variance(i) = variance;

                // pass 2: normalise, then scale and shift per column.
                const double inverse_std = 1.0 / std::sqrt(variance + eps);
                for (std::size_t j = 0; j < d; ++j)
                {
                    t.normalized(i, j) = (input(i, j) - mean) * inverse_std;
                    const double scaled = t.normalized(i, j) * gamma(j);
                    t.output(i, j) = scaled + beta(j);
                    if (!std::isfinite(t.output(i, j)))
                    {
                        // |normalized| ≤ √d, so only a γ or β near the double limit gets here.
                        fail(std::isfinite(scaled) ? "beta" : "gamma",
                             "values small enough for output to stay within double range",
                             "output[" + std::to_string(i) + "][" + std::to_string(j) +
                                 "] = " + format_number(t.output(i, j)));
                    }
                }
            }
            t.gamma = std::move(gamma);
            t.beta = std::move(beta);
            return t;
        }
    } // namespace detail

    layer_norm_trace layer_norm(const matrix& input, const std::optional<vector>& gamma,
                                const std::optional<vector>& beta, double eps)
    {
        detail::check_matrix("input", input);
        const std::size_t d = cols(input);
        if (gamma)
        {
            detail::check_vector("gamma", *gamma, d, "one per column of input");
        }
        if (beta)
        {
            detail::check_vector("beta", *beta, d, "one per column of input");
        }
        // Above 1, eps would outweigh the variance of any ordinary row.
        if (!(eps > 0 && eps <= 1))
        {
            detail::fail("eps", "a small positive number (at most 1) such as 1e-5",
                         detail::format_number(eps));
        }
        return detail::layer_norm_unchecked(input, gamma ? *gamma : vector(xt::ones<double>({d})),
                                            beta ? *beta : vector(xt::zeros<double>({d})), eps);
    }
} // namespace attn
