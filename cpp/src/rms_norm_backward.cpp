#include "attn/rms_norm_backward.hpp"

#include "attn/error.hpp"
#include "attn/sequence_sums.hpp"

namespace attn
{
    namespace detail
    {
        rms_norm_backward_trace rms_norm_backward_from(const matrix& input,
                                                       const rms_norm_trace& forward,
                                                       const matrix& grad_output,
                                                       std::size_t sequences)
        {
            // Shape contract: input, normalized, grad_output (n × d), gamma (d), rms (n) →
            // grad_gamma (d), grad_normalized (n × d), grad_rms (n), grad_input (n × d). The
            // forward's passes in reverse.
            const std::size_t n = rows(input), d = cols(input);
            rms_norm_backward_trace t;
            t.grad_output = grad_output;

            // pass 1: γ scales every row's normalized values, so its gradient sums the rows.
            t.grad_gamma = column_sums(grad_output * forward.normalized, sequences);

            // pass 2: output = normalized·γ, so ∂L/∂normalized = g ∘ γ.
            t.grad_normalized = xt::empty<double>({n, d});
            for (std::size_t i = 0; i < n; ++i)
            {
                for (std::size_t j = 0; j < d; ++j)
                {
                    t.grad_normalized(i, j) = grad_output(i, j) * forward.gamma(j);
                }
            }

            // passes 3 and 4: normalized = x / rms reaches x directly and through the row's rms,
            // with ∂rms/∂x_j = x_j / (d·rms). rms ≥ √eps > 0, so an all-zero row stays finite.
            t.grad_rms = xt::empty<double>({n});
            t.grad_input = xt::empty<double>({n, d});
            const double width = static_cast<double>(d);
            for (std::size_t i = 0; i < n; ++i)
            {
                const double rms = forward.rms(i);
                double weighted = 0;
                for (std::size_t j = 0; j < d; ++j)
                {
                    weighted += t.grad_normalized(i, j) * input(i, j);
                }
                t.grad_rms(i) = -weighted / (rms * rms);
                for (std::size_t j = 0; j < d; ++j)
                {
                    t.grad_input(i, j) =
                        t.grad_normalized(i, j) / rms + t.grad_rms(i) * input(i, j) / (width * rms);
                }
            }
            return t;
        }
    } // namespace detail

    rms_norm_backward_trace rms_norm_backward(const matrix& input,
                                              const std::optional<vector>& gamma, double eps,
                                              const matrix& grad_output)
    {
        const rms_norm_trace forward = rms_norm(input, gamma, eps);
        detail::check_matrix_shape("gradOutput", grad_output, rows(input), cols(input),
                                   "the shape of input, n × d");
        rms_norm_backward_trace t = detail::rms_norm_backward_from(input, forward, grad_output);
        // Finite inputs can still overflow: a gradOutput near the double limit summed over rows,
        // or divided by a small rms.
        detail::check_finite_result("gradOutput", "gradGamma", t.grad_gamma);
        detail::check_finite_result("gradOutput", "gradNormalized", t.grad_normalized);
        detail::check_finite_result("gradOutput", "gradRms", t.grad_rms);
        detail::check_finite_result("gradOutput", "gradInput", t.grad_input);
        return t;
    }
} // namespace attn
