#include "attn/softmax_jacobian.hpp"

#include <cmath>

#include "attn/error.hpp"
#include "attn/softmax.hpp"

namespace attn
{
    namespace detail
    {
        double softmax_jacobian_norm(const double* p, std::size_t m)
        {
            double squares = 0;
            for (std::size_t j = 0; j < m; ++j)
            {
                squares += p[j] * p[j];
            }
            double total = 0;
            for (std::size_t i = 0; i < m; ++i)
            {
                const double diagonal = p[i] - p[i] * p[i];
                // squares ≥ p_i² in floating point too (a sum of non-negative terms), so the
                // off-diagonal part is never negative.
                total += diagonal * diagonal + p[i] * p[i] * (squares - p[i] * p[i]);
            }
            return std::sqrt(total);
        }
    } // namespace detail

    softmax_jacobian_trace softmax_jacobian(const matrix& logits)
    {
        // Shape contract: logits (1 × m) → weights (1 × m), jacobian (m × m).
        if (rows(logits) != 1)
        {
            detail::fail("logits", "one row (a 1 × m matrix)",
                         std::to_string(rows(logits)) + " rows");
        }
        if (cols(logits) > max_dimension)
        {
            detail::fail("logits", "at most " + std::to_string(max_dimension) + " columns",
                         std::to_string(cols(logits)));
        }
        softmax_jacobian_trace t;
        // pass 1: the weights, by the engine's row softmax (checks the logits).
        t.weights = softmax_rows(logits).weights;
        const std::size_t m = cols(logits);

        // pass 2: J = diag(p) − p·pᵀ. Each weight's change pulls the others the opposite way,
        // and everything vanishes when one weight is ≈ 1: the saturated softmax passes no
        // gradient back.
        t.jacobian = xt::empty<double>({m, m});
        double sum = 0;
        for (std::size_t i = 0; i < m; ++i)
        {
            for (std::size_t j = 0; j < m; ++j)
            {
                const double p_i = t.weights(0, i), p_j = t.weights(0, j);
                t.jacobian(i, j) = (i == j ? p_i : 0.0) - p_i * p_j;
                // pass 3: accumulate the Frobenius norm of the matrix just built.
                sum += t.jacobian(i, j) * t.jacobian(i, j);
            }
        }
        t.frobenius_norm = std::sqrt(sum);
        return t;
    }
} // namespace attn
