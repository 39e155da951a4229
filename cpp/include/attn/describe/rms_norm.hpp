#ifndef ATTN_DESCRIBE_RMS_NORM_HPP
#define ATTN_DESCRIBE_RMS_NORM_HPP

#include "attn/describe/argument.hpp"
#include "attn/describe/fields.hpp"
#include "attn/rms_norm.hpp"

namespace attn::describe
{
    template <> struct fields_of<rms_norm_trace>
    {
        static constexpr const char* type_name = "RmsNormTrace";
        template <class V> static void visit(const rms_norm_trace& t, V& v)
        {
            v.field("meanSquare", t.mean_square, "per row, mean(x²)");
            v.field("rms", t.rms, "per row, √(meanSquare + eps)");
            v.field("normalized", t.normalized, "x / rms");
            v.field("output", t.output, "normalized·γ");
            v.field("gamma", t.gamma, "γ as used");
            v.field("eps", t.eps, "ε as used, added to the mean square");
        }
    };

    struct rms_norm_operation
    {
        static constexpr const char* name = "rmsNorm";
        static constexpr const char* title = "RMS norm";
        static constexpr argument input = matrix_argument("input", "n × d", "one row per token");
        static constexpr argument gamma = optional_vector("gamma", "d", "scale γ", "ones");
        static constexpr argument eps =
            optional_number("eps", "added to the mean square, in (0, 1]; LLaMA's 1e-6 by default",
                            default_rms_norm_eps, "1e-6");
        static constexpr argument arguments[] = {input, gamma, eps};

        template <class In> static rms_norm_trace run(In& in)
        {
            const matrix x = in.matrix(input);
            const auto g = in.optional_vector(gamma);
            return rms_norm(x, g, in.number(eps));
        }
    };
} // namespace attn::describe

#endif
