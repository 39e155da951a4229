#ifndef ATTN_DESCRIBE_ATTENTION_BACKWARD_HPP
#define ATTN_DESCRIBE_ATTENTION_BACKWARD_HPP

#include "attn/attention_backward.hpp"
#include "attn/describe/attention.hpp"

namespace attn::describe
{
    template <> struct fields_of<attention_backward_trace>
    {
        static constexpr const char* type_name = "AttentionBackwardTrace";
        template <class V> static void visit(const attention_backward_trace& t, V& v)
        {
            v.field("gradOutput", t.grad_output, "∂L/∂output, as given");
            v.field("gradValue", t.grad_value, "pass 1: ∂L/∂V = weightsᵀ·gradOutput");
            v.field("gradWeights", t.grad_weights,
                    "pass 2: ∂L/∂weights = gradOutput·Vᵀ (through the dropout mask)");
            v.field("gradScaled", t.grad_scaled,
                    "pass 3: softmax backward, w ∘ (g − Σ w·g) per row; 0 on blocked cells");
            v.field("gradScores", t.grad_scores, "pass 4: gradScaled / √d_k");
            v.field("gradQuery", t.grad_query, "pass 5: ∂L/∂Q = gradScores·K");
            v.field("gradKey", t.grad_key, "pass 6: ∂L/∂K = gradScoresᵀ·Q");
        }
    };

    struct attention_backward_operation
    {
        using forward = attention_operation;
        static constexpr const char* name = "attentionBackward";
        static constexpr const char* title = "Backward pass of scaled dot-product attention";
        static constexpr argument grad_output = matrix_argument(
            "gradOutput", "n × d_v", "∂L/∂output, the gradient arriving from above");
        static constexpr argument arguments[] = {forward::query, forward::key, forward::value,
                                                 mask,           mask_fill,    dropout,
                                                 dropout_seed,   grad_output};

        template <class In> static attention_backward_trace run(In& in)
        {
            const forward::request r = forward::read(in);
            return attention_backward(r.query, r.key, r.value, r.options, in.matrix(grad_output));
        }
    };
} // namespace attn::describe

#endif
