#ifndef ATTN_DESCRIBE_MULTI_HEAD_ATTENTION_HPP
#define ATTN_DESCRIBE_MULTI_HEAD_ATTENTION_HPP

#include "attn/describe/attention.hpp"
#include "attn/describe/entropy.hpp"
#include "attn/describe/rope.hpp"
#include "attn/multi_head_attention.hpp"

namespace attn::describe
{
    template <> struct fields_of<resolved_multi_head_params>
    {
        static constexpr const char* type_name = "MultiHeadParams";
        template <class V> static void visit(const resolved_multi_head_params& p, V& v)
        {
            v.field("wQ", p.w_q, "as used");
            v.field("wK", p.w_k, "as used; d_model × kvHeads·d_k");
            v.field("wV", p.w_v, "as used; d_model × kvHeads·d_k");
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
            v.field("key", h.key, "pass 2: its key/value head's columns of projectedKey");
            v.field("value", h.value, "pass 2: its key/value head's columns of projectedValue");
            v.field("kvHead", h.kv_head, "the key/value head it reads, ⌊head·kvHeads / heads⌋");
            v.optional("rotatedQuery", h.rotated_query, h.rotated,
                       "pass 2: query turned by RoPE at positions 0 … n−1; only with 'rope'");
            v.optional("rotatedKey", h.rotated_key, h.rotated,
                       "pass 2: key turned by RoPE at positions 0 … m−1; only with 'rope'");
            v.optional("alibiSlope", h.alibi_slope.value_or(0), h.alibi_slope.has_value(),
                       "its ALiBi slope (bias = −slope·|i − j|); only with 'alibi'");
            v.optional("bias", h.attention.bias, h.attention.has_bias,
                       "pass 2: ALiBi's −slope·|i − j|, added to scaled; only with 'alibi'");
            v.optional("biased", h.attention.biased, h.attention.has_bias,
                       "pass 2: scaled + bias, what the mask and softmax take; only with 'alibi'");
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
            v.field("kvHeads", t.kv_heads, "key/value heads (heads unless grouped)");
            v.optional("alibiSlopes", t.alibi_slopes, t.alibi_slopes.size() != 0,
                       "each head's ALiBi slope; only with 'alibi'");
            v.field("params", t.params, "the weights and biases used");
            v.field("projectedQuery", t.projected_query, "pass 1: query·W_Q + b_Q");
            v.field("projectedKey", t.projected_key, "pass 1: key·W_K + b_K (m × kvHeads·d_k)");
            v.field("projectedValue", t.projected_value,
                    "pass 1: value·W_V + b_V (m × kvHeads·d_k)");
            v.field("heads", t.per_head, "passes 2 and 3: one attention trace per head");
            v.field("concat", t.concat, "pass 4: head outputs side by side");
            v.field("output", t.output, "pass 5: concat·W_O + b_O");
            v.field("weights", t.weights, "h × n × m: every head's weights");
            v.field("parameterCount", t.parameter_count, "weights and biases in use");
        }
    };

    /// Where positions enter the heads.
    constexpr choice_set head_position_kinds{
        "headPositions", "none|rope|alibi",
        "positions inside the heads: none, rotary (RoPE) on queries and keys, or ALiBi's bias "
        "on the scores"};

    struct multi_head_attention_operation
    {
        static constexpr const char* name = "multiHeadAttention";
        static constexpr const char* title = "Multi-head attention";
        static constexpr bool lite = true;
        static constexpr argument query = matrix_argument("query", "n × d_model", "queries");
        static constexpr argument key = matrix_argument("key", "m × d_model", "keys");
        static constexpr argument value = matrix_argument("value", "m × d_model", "values");
        static constexpr argument kv_heads = optional_integer(
            "kvHeads", size_low, size_high,
            "key/value heads, dividing heads (grouped-query; 1 = multi-query); wK, wV, bK, bV "
            "are then kvHeads·d_k wide",
            0, "heads");
        static constexpr argument positional = choice_argument(
            "positional", head_position_kinds, true,
            "'rope' turns each head's queries and keys by position, 'alibi' adds −slope·|i − j| "
            "to its scaled scores");
        static constexpr argument rope_base =
            optional_number("ropeBase", "RoPE's base, finite and > 0", 10000, "10000");
        static constexpr argument rope_convention_choice =
            choice_argument("ropeConvention", rope_conventions, true,
                            "RoPE's pairs: 'half' (i, i + d_k/2) or 'interleaved' (2i, 2i+1)");
        static constexpr argument window = optional_integer(
            "window", size_low, size_high,
            "sliding window: query i sees keys i − window < j ≤ i (causal); not with mask", 0, "");
        static constexpr argument sinks = optional_integer(
            "sinks", 0, size_high,
            "with window: keys 0 … sinks−1 stay visible to every later query", 0, "");
        static constexpr argument arguments[] = {
            query,   key,          value, heads,    w_q,        w_k,       w_v,
            w_o,     b_q,          b_k,   b_v,      b_o,        mask,      mask_fill,
            dropout, dropout_seed, seed,  kv_heads, positional, rope_base, rope_convention_choice,
            window,  sinks};

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
            r.options.kv_heads = in.optional_integer(kv_heads);
            r.options.positional = parse_head_positions(positional.name, in.choice(positional));
            r.options.rope_base = in.number(rope_base);
            r.options.rope_pairing = parse_rope_convention(rope_convention_choice.name,
                                                           in.choice(rope_convention_choice));
            r.options.window = in.optional_integer(window);
            r.options.sinks = in.optional_integer(sinks);
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
