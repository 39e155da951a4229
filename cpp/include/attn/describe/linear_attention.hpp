#ifndef ATTN_DESCRIBE_LINEAR_ATTENTION_HPP
#define ATTN_DESCRIBE_LINEAR_ATTENTION_HPP

#include "attn/describe/common_arguments.hpp"
#include "attn/describe/fields.hpp"
#include "attn/linear_attention.hpp"

namespace attn::describe
{
    template <> struct fields_of<linear_attention_trace>
    {
        static constexpr const char* type_name = "LinearAttentionTrace";
        template <class V> static void visit(const linear_attention_trace& t, V& v)
        {
            v.optional("featureQuery", t.feature_query, t.traced,
                       "pass 1: φ(Q), φ(x) = elu(x) + 1; only traced");
            v.optional("featureKey", t.feature_key, t.traced, "pass 1: φ(K); only traced");
            v.field("state", t.state, "pass 2: φ(K)ᵀ·V, d_k × d_v, over all keys");
            v.field("normalizer", t.normalizer, "pass 2: φ(K)ᵀ·1, over all keys");
            v.optional("prefixStates", t.prefix_states, t.traced && t.causal,
                       "causal, traced: n × d_k × d_v, row i the state over keys 0 … i");
            v.optional("prefixNormalizers", t.prefix_normalizers, t.traced && t.causal,
                       "causal, traced: n × d_k, row i the normalizer over keys 0 … i");
            v.field("output", t.output,
                    "pass 3: φ(q_i)·S / (φ(q_i)·z), S and z the prefix ones when causal");
            v.field("peakCells", t.peak_cells,
                    "cells the lean path holds: state d_k·d_v + output n·d_v, never n × m");
        }
    };

    struct linear_attention_operation
    {
        static constexpr const char* name = "linearAttention";
        static constexpr const char* title = "Linear attention (Katharopoulos et al. 2020)";
        static constexpr argument causal = optional_boolean(
            "causal", "query i sees keys 0 … i only (m = n); one running state", false);
        static constexpr argument arguments[] = {sequence_query, sequence_key, sequence_value,
                                                 causal, trace};

        template <class In> static linear_attention_trace run(In& in)
        {
            const matrix q = in.matrix(sequence_query), k = in.matrix(sequence_key),
                         v = in.matrix(sequence_value);
            linear_attention_options options;
            options.causal = in.boolean(causal);
            options.trace = in.boolean(trace);
            return linear_attention(q, k, v, options);
        }
    };
} // namespace attn::describe

#endif
