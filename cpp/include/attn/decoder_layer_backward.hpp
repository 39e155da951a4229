#ifndef ATTN_DECODER_LAYER_BACKWARD_HPP
#define ATTN_DECODER_LAYER_BACKWARD_HPP

/**
 * @file decoder_layer_backward.hpp
 * @brief The backward pass of the pre-norm decoder layer: from ∂L/∂output to the gradient of
 * the input and of every weight, through SwiGLU, both RMS norms and the attention (RoPE and
 * grouped key/value heads included), as PyTorch's autograd computes them.
 */

#include "attn/decoder_layer.hpp"
#include "attn/multi_head_attention_backward.hpp"
#include "attn/rms_norm_backward.hpp"
#include "attn/swi_glu_backward.hpp"

namespace attn
{
    struct decoder_layer_backward_trace
    {
        matrix grad_output;                  ///< (n × d_model) ∂L/∂output, as given
        swi_glu_backward_trace feed_forward; ///< pass 1: SwiGLU backward from gradOutput
        rms_norm_backward_trace norm2;       ///< pass 2: RMSNorm₂ backward
        matrix grad_residual1;               ///< pass 3: gradOutput + norm2.grad_input
        multi_head_backward_trace attention; ///< pass 4: self-attention backward
        matrix grad_norm1_output;            ///< pass 5: gradQuery + gradKey + gradValue
        rms_norm_backward_trace norm1;       ///< pass 6: RMSNorm₁ backward
        matrix grad_input;                   ///< pass 7: gradResidual1 + norm1.grad_input
    };

    /**
     * @brief Runs decoder_layer, then its backward pass from ∂L/∂output.
     * @param input, params, options as decoder_layer (same checks, same argument names)
     * @param grad_output (n × d_model) ∂L/∂output, finite
     * @return every gradient, with those of the residual stream between the sublayers
     */
    decoder_layer_backward_trace decoder_layer_backward(const matrix& input,
                                                        const decoder_layer_params& params,
                                                        const decoder_layer_options& options,
                                                        const matrix& grad_output);

    namespace detail
    {
        /// The backward passes without argument checks, from the forward trace the caller
        /// already has (a language model runs its layers forward once, then back). params must
        /// be those the forward ran with; grad_output n × d_model.
        decoder_layer_backward_trace decoder_layer_backward_from(const decoder_layer_trace& forward,
                                                                 const decoder_layer_params& params,
                                                                 const matrix& grad_output);
    } // namespace detail
} // namespace attn

#endif
