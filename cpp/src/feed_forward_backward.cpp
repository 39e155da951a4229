#include "attn/feed_forward_backward.hpp"

#include <cmath>

#include "attn/error.hpp"

namespace attn
{
    namespace
    {
        /// aᵀ·b, a (k × n) and b (k × p) → (n × p), without a transposed copy of a (an xtensor
        /// transpose assignment costs more than the product on the trainer's small matrices):
        /// row r of b, scaled by a(r, i), is added to out row i. The inner loop is contiguous and
        /// vectorises, and each out cell sums its terms in r order from 0 as matmul does, so the
        /// result is bit-identical to matmul(transpose(a), b), natively and in wasm.
        matrix transposed_times(const matrix& a, const matrix& b)
        {
            const std::size_t k = rows(a), n = cols(a), p = cols(b);
            matrix out = xt::zeros<double>({n, p});
            const double* pa = a.data();
            const double* pb = b.data();
            double* po = out.data();
            for (std::size_t r = 0; r < k; ++r)
            {
                const double* b_row = pb + r * p;
                for (std::size_t i = 0; i < n; ++i)
                {
                    const double a_ri = pa[r * n + i];
                    double* out_row = po + i * p;
                    for (std::size_t j = 0; j < p; ++j)
                    {
                        out_row[j] += a_ri * b_row[j];
                    }
                }
            }
            return out;
        }

        /// Σ over the rows of m, in row order.
        vector column_sums(const matrix& m)
        {
            vector sums = xt::zeros<double>({cols(m)});
            for (std::size_t i = 0; i < rows(m); ++i)
            {
                for (std::size_t j = 0; j < cols(m); ++j)
                {
                    sums(j) += m(i, j);
                }
            }
            return sums;
        }
    } // namespace

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
                                                               const matrix& grad_output)
        {
            // Shape contract: input (n × d_model), w1 (d_model × d_ff), w2 (d_ff × d_model),
            // grad_output (n × d_model) → grad_activated, grad_hidden (n × d_ff), grad_input
            // (n × d_model), grad_w1 (d_model × d_ff), grad_w2 (d_ff × d_model), grad_b1
            // (d_ff), grad_b2 (d_model). The forward's passes in reverse.
            feed_forward_backward_trace t;
            t.grad_output = grad_output;

            // pass 1: output = activated·W2 + b2.
            t.grad_b2 = column_sums(grad_output);
            t.grad_w2 = transposed_times(forward.activated, grad_output);
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
            t.grad_b1 = column_sums(t.grad_hidden);
            t.grad_w1 = transposed_times(input, t.grad_hidden);
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
