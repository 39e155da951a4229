#ifndef ATTN_ENCODER_LAYER_BACKWARD_HPP
#define ATTN_ENCODER_LAYER_BACKWARD_HPP

/**
 * @file encoder_layer_backward.hpp
 * @brief The backward pass of the post-norm encoder layer, the forward's six passes in reverse:
 * LN₂, the feed-forward network with its residual, LN₁, self-attention with its residual.
 */

#include "attn/encoder_layer.hpp"
#include "attn/feed_forward_backward.hpp"
#include "attn/layer_norm_backward.hpp"
#include "attn/matrix.hpp"
#include "attn/multi_head_attention_backward.hpp"

namespace attn
{
    /// Every gradient of one encoder-layer backward pass, in the order the passes compute them.
    struct encoder_layer_backward_trace
    {
        matrix grad_output;              ///< (n × d_model) ∂L/∂output, as given
        layer_norm_backward_trace norm2; ///< pass 1: LN₂ backward; γ₂, β₂ gradients
        matrix grad_residual2;           ///< (n × d_model) = norm2.grad_input
        feed_forward_backward_trace feed_forward; ///< pass 2: FFN backward from grad_residual2
        /// (n × d_model) pass 3: ∂L/∂norm1.output, along the residual and through the FFN:
        /// grad_residual2 + feed_forward.grad_input
        matrix grad_norm1_output;
        layer_norm_backward_trace norm1;     ///< pass 4: LN₁ backward; γ₁, β₁ gradients
        matrix grad_residual1;               ///< (n × d_model) = norm1.grad_input
        multi_head_backward_trace attention; ///< pass 5: self-attention backward
        /// (n × d_model) pass 6: ∂L/∂input = grad_residual1 (the residual path) + the three
        /// self-attention paths, attention.grad_query + grad_key + grad_value
        matrix grad_input;
    };

    /**
     * @brief Runs encoder_layer(input, params, options), then its backward from ∂L/∂output.
     * @param input, params, options as encoder_layer (same checks, same argument names)
     * @param grad_output (n × d_model) ∂L/∂output, finite
     * @return every gradient; the attention bias gradients are empty when attentionBias is false
     * @throws attention_error naming the argument on any bad shape or value
     */
    encoder_layer_backward_trace encoder_layer_backward(const matrix& input,
                                                        const encoder_layer_params& params,
                                                        const encoder_layer_options& options,
                                                        const matrix& grad_output);

    namespace detail
    {
        /// The backward passes without checks, from the forward trace the caller already has
        /// (the trainer), its weights as used.
        encoder_layer_backward_trace encoder_layer_backward_from(const encoder_layer_trace& forward,
                                                                 const matrix& grad_output);
    } // namespace detail
} // namespace attn

#endif
