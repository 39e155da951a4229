#ifndef ATTN_DESCRIBE_ATTENTION_ROLLOUT_HPP
#define ATTN_DESCRIBE_ATTENTION_ROLLOUT_HPP

#include "attn/attention_rollout.hpp"
#include "attn/describe/argument.hpp"
#include "attn/describe/fields.hpp"

namespace attn::describe
{
    template <> struct fields_of<attention_rollout_trace>
    {
        static constexpr const char* type_name = "AttentionRolloutTrace";
        template <class V> static void visit(const attention_rollout_trace& t, V& v)
        {
            v.field("mean", t.mean, "pass 1: each layer's weights averaged over its heads");
            v.field("mixed", t.mixed,
                    "pass 2: residual·I + (1 − residual)·mean per layer, rows renormalised");
            v.field("rollout", t.rollout,
                    "pass 3: rollout[0] = mixed[0], rollout[l] = mixed[l] · rollout[l − 1]; the "
                    "last is the answer");
        }
    };

    struct attention_rollout_operation
    {
        static constexpr const char* name = "attentionRollout";
        static constexpr const char* title = "Attention rollout (Abnar & Zuidema 2020)";
        static constexpr argument layers = matrix_lists_argument(
            "layers", "L × H × n × n",
            "every head's attention weights of every layer; rows non-negative, summing to 1");
        static constexpr argument residual = optional_number(
            "residual", "in [0, 1]: the identity's weight, the residual connection", 0.5, "0.5");
        static constexpr argument arguments[] = {layers, residual};

        template <class In> static attention_rollout_trace run(In& in)
        {
            const layer_heads weights = in.matrix_lists(layers);
            return attention_rollout(weights, in.number(residual));
        }
    };
} // namespace attn::describe

#endif
