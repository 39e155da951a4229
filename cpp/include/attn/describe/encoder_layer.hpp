#ifndef ATTN_DESCRIBE_ENCODER_LAYER_HPP
#define ATTN_DESCRIBE_ENCODER_LAYER_HPP

#include "attn/describe/feed_forward.hpp"
#include "attn/describe/layer_norm.hpp"
#include "attn/describe/multi_head_attention.hpp"
#include "attn/encoder_layer.hpp"

namespace attn::describe
{
    template <> struct fields_of<encoder_parameter_count>
    {
        static constexpr const char* type_name = "EncoderParameterCount";
        template <class V> static void visit(const encoder_parameter_count& c, V& v)
        {
            v.field("attention", c.attention, "4·d² + 4·d, or 4·d² without attention biases");
            v.field("feedForward", c.feed_forward, "d·d_ff + d_ff + d_ff·d + d");
            v.field("norms", c.norms, "4·d (two γ, two β)");
            v.field("total", c.total, "the sum");
        }
    };

    template <> struct fields_of<encoder_layer_trace>
    {
        static constexpr const char* type_name = "EncoderLayerTrace";
        template <class V> static void visit(const encoder_layer_trace& t, V& v)
        {
            v.field("input", t.input, "x");
            v.field("attention", t.attention, "pass 1: MHA(x, x, x)");
            v.field("residual1", t.residual1, "pass 2: x + attention.output");
            v.field("norm1", t.norm1, "pass 3: LN₁(residual1)");
            v.field("feedForward", t.feed_forward, "pass 4: FFN(norm1.output)");
            v.field("residual2", t.residual2, "pass 5: norm1.output + feedForward.output");
            v.field("norm2", t.norm2, "pass 6: LN₂(residual2)");
            v.field("output", t.output, "norm2.output");
            v.field("dFF", t.d_ff, "feed-forward width");
            v.object("params", "the feed-forward weights and biases used",
                     [&](auto& p)
                     {
                         p.field("w1", t.w1, "as used");
                         p.field("b1", t.b1, "as used");
                         p.field("w2", t.w2, "as used");
                         p.field("b2", t.b2, "as used");
                     });
            v.field("parameterCount", t.parameter_count, "per part and in total");
        }
    };

    struct encoder_layer_operation
    {
        static constexpr const char* name = "encoderLayer";
        static constexpr const char* title = "Encoder layer (post-norm)";
        static constexpr bool lite = true;
        static constexpr argument input = matrix_argument("input", "n × d_model", "x");
        static constexpr argument d_ff = optional_integer(
            "dFF", size_low, size_high, "feed-forward width; needed when w1 is omitted", 0, "");
        static constexpr argument w1 =
            optional_matrix("w1", "d_model × d_ff", "first feed-forward layer", xavier);
        static constexpr argument b1 = optional_vector("b1", "d_ff", "first bias", "zeros");
        static constexpr argument w2 =
            optional_matrix("w2", "d_ff × d_model", "second feed-forward layer", xavier);
        static constexpr argument b2 = optional_vector("b2", "d_model", "second bias", "zeros");
        static constexpr argument gamma1 = optional_vector("gamma1", "d_model", "γ of LN₁", "ones");
        static constexpr argument beta1 = optional_vector("beta1", "d_model", "β of LN₁", "zeros");
        static constexpr argument gamma2 = optional_vector("gamma2", "d_model", "γ of LN₂", "ones");
        static constexpr argument beta2 = optional_vector("beta2", "d_model", "β of LN₂", "zeros");
        static constexpr argument attention_bias =
            optional_boolean("attentionBias", "false: attention projections without biases", true);
        static constexpr argument arguments[] = {input,
                                                 heads,
                                                 activation_choice,
                                                 d_ff,
                                                 w_q,
                                                 w_k,
                                                 w_v,
                                                 w_o,
                                                 b_q,
                                                 b_k,
                                                 b_v,
                                                 b_o,
                                                 w1,
                                                 b1,
                                                 w2,
                                                 b2,
                                                 gamma1,
                                                 beta1,
                                                 gamma2,
                                                 beta2,
                                                 mask,
                                                 mask_fill,
                                                 dropout,
                                                 dropout_seed,
                                                 seed,
                                                 attention_bias};

        /// Every argument of the forward, read once here so the backward reads the same.
        struct request
        {
            matrix input;
            encoder_layer_params params;
            encoder_layer_options options;
        };

        template <class In> static request read(In& in)
        {
            request r{in.matrix(input), {}, {}};
            r.options.heads = in.integer(heads);
            r.options.act = parse_activation(activation_choice.name, in.choice(activation_choice));
            r.options.d_ff = in.optional_integer(d_ff);
            r.params.attention = read_projections(in);
            r.params.w1 = in.optional_matrix(w1);
            r.params.b1 = in.optional_vector(b1);
            r.params.w2 = in.optional_matrix(w2);
            r.params.b2 = in.optional_vector(b2);
            r.params.gamma1 = in.optional_vector(gamma1);
            r.params.beta1 = in.optional_vector(beta1);
            r.params.gamma2 = in.optional_vector(gamma2);
            r.params.beta2 = in.optional_vector(beta2);
            r.options.attention = read_attention_options_with_dropout(in);
            r.options.seed = read_seed(in);
            r.options.attention_bias = in.boolean(attention_bias);
            return r;
        }

        template <class In> static encoder_layer_trace run(In& in)
        {
            const request r = read(in);
            return encoder_layer(r.input, r.params, r.options);
        }
    };
} // namespace attn::describe

#endif
