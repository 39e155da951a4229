#include "attn/feed_forward_backward.hpp"

#include <cmath>

#include "attn/error.hpp"
#include "attn/sequence_sums.hpp"

namespace attn
{
    double activation_derivative(activation act, double x)
    {
        if (act == activation::relu)
        {
            return x > 0 ? 1.0 : 0.0;
        }
        // d/dx [x·Φ(x)] = Φ(x) + x·φ(x), Φ the normal CDF and φ its density. 1/√(2π) is
        // spelt out: M_PI is not standard C++ and Emscripten's libc hides it.
        constexpr double inverse_sqrt_two_pi = 0.3989422804014327;
        const double cdf = 0.5 * (1.0 + std::erf(x / std::sqrt(2.0)));
        const double pdf = inverse_sqrt_two_pi * std::exp(-0.5 * x * x);
        return cdf + x * pdf;
    }

    namespace detail
    {
        feed_forward_backward_trace feed_forward_backward_from(const matrix& input,
                                                               const matrix& w1, const matrix& w2,
                                                               const feed_forward_trace& forward,
                                                               activation act,
                                                               const matrix& grad_output,
                                                               std::size_t sequences)
        {
            // Shape contract: input (n × d_model), w1 (d_model × d_ff), w2 (d_ff × d_model),
            // grad_output (n × d_model) → grad_activated, grad_hidden (n × d_ff), grad_input
            // (n × d_model), grad_w1 (d_model × d_ff), grad_w2 (d_ff × d_model), grad_b1
            // (d_ff), grad_b2 (d_model). The forward's passes in reverse.
            feed_forward_backward_trace t;
            t.grad_output = grad_output;

            // pass 1: output = activated·W2 + b2.
            t.grad_b2 = column_sums(grad_output, sequences);
            t.grad_w2 = transposed_product(forward.activated, grad_output, sequences);
            t.grad_activated = matmul_transposed(grad_output, w2);

            // pass 2: the activation acted cell by cell, so its gradient does too.
            t.grad_hidden = t.grad_activated;
            for (std::size_t i = 0; i < rows(t.grad_hidden); ++i)
            {
                for (std::size_t j = 0; j < cols(t.grad_hidden); ++j)
                {
                    t.grad_hidden(i, j) *= activation_derivative(act, forward.hidden(i, j));
                }
            }

            // pass 3: hidden = input·W1 + b1.
            t.grad_b1 = column_sums(t.grad_hidden, sequences);
            t.grad_w1 = transposed_product(input, t.grad_hidden, sequences);
            t.grad_input = matmul_transposed(t.grad_hidden, w1);
            return t;
        }
    } // namespace detail

    feed_forward_backward_trace feed_forward_backward(const matrix& input, const matrix& w1,
                                                      const std::optional<vector>& b1,
                                                      const matrix& w2,
                                                      const std::optional<vector>& b2,
                                                      activation act, const matrix& grad_output)
    {
        const feed_forward_trace forward = feed_forward(input, w1, b1, w2, b2, act);
        detail::check_matrix_shape("gradOutput", grad_output, rows(input), cols(input),
                                   "the shape of output, n × d_model");
        feed_forward_backward_trace t =
            detail::feed_forward_backward_from(input, w1, w2, forward, act, grad_output);
        if (!b1)
        {
            t.grad_b1 = vector{};
        }
        if (!b2)
        {
            t.grad_b2 = vector{};
        }
        // Finite inputs can still overflow: a gradOutput near the double limit times the weights.
        detail::check_finite_result("gradOutput", "gradB2", t.grad_b2);
        detail::check_finite_result("gradOutput", "gradW2", t.grad_w2);
        detail::check_finite_result("gradOutput", "gradActivated", t.grad_activated);
        detail::check_finite_result("gradOutput", "gradHidden", t.grad_hidden);
        detail::check_finite_result("gradOutput", "gradB1", t.grad_b1);
        detail::check_finite_result("gradOutput", "gradW1", t.grad_w1);
        detail::check_finite_result("gradOutput", "gradInput", t.grad_input);
        return t;
    }
} // namespace attn
