#ifndef ATTN_ROPE_BACKWARD_HPP
#define ATTN_ROPE_BACKWARD_HPP

/**
 * @file rope_backward.hpp
 * @brief The backward pass of rotary position embedding: given ∂L/∂output, the gradient of the
 * input. Each pair was turned by a rotation, so its gradient is turned back by the transpose,
 * the rotation by the opposite angle.
 */

#include "attn/matrix.hpp"
#include "attn/rope.hpp"

namespace attn
{
    struct rope_backward_trace
    {
        matrix grad_output; ///< (n × d) ∂L/∂output, as given
        /// (n × d) pass 1: each pair (g_a, g_b) → (g_a·cos + g_b·sin, −g_a·sin + g_b·cos)
        matrix grad_input;
    };

    /**
     * @brief Runs rope(input, positions, base, convention), then its backward pass.
     * @param input (n × d), as rope (same checks, same argument names)
     * @param positions (n)
     * @param base finite and > 0
     * @param convention which columns are paired
     * @param grad_output (n × d) ∂L/∂output, finite
     */
    rope_backward_trace rope_backward(const matrix& input, const vector& positions, double base,
                                      rope_convention convention, const matrix& grad_output);

    namespace detail
    {
        /// The pass without argument checks, from the forward trace the caller already has (its
        /// cos and sin); grad_output must have the input's shape.
        rope_backward_trace rope_backward_from(const rope_trace& forward,
                                               rope_convention convention,
                                               const matrix& grad_output);
    } // namespace detail
} // namespace attn

#endif
