#ifndef ATTN_DESCRIBE_ROPE_BACKWARD_HPP
#define ATTN_DESCRIBE_ROPE_BACKWARD_HPP

#include "attn/describe/rope.hpp"
#include "attn/rope_backward.hpp"

namespace attn::describe
{
    template <> struct fields_of<rope_backward_trace>
    {
        static constexpr const char* type_name = "RopeBackwardTrace";
        template <class V> static void visit(const rope_backward_trace& t, V& v)
        {
            v.field("gradOutput", t.grad_output, "∂L/∂output, as given");
            v.field("gradInput", t.grad_input,
                    "pass 1: each pair (g_a, g_b) → (g_a·cos + g_b·sin, −g_a·sin + g_b·cos), the "
                    "rotation's transpose");
        }
    };

    /// The forward's arguments, then gradOutput.
    struct rope_backward_operation
    {
        static constexpr const char* name = "ropeBackward";
        static constexpr const char* title = "Rotary position embedding, backward";
        static constexpr argument grad_output =
            matrix_argument("gradOutput", "n × d", "∂L/∂output, one row per position");
        static constexpr argument arguments[] = {rope_operation::input, rope_operation::positions,
                                                 rope_operation::base, rope_operation::convention,
                                                 grad_output};

        template <class In> static rope_backward_trace run(In& in)
        {
            const matrix x = in.matrix(rope_operation::input);
            const vector at = in.has(rope_operation::positions)
                                  ? in.vector(rope_operation::positions)
                                  : detail::positions_from_zero(rows(x));
            const double b = in.number(rope_operation::base);
            const rope_convention pairing = parse_rope_convention(
                rope_operation::convention.name, in.choice(rope_operation::convention));
            return rope_backward(x, at, b, pairing, in.matrix(grad_output));
        }
    };
} // namespace attn::describe

#endif
