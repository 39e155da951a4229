#include "attn/rms_norm.hpp"

#include <cmath>

#include "attn/error.hpp"

namespace attn
{
    namespace detail
    {
        void check_rms_norm_eps(double eps)
        {
            // Above 1, eps would outweigh the mean square of any ordinary row.
            if (!(eps > 0 && eps <= 1))
            {
                fail("eps", "a small positive number (at most 1) such as 1e-6", format_number(eps));
            }
        }

        rms_norm_trace rms_norm_unchecked(const matrix& input, vector gamma, double eps)
        {
            // Shape contract: input (n × d), gamma (d) → mean_square, rms (n), normalized and
            // output (n × d).
            const std::size_t n = rows(input), d = cols(input);
            rms_norm_trace t;
            t.eps = eps;
            t.mean_square = xt::empty<double>({n});
            t.rms = xt::empty<double>({n});
            t.normalized = xt::empty<double>({n, d});
            t.output = xt::empty<double>({n, d});
            for (std::size_t i = 0; i < n; ++i)
            {
                // pass 1: the row's mean square and root mean square. Nothing is subtracted:
                // RMS norm rescales the row but keeps its mean's direction.
                double square_sum = 0;
                for (std::size_t j = 0; j < d; ++j)
                {
                    square_sum += input(i, j) * input(i, j);
                }
                const double mean_square = square_sum / static_cast<double>(d);
                if (!std::isfinite(mean_square))
                {
                    fail("input",
                         "values small enough for the mean square to stay within double range",
                         "meanSquare[" + std::to_string(i) + "] = " + format_number(mean_square));
                }
                t.mean_square(i) = mean_square;
                t.rms(i) = std::sqrt(mean_square + eps);

                // pass 2: divide by the rms, then scale per column.
                for (std::size_t j = 0; j < d; ++j)
                {
                    t.normalized(i, j) = input(i, j) / t.rms(i);
                    t.output(i, j) = t.normalized(i, j) * gamma(j);
                    if (!std::isfinite(t.output(i, j)))
                    {
                        // |normalized| ≤ √d, so only a γ near the double limit gets here.
                        fail("gamma", "values small enough for output to stay within double range",
                             "output[" + std::to_string(i) + "][" + std::to_string(j) +
                                 "] = " + format_number(t.output(i, j)));
                    }
                }
            }
            t.gamma = std::move(gamma);
            return t;
        }
    } // namespace detail

    rms_norm_trace rms_norm(const matrix& input, const std::optional<vector>& gamma, double eps)
    {
        detail::check_matrix("input", input);
        const std::size_t d = cols(input);
        if (gamma)
        {
            detail::check_vector("gamma", *gamma, d, "one per column of input");
        }
        detail::check_rms_norm_eps(eps);
        return detail::rms_norm_unchecked(input, gamma ? *gamma : vector(xt::ones<double>({d})),
                                          eps);
    }
} // namespace attn
