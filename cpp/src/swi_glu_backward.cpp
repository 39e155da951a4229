#include "attn/swi_glu_backward.hpp"

#include "attn/error.hpp"
#include "attn/sequence_sums.hpp"

namespace attn
{
    namespace detail
    {
        swi_glu_backward_trace swi_glu_backward_from(const matrix& input, const matrix& w_gate,
                                                     const matrix& w_up, const matrix& w_down,
                                                     const swi_glu_trace& forward,
                                                     const matrix& grad_output,
                                                     std::size_t sequences)
        {
            // Shape contract: input (n × d_model), w_gate and w_up (d_model × d_ff), w_down
            // (d_ff × d_model), grad_output (n × d_model) → grad_hidden, grad_activated,
            // grad_up, grad_gate (n × d_ff), grad_w_down (d_ff × d_model), grad_w_gate and
            // grad_w_up (d_model × d_ff), grad_input (n × d_model). The forward's passes in
            // reverse.
            swi_glu_backward_trace t;
            t.grad_output = grad_output;

            // pass 1: output = hidden·W_down.
            t.grad_w_down = transposed_product(forward.hidden, grad_output, sequences);
            t.grad_hidden = matmul_transposed(grad_output, w_down);

            // pass 2: hidden = activated ∘ up, so each factor's gradient is the other factor's
            // value times gradHidden.
            t.grad_activated = t.grad_hidden * forward.up;
            t.grad_up = t.grad_hidden * forward.activated;

            // pass 3: SiLU acted cell by cell, so its gradient does too: SiLU′(x) =
            // σ(x)·(1 + x·(1 − σ(x))), with the σ(x) the forward kept (silu_derivative's
            // numbers, without a second exp per cell).
            t.grad_gate = t.grad_activated;
            const double* x = forward.gate.data();
            const double* s = forward.sigmoid.data();
            double* g = t.grad_gate.data();
            for (std::size_t k = 0; k < t.grad_gate.size(); ++k)
            {
                g[k] *= s[k] * (1.0 + x[k] * (1.0 - s[k]));
            }

            // pass 4: gate = input·W_gate and up = input·W_up; the input feeds both, so its
            // gradient adds the two paths.
            t.grad_w_gate = transposed_product(input, t.grad_gate, sequences);
            t.grad_w_up = transposed_product(input, t.grad_up, sequences);
            t.grad_input = matmul_transposed(t.grad_gate, w_gate);
            t.grad_input += matmul_transposed(t.grad_up, w_up);
            return t;
        }
    } // namespace detail

    swi_glu_backward_trace swi_glu_backward(const matrix& input, const matrix& w_gate,
                                            const matrix& w_up, const matrix& w_down,
                                            const matrix& grad_output)
    {
        const swi_glu_trace forward = swi_glu(input, w_gate, w_up, w_down);
        detail::check_matrix_shape("gradOutput", grad_output, rows(input), cols(input),
                                   "the shape of output, n × d_model");
        swi_glu_backward_trace t =
            detail::swi_glu_backward_from(input, w_gate, w_up, w_down, forward, grad_output);
        // Finite inputs can still overflow: a gradOutput near the double limit times the weights.
        detail::check_finite_result("gradOutput", "gradWDown", t.grad_w_down);
        detail::check_finite_result("gradOutput", "gradHidden", t.grad_hidden);
        detail::check_finite_result("gradOutput", "gradActivated", t.grad_activated);
        detail::check_finite_result("gradOutput", "gradUp", t.grad_up);
        detail::check_finite_result("gradOutput", "gradGate", t.grad_gate);
        detail::check_finite_result("gradOutput", "gradWGate", t.grad_w_gate);
        detail::check_finite_result("gradOutput", "gradWUp", t.grad_w_up);
        detail::check_finite_result("gradOutput", "gradInput", t.grad_input);
        return t;
    }
} // namespace attn
