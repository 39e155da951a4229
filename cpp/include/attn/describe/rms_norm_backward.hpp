#ifndef ATTN_DESCRIBE_RMS_NORM_BACKWARD_HPP
#define ATTN_DESCRIBE_RMS_NORM_BACKWARD_HPP

#include "attn/describe/rms_norm.hpp"
#include "attn/rms_norm_backward.hpp"

namespace attn::describe
{
    template <> struct fields_of<rms_norm_backward_trace>
    {
        static constexpr const char* type_name = "RmsNormBackwardTrace";
        template <class V> static void visit(const rms_norm_backward_trace& t, V& v)
        {
            v.field("gradOutput", t.grad_output, "∂L/∂output, as given");
            v.field("gradGamma", t.grad_gamma, "pass 1: Σ over rows of gradOutput ∘ normalized");
            v.field("gradNormalized", t.grad_normalized, "pass 2: gradOutput ∘ γ");
            v.field("gradRms", t.grad_rms,
                    "pass 3: per row, −Σ gradNormalized ∘ x / rms², the path through the rms");
            v.field("gradInput", t.grad_input,
                    "pass 4: gradNormalized / rms + gradRms·x / (d·rms) per row");
        }
    };

    /// The forward's arguments, then gradOutput.
    struct rms_norm_backward_operation
    {
        static constexpr const char* name = "rmsNormBackward";
        static constexpr const char* title = "RMS norm, backward";
        static constexpr argument grad_output =
            matrix_argument("gradOutput", "n × d", "∂L/∂output, one row per token");
        static constexpr argument arguments[] = {rms_norm_operation::input,
                                                 rms_norm_operation::gamma, rms_norm_operation::eps,
                                                 grad_output};

        template <class In> static rms_norm_backward_trace run(In& in)
        {
            const matrix x = in.matrix(rms_norm_operation::input);
            const auto g = in.optional_vector(rms_norm_operation::gamma);
            const double eps = in.number(rms_norm_operation::eps);
            return rms_norm_backward(x, g, eps, in.matrix(grad_output));
        }
    };
} // namespace attn::describe

#endif
