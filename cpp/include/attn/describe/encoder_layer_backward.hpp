#ifndef ATTN_DESCRIBE_ENCODER_LAYER_BACKWARD_HPP
#define ATTN_DESCRIBE_ENCODER_LAYER_BACKWARD_HPP

#include "attn/describe/encoder_layer.hpp"
#include "attn/encoder_layer_backward.hpp"

namespace attn::describe
{
    template <> struct fields_of<encoder_layer_backward_trace>
    {
        static constexpr const char* type_name = "EncoderLayerBackwardTrace";
        template <class V> static void visit(const encoder_layer_backward_trace& t, V& v)
        {
            const multi_head_backward_trace& a = t.attention;
            v.field("gradOutput", t.grad_output, "∂L/∂output, as given");
            v.field("gradGamma2", t.norm2.grad_gamma, "pass 1: LN₂ backward, Σ rows of g ∘ x̂");
            v.field("gradBeta2", t.norm2.grad_beta, "pass 1: LN₂ backward, Σ rows of g");
            v.field("gradResidual2", t.grad_residual2, "pass 1: ∂L/∂residual2, LN₂'s input");
            v.field("gradW2", t.feed_forward.grad_w2, "pass 2: FFN backward, activatedᵀ·g");
            v.field("gradB2", t.feed_forward.grad_b2, "pass 2: FFN backward");
            v.field("gradW1", t.feed_forward.grad_w1,
                    "pass 2: FFN backward, norm1.outputᵀ·gHidden");
            v.field("gradB1", t.feed_forward.grad_b1, "pass 2: FFN backward");
            v.field("gradNorm1Output", t.grad_norm1_output,
                    "pass 3: gradResidual2 + the FFN's input gradient (two paths add)");
            v.field("gradGamma1", t.norm1.grad_gamma, "pass 4: LN₁ backward");
            v.field("gradBeta1", t.norm1.grad_beta, "pass 4: LN₁ backward");
            v.field("gradResidual1", t.grad_residual1, "pass 4: ∂L/∂residual1, LN₁'s input");
            v.field("gradWQ", a.grad_w_q, "pass 5: self-attention backward");
            v.field("gradWK", a.grad_w_k, "pass 5: self-attention backward");
            v.field("gradWV", a.grad_w_v, "pass 5: self-attention backward");
            v.field("gradWO", a.grad_w_o, "pass 5: self-attention backward");
            v.optional("gradBQ", a.grad_b_q, a.grad_b_q.size() != 0,
                       "pass 5; only with attention biases");
            v.optional("gradBK", a.grad_b_k, a.grad_b_k.size() != 0,
                       "pass 5; only with attention biases");
            v.optional("gradBV", a.grad_b_v, a.grad_b_v.size() != 0,
                       "pass 5; only with attention biases");
            v.optional("gradBO", a.grad_b_o, a.grad_b_o.size() != 0,
                       "pass 5; only with attention biases");
            v.field("gradInput", t.grad_input,
                    "pass 6: gradResidual1 + gradQuery + gradKey + gradValue of self-attention");
        }
    };

    struct encoder_layer_backward_operation
    {
        using forward = encoder_layer_operation;
        static constexpr const char* name = "encoderLayerBackward";
        static constexpr const char* title = "Backward pass of the encoder layer (post-norm)";
        static constexpr argument grad_output = matrix_argument(
            "gradOutput", "n × d_model", "∂L/∂output, the gradient arriving from above");
        static constexpr argument arguments[] = {forward::input,
                                                 heads,
                                                 activation_choice,
                                                 forward::d_ff,
                                                 w_q,
                                                 w_k,
                                                 w_v,
                                                 w_o,
                                                 b_q,
                                                 b_k,
                                                 b_v,
                                                 b_o,
                                                 forward::w1,
                                                 forward::b1,
                                                 forward::w2,
                                                 forward::b2,
                                                 forward::gamma1,
                                                 forward::beta1,
                                                 forward::gamma2,
                                                 forward::beta2,
                                                 mask,
                                                 mask_fill,
                                                 dropout,
                                                 dropout_seed,
                                                 seed,
                                                 forward::attention_bias,
                                                 grad_output};

        static constexpr work_budget budget{
            1e10,
            "3·(4n·d_model² + 2n²·d_model + 2n·d_model·d_ff): the forward's products, each with "
            "two in the backward",
            "Measured: n = d_model = d_ff = 1024 (2 heads, the caps) took 18 s of CPU through the "
            "wasm build in Node, trace included, 1.4e9 multiply-adds a second: 1e10 is about "
            "7 s (node scripts/bench/work-budgets.mjs)."};

        /// d_ff is dFF, or the width of a given w1.
        template <class In> static work_estimate work(In& in)
        {
            const extent x = in.extent(forward::input);
            const double d_ff =
                double(in.optional_integer(forward::d_ff).value_or(in.extent(forward::w1).cols));
            return {encoder_layer_backward_work(double(x.rows), double(x.cols), d_ff),
                    forward::input.name};
        }

        template <class In> static encoder_layer_backward_trace run(In& in)
        {
            const forward::request r = forward::read(in);
            return encoder_layer_backward(r.input, r.params, r.options, in.matrix(grad_output));
        }
    };
} // namespace attn::describe

#endif
