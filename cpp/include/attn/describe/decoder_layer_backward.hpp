#ifndef ATTN_DESCRIBE_DECODER_LAYER_BACKWARD_HPP
#define ATTN_DESCRIBE_DECODER_LAYER_BACKWARD_HPP

#include "attn/decoder_layer_backward.hpp"
#include "attn/describe/decoder_layer.hpp"

namespace attn::describe
{
    template <> struct fields_of<decoder_layer_backward_trace>
    {
        static constexpr const char* type_name = "DecoderLayerBackwardTrace";
        template <class V> static void visit(const decoder_layer_backward_trace& t, V& v)
        {
            const multi_head_backward_trace& a = t.attention;
            v.field("gradOutput", t.grad_output, "∂L/∂output, as given");
            v.field("gradWDown", t.feed_forward.grad_w_down,
                    "pass 1: SwiGLU backward, hiddenᵀ·gradOutput");
            v.field("gradWGate", t.feed_forward.grad_w_gate,
                    "pass 1: SwiGLU backward, norm2.outputᵀ·gradGate");
            v.field("gradWUp", t.feed_forward.grad_w_up,
                    "pass 1: SwiGLU backward, norm2.outputᵀ·gradUp");
            v.field("gradNorm2Output", t.feed_forward.grad_input,
                    "pass 1: ∂L/∂norm2.output, SwiGLU's input gradient");
            v.field("gradGamma2", t.norm2.grad_gamma, "pass 2: RMSNorm₂ backward");
            v.field("gradResidual1", t.grad_residual1,
                    "pass 3: ∂L/∂h = gradOutput + RMSNorm₂'s input gradient (two paths add)");
            v.field("gradWQ", a.grad_w_q, "pass 4: self-attention backward");
            v.field("gradWK", a.grad_w_k, "pass 4: self-attention backward (kvHeads·d_k wide)");
            v.field("gradWV", a.grad_w_v, "pass 4: self-attention backward (kvHeads·d_k wide)");
            v.field("gradWO", a.grad_w_o, "pass 4: self-attention backward");
            v.field("gradNorm1Output", t.grad_norm1_output,
                    "pass 5: the attention's gradQuery + gradKey + gradValue (three paths add)");
            v.field("gradGamma1", t.norm1.grad_gamma, "pass 6: RMSNorm₁ backward");
            v.field("gradInput", t.grad_input,
                    "pass 7: gradResidual1 + RMSNorm₁'s input gradient (two paths add)");
        }
    };

    struct decoder_layer_backward_operation
    {
        using forward = decoder_layer_operation;
        static constexpr const char* name = "decoderLayerBackward";
        static constexpr const char* title = "Backward pass of the decoder layer (pre-norm, LLaMA)";
        static constexpr argument grad_output = matrix_argument(
            "gradOutput", "n × d_model", "∂L/∂output, the gradient arriving from above");
        static constexpr argument arguments[] = {
            forward::input,
            heads,
            forward::kv_heads,
            w_q,
            forward::w_k,
            forward::w_v,
            w_o,
            forward::w_gate,
            forward::w_up,
            forward::w_down,
            forward::gamma1,
            forward::gamma2,
            multi_head_attention_operation::rope_base,
            multi_head_attention_operation::rope_convention_choice,
            forward::eps,
            seed,
            grad_output};

        static constexpr work_budget budget{
            1e10,
            "3·(4n·d_model² + 2n²·d_model + 3n·d_model·d_ff): the forward's products, each with "
            "two in the backward (grouped keys and values counted at full width)",
            "Measured: n = d_model = d_ff = 1024 (2 heads, the caps) took 19 s of CPU through the "
            "wasm build in Node, trace included, 1.5e9 multiply-adds a second: 1e10 is about "
            "7 s (node scripts/bench/work-budgets.mjs)."};

        /// d_ff is the width of wGate.
        template <class In> static work_estimate work(In& in)
        {
            const extent x = in.extent(forward::input);
            return {decoder_layer_backward_work(double(x.rows), double(x.cols),
                                                double(in.extent(forward::w_gate).cols)),
                    forward::input.name};
        }

        template <class In> static decoder_layer_backward_trace run(In& in)
        {
            const forward::request r = forward::read(in);
            return decoder_layer_backward(r.input, r.params, r.options, in.matrix(grad_output));
        }
    };
} // namespace attn::describe

#endif
