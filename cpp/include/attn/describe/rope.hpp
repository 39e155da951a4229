#ifndef ATTN_DESCRIBE_ROPE_HPP
#define ATTN_DESCRIBE_ROPE_HPP

#include "attn/describe/argument.hpp"
#include "attn/describe/fields.hpp"
#include "attn/rope.hpp"

namespace attn::describe
{
    /// RoPE's pairings, shared by rope's `convention` and multiHeadAttention's `ropeConvention`.
    constexpr choice_set rope_conventions{
        "ropeConvention", "half|interleaved",
        "which columns RoPE pairs: 'half' (i, i + d/2) as GPT-NeoX and Hugging Face, "
        "'interleaved' (2i, 2i+1) as RoFormer and Meta's Llama"};

    template <> struct fields_of<rope_trace>
    {
        static constexpr const char* type_name = "RopeTrace";
        template <class V> static void visit(const rope_trace& t, V& v)
        {
            v.field("theta", t.theta, "pass 1: θ_i = base^(−2i/d), d/2 of them");
            v.field("angles", t.angles, "pass 2: position·θ_i (n × d/2)");
            v.field("cos", t.cos, "pass 3: cos of angles");
            v.field("sin", t.sin, "pass 3: sin of angles");
            v.field("output", t.output,
                    "pass 4: each pair (a, b) → (a·cos − b·sin, a·sin + b·cos)");
        }
    };

    struct rope_operation
    {
        static constexpr const char* name = "rope";
        static constexpr const char* title = "Rotary position embedding (RoPE)";
        static constexpr argument input = matrix_argument(
            "input", "n × d", "one row per position, d even (say a head's queries)");
        static constexpr argument positions = optional_vector(
            "positions", "n", "each row's position, any finite numbers (fractions: interpolation)",
            "0 … n−1");
        static constexpr argument base =
            optional_number("base", "θ_i = base^(−2i/d), finite and > 0", 10000, "10000");
        static constexpr argument convention =
            choice_argument("convention", rope_conventions, true,
                            "which columns are paired: 'half' or 'interleaved'");
        static constexpr argument arguments[] = {input, positions, base, convention};

        template <class In> static rope_trace run(In& in)
        {
            const matrix x = in.matrix(input);
            const vector at =
                in.has(positions) ? in.vector(positions) : detail::positions_from_zero(rows(x));
            const double b = in.number(base);
            return attn::rope(x, at, b,
                              parse_rope_convention(convention.name, in.choice(convention)));
        }
    };
} // namespace attn::describe

#endif
