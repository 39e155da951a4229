#include "attn/rope_backward.hpp"

#include "attn/error.hpp"

namespace attn
{
    namespace detail
    {
        rope_backward_trace rope_backward_from(const rope_trace& forward,
                                               rope_convention convention,
                                               const matrix& grad_output)
        {
            // Shape contract: cos and sin (n × d/2), grad_output (n × d) → grad_input (n × d).
            rope_backward_trace t;
            t.grad_output = grad_output;
            // pass 1: the forward turned each pair by [[cos, −sin], [sin, cos]]; its transpose
            // is the turn by the opposite angle, whose sin is −sin.
            const matrix minus_sin = -forward.sin;
            t.grad_input = rotate_pairs(grad_output, forward.cos, minus_sin, convention);
            return t;
        }
    } // namespace detail

    rope_backward_trace rope_backward(const matrix& input, const vector& positions, double base,
                                      rope_convention convention, const matrix& grad_output)
    {
        const rope_trace forward = rope(input, positions, base, convention);
        detail::check_matrix_shape("gradOutput", grad_output, rows(input), cols(input),
                                   "the shape of input, n × d");
        rope_backward_trace t = detail::rope_backward_from(forward, convention, grad_output);
        // A turn keeps each pair's length, but one cell can grow by √2: near the double limit
        // that overflows.
        detail::check_finite_result("gradOutput", "gradInput", t.grad_input);
        return t;
    }
} // namespace attn
