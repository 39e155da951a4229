#ifndef ATTN_DESCRIBE_MULTI_HEAD_ATTENTION_HPP
#define ATTN_DESCRIBE_MULTI_HEAD_ATTENTION_HPP

#include "attn/describe/attention.hpp"
#include "attn/describe/entropy.hpp"
#include "attn/multi_head_attention.hpp"

namespace attn::describe
{
    template <> struct fields_of<resolved_multi_head_params>
    {
        static constexpr const char* type_name = "MultiHeadParams";
        template <class V> static void visit(const resolved_multi_head_params& p, V& v)
        {
            v.field("wQ", p.w_q, "as used");
            v.field("wK", p.w_k, "as used");
            v.field("wV", p.w_v, "as used");
            v.field("wO", p.w_o, "as used");
            // An omitted bias is absent, not zeros.
            v.optional("bQ", p.b_q, p.b_q.size() != 0, "only when given");
            v.optional("bK", p.b_k, p.b_k.size() != 0, "only when given");
            v.optional("bV", p.b_v, p.b_v.size() != 0, "only when given");
            v.optional("bO", p.b_o, p.b_o.size() != 0, "only when given");
        }
    };

    /// A head is its attention trace plus the slices it attended with.
    template <> struct fields_of<head_trace>
    {
        static constexpr const char* type_name = "HeadTrace";
        template <class V> static void visit(const head_trace& h, V& v)
        {
            fields_of<attention_trace>::visit(h.attention, v);
            v.field("query", h.query, "pass 2: this head's columns of projectedQuery");
            v.field("key", h.key, "pass 2: this head's columns of projectedKey");
            v.field("value", h.value, "pass 2: this head's columns of projectedValue");
            v.field("entropy", h.entropy, "attentionEntropy of this head's weights");
        }
    };

    template <> struct fields_of<multi_head_trace>
    {
        static constexpr const char* type_name = "MultiHeadAttentionTrace";
        template <class V> static void visit(const multi_head_trace& t, V& v)
        {
            v.field("dModel", t.d_model, "model width");
            v.field("dK", t.d_k, "width per head, d_model / h");
            v.field("params", t.params, "the weights and biases used");
            v.field("projectedQuery", t.projected_query, "pass 1: query·W_Q + b_Q");
            v.field("projectedKey", t.projected_key, "pass 1: key·W_K + b_K");
            v.field("projectedValue", t.projected_value, "pass 1: value·W_V + b_V");
            v.field("heads", t.per_head, "passes 2 and 3: one attention trace per head");
            v.field("concat", t.concat, "pass 4: head outputs side by side");
            v.field("output", t.output, "pass 5: concat·W_O + b_O");
            v.field("weights", t.weights, "h × n × m: every head's weights");
            v.field("parameterCount", t.parameter_count, "weights and biases in use");
        }
    };

    struct multi_head_attention_operation
    {
        static constexpr const char* name = "multiHeadAttention";
        static constexpr const char* title = "Multi-head attention";
        static constexpr bool lite = true;
        static constexpr argument query = matrix_argument("query", "n × d_model", "queries");
        static constexpr argument key = matrix_argument("key", "m × d_model", "keys");
        static constexpr argument value = matrix_argument("value", "m × d_model", "values");
        static constexpr argument arguments[] = {query, key,       value,   heads,        w_q, w_k,
                                                 w_v,   w_o,       b_q,     b_k,          b_v, b_o,
                                                 mask,  mask_fill, dropout, dropout_seed, seed};

        /// Every argument of the forward, read once here so the backward reads the same.
        struct request
        {
            matrix query, key, value;
            multi_head_params params;
            multi_head_options options;
        };

        template <class In> static request read(In& in)
        {
            request r{in.matrix(query), in.matrix(key), in.matrix(value), {}, {}};
            r.options.heads = in.integer(heads);
            r.params = read_projections(in);
            r.options.attention = read_attention_options_with_dropout(in);
            r.options.seed = read_seed(in);
            return r;
        }

        template <class In> static multi_head_trace run(In& in)
        {
            const request r = read(in);
            return multi_head_attention(r.query, r.key, r.value, r.params, r.options);
        }
    };
} // namespace attn::describe

#endif
