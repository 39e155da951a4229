#ifndef ATTN_DESCRIBE_DECODER_LAYER_HPP
#define ATTN_DESCRIBE_DECODER_LAYER_HPP

#include "attn/decoder_layer.hpp"
#include "attn/describe/multi_head_attention.hpp"
#include "attn/describe/rms_norm.hpp"
#include "attn/describe/swi_glu.hpp"

namespace attn::describe
{
    template <> struct fields_of<decoder_parameter_count>
    {
        static constexpr const char* type_name = "DecoderParameterCount";
        template <class V> static void visit(const decoder_parameter_count& c, V& v)
        {
            v.field("attention", c.attention, "2·d² + 2·d·kvHeads·d_k (no biases)");
            v.field("feedForward", c.feed_forward, "3·d·d_ff (wGate, wUp, wDown)");
            v.field("norms", c.norms, "2·d (two γ)");
            v.field("total", c.total, "the sum");
        }
    };

    template <> struct fields_of<decoder_layer_trace>
    {
        static constexpr const char* type_name = "DecoderLayerTrace";
        template <class V> static void visit(const decoder_layer_trace& t, V& v)
        {
            v.field("input", t.input, "x");
            v.field("norm1", t.norm1, "pass 1: RMSNorm₁(x)");
            v.field("attention", t.attention,
                    "pass 2: causal self-attention of norm1.output, RoPE on queries and keys");
            v.field("residual1", t.residual1, "pass 3: h = x + attention.output");
            v.field("norm2", t.norm2, "pass 4: RMSNorm₂(h)");
            v.field("feedForward", t.feed_forward, "pass 5: SwiGLU(norm2.output)");
            v.field("residual2", t.residual2, "pass 6: h + feedForward.output");
            v.field("output", t.residual2, "residual2: no norm after the last residual");
            v.field("dFF", t.d_ff, "feed-forward width, the columns of wGate");
            v.field("parameterCount", t.parameter_count, "per part and in total");
        }
    };

    struct decoder_layer_operation
    {
        static constexpr const char* name = "decoderLayer";
        static constexpr const char* title = "Decoder layer (pre-norm, LLaMA)";
        static constexpr argument input = matrix_argument("input", "n × d_model", "x, causal");
        static constexpr argument kv_heads = optional_integer(
            "kvHeads", size_low, size_high,
            "key/value heads, dividing heads (grouped-query; 1 = multi-query); wK and wV are then "
            "kvHeads·d_k wide",
            0, "heads");
        // Their shape in words says the grouped width, which multiHeadAttention's leaves to
        // kvHeads.
        static constexpr argument w_k =
            optional_matrix("wK", "d_model × kvHeads·d_k", "key projection", xavier);
        static constexpr argument w_v =
            optional_matrix("wV", "d_model × kvHeads·d_k", "value projection", xavier);
        static constexpr argument w_gate =
            matrix_argument("wGate", "d_model × d_ff", "SwiGLU's gate projection, through SiLU");
        static constexpr argument w_up =
            matrix_argument("wUp", "d_model × d_ff", "SwiGLU's projection the gate multiplies");
        static constexpr argument w_down =
            matrix_argument("wDown", "d_ff × d_model", "SwiGLU's projection back to d_model");
        static constexpr argument gamma1 =
            optional_vector("gamma1", "d_model", "γ of RMSNorm₁, before attention", "ones");
        static constexpr argument gamma2 =
            optional_vector("gamma2", "d_model", "γ of RMSNorm₂, before SwiGLU", "ones");
        static constexpr argument eps = optional_number(
            "eps", "both norms' ε, added to the mean square, in (0, 1]; LLaMA's 1e-6 by default",
            default_rms_norm_eps, "1e-6");
        static constexpr argument arguments[] = {
            input,
            heads,
            kv_heads,
            w_q,
            w_k,
            w_v,
            w_o,
            w_gate,
            w_up,
            w_down,
            gamma1,
            gamma2,
            multi_head_attention_operation::rope_base,
            multi_head_attention_operation::rope_convention_choice,
            eps,
            seed};

        /// Every argument of the forward, read once here so a backward reads the same.
        struct request
        {
            matrix input;
            decoder_layer_params params;
            decoder_layer_options options;
        };

        template <class In> static request read(In& in)
        {
            request r{in.matrix(input), {}, {}};
            r.options.heads = in.integer(heads);
            r.options.kv_heads = in.optional_integer(kv_heads);
            r.params.attention.w_q = in.optional_matrix(w_q);
            r.params.attention.w_k = in.optional_matrix(w_k);
            r.params.attention.w_v = in.optional_matrix(w_v);
            r.params.attention.w_o = in.optional_matrix(w_o);
            r.params.w_gate = in.matrix(w_gate);
            r.params.w_up = in.matrix(w_up);
            r.params.w_down = in.matrix(w_down);
            r.params.gamma1 = in.optional_vector(gamma1);
            r.params.gamma2 = in.optional_vector(gamma2);
            r.options.rope_base = in.number(multi_head_attention_operation::rope_base);
            r.options.rope_pairing = parse_rope_convention(
                multi_head_attention_operation::rope_convention_choice.name,
                in.choice(multi_head_attention_operation::rope_convention_choice));
            r.options.eps = in.number(eps);
            r.options.seed = read_seed(in);
            return r;
        }

        template <class In> static decoder_layer_trace run(In& in)
        {
            const request r = read(in);
            return decoder_layer(r.input, r.params, r.options);
        }
    };
} // namespace attn::describe

#endif
