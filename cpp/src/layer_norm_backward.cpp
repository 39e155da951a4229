#include "attn/layer_norm_backward.hpp"

#include <cmath>

#include "attn/error.hpp"
#include "attn/sequence_sums.hpp"

namespace attn
{
    namespace detail
    {
        layer_norm_backward_trace layer_norm_backward_from(const layer_norm_trace& forward,
                                                           double eps, const matrix& grad_output,
                                                           std::size_t sequences)
        {
            // Shape contract: normalized, grad_output (n × d), gamma (d) → grad_beta,
            // grad_gamma (d), grad_normalized, grad_input (n × d).
            const matrix& x_hat = forward.normalized;
            const std::size_t n = rows(x_hat), d = cols(x_hat);
            layer_norm_backward_trace t;
            t.grad_output = grad_output;

            // passes 1 and 2: β is added to every row and γ scales every row's x̂, so their
            // gradients sum the rows' contributions.
            t.grad_beta = column_sums(grad_output, sequences);
            t.grad_gamma = column_sums(grad_output * x_hat, sequences);

            // pass 3: output = x̂·γ + β, so ∂L/∂x̂ = g ∘ γ.
            t.grad_normalized = xt::empty<double>({n, d});
            for (std::size_t i = 0; i < n; ++i)
            {
                for (std::size_t j = 0; j < d; ++j)
                {
                    t.grad_normalized(i, j) = grad_output(i, j) * forward.gamma(j);
                }
            }

            // pass 4: every x̂ of a row depends on every x of that row through the row's mean
            // and σ = √(variance + eps); the two means below are those two paths. A constant
            // row has x̂ = 0 and σ = √eps > 0, so it stays finite.
            t.grad_input = xt::empty<double>({n, d});
            const double width = static_cast<double>(d);
            for (std::size_t i = 0; i < n; ++i)
            {
                double mean_grad = 0, mean_grad_x_hat = 0;
                for (std::size_t j = 0; j < d; ++j)
                {
                    mean_grad += t.grad_normalized(i, j);
                    mean_grad_x_hat += t.grad_normalized(i, j) * x_hat(i, j);
                }
                mean_grad /= width;
                mean_grad_x_hat /= width;
                const double inverse_std = 1.0 / std::sqrt(forward.variance(i) + eps);
                for (std::size_t j = 0; j < d; ++j)
                {
                    t.grad_input(i, j) = inverse_std * (t.grad_normalized(i, j) - mean_grad -
                                                        x_hat(i, j) * mean_grad_x_hat);
                }
            }
            return t;
        }
    } // namespace detail

    layer_norm_backward_trace layer_norm_backward(const matrix& input,
                                                  const std::optional<vector>& gamma,
                                                  const std::optional<vector>& beta, double eps,
                                                  const matrix& grad_output)
    {
        const layer_norm_trace forward = layer_norm(input, gamma, beta, eps);
        detail::check_matrix_shape("gradOutput", grad_output, rows(input), cols(input),
                                   "the shape of input, n × d");
        layer_norm_backward_trace t = detail::layer_norm_backward_from(forward, eps, grad_output);
        // Finite inputs can still overflow: a gradOutput near the double limit summed over rows.
        detail::check_finite_result("gradOutput", "gradBeta", t.grad_beta);
        detail::check_finite_result("gradOutput", "gradGamma", t.grad_gamma);
        detail::check_finite_result("gradOutput", "gradNormalized", t.grad_normalized);
        detail::check_finite_result("gradOutput", "gradInput", t.grad_input);
        return t;
    }
} // namespace attn
