#ifndef ATTN_DESCRIBE_LAYER_NORM_HPP
#define ATTN_DESCRIBE_LAYER_NORM_HPP

#include "attn/describe/argument.hpp"
#include "attn/describe/fields.hpp"
#include "attn/layer_norm.hpp"

namespace attn::describe
{
    template <> struct fields_of<layer_norm_trace>
    {
        static constexpr const char* type_name = "LayerNormTrace";
        template <class V> static void visit(const layer_norm_trace& t, V& v)
        {
            v.field("mean", t.mean, "per row");
            v.field("variance", t.variance, "per row, biased (divides by d), as PyTorch");
            v.field("normalized", t.normalized, "(x − mean) / √(variance + eps)");
            v.field("output", t.output, "normalized·γ + β");
            v.field("gamma", t.gamma, "γ as used");
            v.field("beta", t.beta, "β as used");
            v.field("eps", t.eps, "ε as used, added to the variance");
        }
    };

    struct layer_norm_operation
    {
        static constexpr const char* name = "layerNorm";
        static constexpr const char* title = "Layer norm";
        static constexpr bool lite = true;
        static constexpr argument input = matrix_argument("input", "n × d", "one row per token");
        static constexpr argument gamma = optional_vector("gamma", "d", "scale γ", "ones");
        static constexpr argument beta = optional_vector("beta", "d", "shift β", "zeros");
        static constexpr argument eps =
            optional_number("eps", "added to the variance", default_layer_norm_eps, "1e-5");
        static constexpr argument arguments[] = {input, gamma, beta, eps};

        template <class In> static layer_norm_trace run(In& in)
        {
            const matrix x = in.matrix(input);
            const auto g = in.optional_vector(gamma);
            const auto b = in.optional_vector(beta);
            return layer_norm(x, g, b, in.number(eps));
        }
    };
} // namespace attn::describe

#endif
