#include "attn/decoder_layer_backward.hpp"

#include "attn/error.hpp"

namespace attn
{
    decoder_layer_backward_trace
    detail::decoder_layer_backward_from(const decoder_layer_trace& forward,
                                        const decoder_layer_params& params,
                                        const matrix& grad_output)
    {
        // Shape contract: input and grad_output (n × d_model) → every gradient the shape of
        // what it differentiates.
        const matrix& input = forward.input;
        decoder_layer_backward_trace t;
        t.grad_output = grad_output;
        // pass 1: out = h + SwiGLU(norm2), so SwiGLU's output gradient is gradOutput.
        t.feed_forward =
            detail::swi_glu_backward_from(forward.norm2.output, params.w_gate, params.w_up,
                                          params.w_down, forward.feed_forward, grad_output);
        // Finite inputs can still overflow, from a gradOutput near the double limit.
        detail::check_finite_result("gradOutput", "gradWDown", t.feed_forward.grad_w_down);
        detail::check_finite_result("gradOutput", "gradWGate", t.feed_forward.grad_w_gate);
        detail::check_finite_result("gradOutput", "gradWUp", t.feed_forward.grad_w_up);
        // pass 2: back through RMSNorm₂ to the residual stream h.
        t.norm2 = detail::rms_norm_backward_from(forward.residual1, forward.norm2,
                                                 t.feed_forward.grad_input);
        detail::check_finite_result("gradOutput", "gradGamma2", t.norm2.grad_gamma);
        // pass 3: h reaches the output directly and through the feed-forward branch.
        t.grad_residual1 = grad_output + t.norm2.grad_input;
        detail::check_finite_result("gradOutput", "gradResidual1", t.grad_residual1);
        // pass 4: h = x + Attention(norm1), so the attention's output gradient is gradResidual1.
        t.attention = detail::multi_head_attention_backward_from(
            forward.norm1.output, forward.norm1.output, forward.norm1.output, forward.attention,
            t.grad_residual1);
        // pass 5: norm1's output was the query, the key and the value: three paths add.
        t.grad_norm1_output =
            t.attention.grad_query + t.attention.grad_key + t.attention.grad_value;
        detail::check_finite_result("gradOutput", "gradNorm1Output", t.grad_norm1_output);
        // pass 6: back through RMSNorm₁ to the input.
        t.norm1 = detail::rms_norm_backward_from(input, forward.norm1, t.grad_norm1_output);
        detail::check_finite_result("gradOutput", "gradGamma1", t.norm1.grad_gamma);
        // pass 7: x reaches h directly and through the attention branch.
        t.grad_input = t.grad_residual1 + t.norm1.grad_input;
        detail::check_finite_result("gradOutput", "gradInput", t.grad_input);
        return t;
    }

    decoder_layer_backward_trace decoder_layer_backward(const matrix& input,
                                                        const decoder_layer_params& params,
                                                        const decoder_layer_options& options,
                                                        const matrix& grad_output)
    {
        const decoder_layer_trace forward = decoder_layer(input, params, options);
        detail::check_matrix_shape("gradOutput", grad_output, rows(input), cols(input),
                                   "the shape of input, n × d_model");
        return detail::decoder_layer_backward_from(forward, params, grad_output);
    }
} // namespace attn
