#include "attn/encoder_layer_backward.hpp"

#include "attn/error.hpp"

namespace attn
{
    namespace detail
    {
        encoder_layer_backward_trace encoder_layer_backward_from(const encoder_layer_trace& forward,
                                                                 const matrix& grad_output)
        {
            // Shape contract: forward of input (n × d_model), grad_output (n × d_model) → every
            // gradient of an activation (n × d_model; the FFN's hidden ones n × d_ff) and of a
            // parameter (its own shape).
            encoder_layer_backward_trace t;
            t.grad_output = grad_output;

            // pass 1: back through LN₂, the layer's output.
            t.norm2 = layer_norm_backward_from(forward.norm2, default_layer_norm_eps, grad_output,
                                               forward.sequences);
            t.grad_residual2 = t.norm2.grad_input;

            // pass 2: residual2 = norm1.output + FFN(norm1.output): the FFN branch's backward.
            t.feed_forward =
                feed_forward_backward_from(forward.norm1.output, forward.w1, forward.w2,
                                           forward.feed_forward, forward.act, t.grad_residual2,
                                           forward.sequences);

            // pass 3: norm1.output reaches residual2 along both branches, so its gradients add.
            t.grad_norm1_output = t.grad_residual2 + t.feed_forward.grad_input;

            // pass 4: back through LN₁.
            t.norm1 = layer_norm_backward_from(forward.norm1, default_layer_norm_eps,
                                               t.grad_norm1_output, forward.sequences);
            t.grad_residual1 = t.norm1.grad_input;

            // pass 5: residual1 = input + MHA(input, input, input): the attention branch.
            t.attention = multi_head_attention_backward_from(
                forward.input, forward.input, forward.input, forward.attention, t.grad_residual1);

            // pass 6: the input feeds the residual and attention's query, key and value: four
            // paths, four gradients summed.
            t.grad_input = t.grad_residual1 + t.attention.grad_query + t.attention.grad_key +
                           t.attention.grad_value;
            return t;
        }
    } // namespace detail

    encoder_layer_backward_trace encoder_layer_backward(const matrix& input,
                                                        const encoder_layer_params& params,
                                                        const encoder_layer_options& options,
                                                        const matrix& grad_output)
    {
        const encoder_layer_trace forward = encoder_layer(input, params, options);
        detail::check_matrix_shape("gradOutput", grad_output, rows(input), cols(input),
                                   "the shape of input, one gradient per output cell");
        return detail::encoder_layer_backward_from(forward, grad_output);
    }
} // namespace attn
