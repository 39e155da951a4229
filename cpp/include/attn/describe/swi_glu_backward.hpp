#ifndef ATTN_DESCRIBE_SWI_GLU_BACKWARD_HPP
#define ATTN_DESCRIBE_SWI_GLU_BACKWARD_HPP

#include "attn/describe/swi_glu.hpp"
#include "attn/swi_glu_backward.hpp"

namespace attn::describe
{
    template <> struct fields_of<swi_glu_backward_trace>
    {
        static constexpr const char* type_name = "SwiGluBackwardTrace";
        template <class V> static void visit(const swi_glu_backward_trace& t, V& v)
        {
            v.field("gradOutput", t.grad_output, "∂L/∂output, as given");
            v.field("gradWDown", t.grad_w_down, "pass 1: hiddenᵀ·gradOutput");
            v.field("gradHidden", t.grad_hidden, "pass 1: gradOutput·W_downᵀ");
            v.field("gradActivated", t.grad_activated, "pass 2: gradHidden ∘ up");
            v.field("gradUp", t.grad_up, "pass 2: gradHidden ∘ activated");
            v.field("gradGate", t.grad_gate,
                    "pass 3: gradActivated ∘ SiLU′(gate), SiLU′(x) = σ(x)·(1 + x·(1 − σ(x)))");
            v.field("gradWGate", t.grad_w_gate, "pass 4: inputᵀ·gradGate");
            v.field("gradWUp", t.grad_w_up, "pass 4: inputᵀ·gradUp");
            v.field("gradInput", t.grad_input, "pass 4: gradGate·W_gateᵀ + gradUp·W_upᵀ");
        }
    };

    /// The forward's arguments, then gradOutput.
    struct swi_glu_backward_operation
    {
        static constexpr const char* name = "swiGluBackward";
        static constexpr const char* title = "SwiGLU feed-forward, backward";
        static constexpr argument grad_output =
            matrix_argument("gradOutput", "n × d_model", "∂L/∂output, one row per token");
        static constexpr argument arguments[] = {swi_glu_operation::input,
                                                 swi_glu_operation::w_gate, swi_glu_operation::w_up,
                                                 swi_glu_operation::w_down, grad_output};

        template <class In> static swi_glu_backward_trace run(In& in)
        {
            const matrix x = in.matrix(swi_glu_operation::input);
            const matrix gate = in.matrix(swi_glu_operation::w_gate);
            const matrix up = in.matrix(swi_glu_operation::w_up);
            const matrix down = in.matrix(swi_glu_operation::w_down);
            return swi_glu_backward(x, gate, up, down, in.matrix(grad_output));
        }
    };
} // namespace attn::describe

#endif
