#ifndef ATTN_FEED_FORWARD_BACKWARD_HPP
#define ATTN_FEED_FORWARD_BACKWARD_HPP

/**
 * @file feed_forward_backward.hpp
 * @brief The backward pass of the feed-forward network: given ∂L/∂output, the gradient of the
 * input and of both layers' weights and biases, as PyTorch's autograd computes them.
 */

#include <optional>

#include "attn/feed_forward.hpp"
#include "attn/matrix.hpp"

namespace attn
{
    struct feed_forward_backward_trace
    {
        matrix grad_output;    ///< (n × d_model) ∂L/∂output, as given
        matrix grad_activated; ///< (n × d_ff) pass 1: gradOutput·W2ᵀ
        matrix grad_hidden;    ///< (n × d_ff) pass 2: gradActivated ∘ activation′(hidden)
        matrix grad_input;     ///< (n × d_model) pass 3: gradHidden·W1ᵀ
        matrix grad_w1;        ///< (d_model × d_ff) pass 3: inputᵀ·gradHidden
        matrix grad_w2;        ///< (d_ff × d_model) pass 1: activatedᵀ·gradOutput
        vector grad_b1;        ///< (d_ff) pass 3: Σ over rows of gradHidden; empty without b1
        vector grad_b2;        ///< (d_model) pass 1: Σ over rows of gradOutput; empty without b2
    };

    /**
     * @brief Runs feed_forward(input, w1, b1, w2, b2, act), then its backward pass.
     * @param input (n × d_model), as feed_forward (same checks, same argument names)
     * @param w1 (d_model × d_ff)
     * @param b1 (d_ff) or none
     * @param w2 (d_ff × d_model)
     * @param b2 (d_model) or none
     * @param act the activation the forward used
     * @param grad_output (n × d_model) ∂L/∂output, finite
     * @return every gradient; grad_b1 / grad_b2 empty when that bias was omitted
     */
    feed_forward_backward_trace feed_forward_backward(const matrix& input, const matrix& w1,
                                                      const std::optional<vector>& b1,
                                                      const matrix& w2,
                                                      const std::optional<vector>& b2,
                                                      activation act, const matrix& grad_output);

    /// activation′(x): ReLU's is 0 at and below 0 (as PyTorch's threshold_backward), exact
    /// GELU's is Φ(x) + x·φ(x).
    double activation_derivative(activation act, double x);

    namespace detail
    {
        /// The passes without argument checks, from a forward trace the caller already has
        /// (the trainer). The forward trace does not say whether the biases were given, so both
        /// bias gradients are always computed; feed_forward_backward empties an omitted one's.
        /// The rows may be `sequences` stacked sequences (sequence_sums.hpp).
        feed_forward_backward_trace feed_forward_backward_from(const matrix& input,
                                                               const matrix& w1, const matrix& w2,
                                                               const feed_forward_trace& forward,
                                                               activation act,
                                                               const matrix& grad_output,
                                                               std::size_t sequences = 1);
    } // namespace detail
} // namespace attn

#endif
