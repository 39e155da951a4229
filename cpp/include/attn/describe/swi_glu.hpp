#ifndef ATTN_DESCRIBE_SWI_GLU_HPP
#define ATTN_DESCRIBE_SWI_GLU_HPP

#include "attn/describe/argument.hpp"
#include "attn/describe/fields.hpp"
#include "attn/swi_glu.hpp"

namespace attn::describe
{
    template <> struct fields_of<swi_glu_trace>
    {
        static constexpr const char* type_name = "SwiGluTrace";
        template <class V> static void visit(const swi_glu_trace& t, V& v)
        {
            v.field("gate", t.gate, "x·W_gate");
            v.field("up", t.up, "x·W_up");
            v.field("activated", t.activated, "SiLU(gate) = gate·σ(gate)");
            v.field("hidden", t.hidden, "activated ∘ up");
            v.field("output", t.output, "hidden·W_down");
        }
    };

    struct swi_glu_operation
    {
        static constexpr const char* name = "swiGlu";
        static constexpr const char* title = "SwiGLU feed-forward";
        static constexpr argument input =
            matrix_argument("input", "n × d_model", "one row per token");
        static constexpr argument w_gate =
            matrix_argument("wGate", "d_model × d_ff", "the gate's projection, through SiLU");
        static constexpr argument w_up =
            matrix_argument("wUp", "d_model × d_ff", "the projection the gate multiplies");
        static constexpr argument w_down =
            matrix_argument("wDown", "d_ff × d_model", "back to d_model");
        static constexpr argument arguments[] = {input, w_gate, w_up, w_down};

        template <class In> static swi_glu_trace run(In& in)
        {
            const matrix x = in.matrix(input), gate = in.matrix(w_gate), up = in.matrix(w_up);
            return swi_glu(x, gate, up, in.matrix(w_down));
        }
    };
} // namespace attn::describe

#endif
