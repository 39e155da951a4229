#include "attn/cross_entropy.hpp"

#include <cmath>
#include <string>

#include "attn/error.hpp"
#include "attn/softmax.hpp"

namespace attn
{
    cross_entropy_trace cross_entropy(const matrix& logits, const vector& targets)
    {
        // Shape contract: logits (n × c), targets (n) → probabilities (n × c), row_losses (n),
        // loss (scalar), grad_logits (n × c).
        detail::check_matrix("logits", logits);
        const std::size_t n = rows(logits), c = cols(logits);
        detail::check_vector("targets", targets, n, "one class per row of logits");
        std::vector<std::size_t> target(n);
        for (std::size_t i = 0; i < n; ++i)
        {
            target[i] = detail::check_integer("targets[" + std::to_string(i) + "]", targets(i), 0,
                                              static_cast<double>(c - 1));
        }

        cross_entropy_trace t;
        // pass 1: probabilities by the engine's row softmax, which subtracts each row's max so
        // that exp never overflows.
        const softmax_trace s = softmax_rows(logits);
        t.probabilities = s.weights;

        // pass 2: −ln p[t] = ln Σ exp(x) − x[t] = rowMax + ln rowSum − x[t]. Computed from the
        // log-sum-exp, not as −ln of the probability, which would be −ln 0 = ∞ for a target far
        // below the row's max.
        t.row_losses = xt::empty<double>({n});
        double total = 0;
        for (std::size_t i = 0; i < n; ++i)
        {
            t.row_losses(i) = (s.row_max(i) - logits(i, target[i])) + std::log(s.row_sum(i));
            total += t.row_losses(i);
        }
        if (!std::isfinite(total))
        {
            detail::fail("logits", "values small enough for the loss to stay within double range",
                         "loss = " + detail::format_number(total));
        }

        // pass 3: the mean over the rows, as torch's default reduction.
        t.loss = total / static_cast<double>(n);

        // pass 4: ∂loss/∂x[i][j] = (p[i][j] − [j = t_i]) / n: each row pushes its target's
        // logit up and every other down, in proportion to the probability it wrongly gave.
        t.grad_logits = t.probabilities;
        for (std::size_t i = 0; i < n; ++i)
        {
            t.grad_logits(i, target[i]) -= 1.0;
        }
        t.grad_logits /= static_cast<double>(n);
        return t;
    }
} // namespace attn
