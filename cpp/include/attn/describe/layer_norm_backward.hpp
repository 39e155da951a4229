#ifndef ATTN_DESCRIBE_LAYER_NORM_BACKWARD_HPP
#define ATTN_DESCRIBE_LAYER_NORM_BACKWARD_HPP

#include "attn/describe/layer_norm.hpp"
#include "attn/layer_norm_backward.hpp"

namespace attn::describe
{
    template <> struct fields_of<layer_norm_backward_trace>
    {
        static constexpr const char* type_name = "LayerNormBackwardTrace";
        template <class V> static void visit(const layer_norm_backward_trace& t, V& v)
        {
            v.field("gradOutput", t.grad_output, "∂L/∂output, as given");
            v.field("gradBeta", t.grad_beta, "pass 1: Σ over rows of gradOutput");
            v.field("gradGamma", t.grad_gamma, "pass 2: Σ over rows of gradOutput ∘ normalized");
            v.field("gradNormalized", t.grad_normalized, "pass 3: gradOutput ∘ γ");
            v.field("gradInput", t.grad_input,
                    "pass 4: (1/σ)(ĝ − mean(ĝ) − x̂·mean(ĝ ∘ x̂)) per row, ĝ = gradNormalized, "
                    "σ = √(variance + eps)");
        }
    };

    /// The forward's arguments, then gradOutput.
    struct layer_norm_backward_operation
    {
        static constexpr const char* name = "layerNormBackward";
        static constexpr const char* title = "Layer norm, backward";
        static constexpr argument grad_output =
            matrix_argument("gradOutput", "n × d", "∂L/∂output, one row per token");
        static constexpr argument arguments[] = {
            layer_norm_operation::input, layer_norm_operation::gamma, layer_norm_operation::beta,
            layer_norm_operation::eps, grad_output};

        template <class In> static layer_norm_backward_trace run(In& in)
        {
            const matrix x = in.matrix(layer_norm_operation::input);
            const auto g = in.optional_vector(layer_norm_operation::gamma);
            const auto b = in.optional_vector(layer_norm_operation::beta);
            const double eps = in.number(layer_norm_operation::eps);
            return layer_norm_backward(x, g, b, eps, in.matrix(grad_output));
        }
    };
} // namespace attn::describe

#endif
