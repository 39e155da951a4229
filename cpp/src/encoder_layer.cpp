#include "attn/encoder_layer.hpp"

#include <utility>

#include "attn/error.hpp"
#include "attn/random.hpp"

namespace attn
{
    namespace
    {
        /// d_ff from whichever of w1, w2 or the option is given; they must agree.
        std::size_t resolve_d_ff(const encoder_layer_params& params,
                                 const encoder_layer_options& options)
        {
            if (params.w1)
            {
                return cols(*params.w1);
            }
            if (params.w2)
            {
                return rows(*params.w2);
            }
            if (!options.d_ff)
            {
                detail::fail("dFF",
                             "the feed-forward width (1 to " + std::to_string(max_dimension) +
                                 ") when w1 and w2 are omitted",
                             "nothing");
            }
            detail::check_dimension("dFF", *options.d_ff);
            return *options.d_ff;
        }

        vector or_constant(const std::optional<vector>& given, const char* name, std::size_t length,
                           double fill, const char* why)
        {
            if (!given)
            {
                return xt::ones<double>({length}) * fill;
            }
            detail::check_vector(name, *given, length, why);
            return *given;
        }
        /// What to blame when residual2 = norm1 + feed-forward output is too large to
        /// normalise: norm1's output is bounded by γ1 and β1, so the feed-forward output is, and
        /// of it b2 when a given b2 outweighs activated·w2.
        const char* culprit_of(const encoder_layer_trace& t, bool b2_given)
        {
            if (!b2_given)
            {
                return "w2";
            }
            const matrix product = linear(t.feed_forward.activated, t.w2, vector{});
            return xt::amax(xt::abs(t.b2))() >= xt::amax(xt::abs(product))() ? "b2" : "w2";
        }
    } // namespace

    encoder_layer_trace encoder_layer(const matrix& input, const encoder_layer_params& params,
                                      const encoder_layer_options& options)
    {
        // Shape contract: input (n × d_model) → every intermediate (n × d_model), except the
        // feed-forward hidden layer (n × d_ff).
        detail::check_matrix("input", input, max_dimension * options.sequences);
        // w1 and w2 are checked on their own first, so a bad one is not reported as dFF.
        if (params.w1)
        {
            detail::check_matrix("w1", *params.w1);
        }
        if (params.w2)
        {
            detail::check_matrix("w2", *params.w2);
        }
        const std::size_t d_model = cols(input);
        const std::size_t d_ff = resolve_d_ff(params, options);
        detail::check_dimension("dFF", d_ff);
        if (options.d_ff && *options.d_ff != d_ff)
        {
            detail::fail("dFF", std::to_string(d_ff) + " (the width of w1 / w2)",
                         std::to_string(*options.d_ff));
        }

        encoder_layer_trace t;
        t.input = input;
        t.d_ff = d_ff;
        t.act = options.act;
        t.sequences = options.sequences;
        if (params.w1)
        {
            detail::check_matrix_shape("w1", *params.w1, d_model, d_ff, "d_model × d_ff");
        }
        if (params.w2)
        {
            detail::check_matrix_shape("w2", *params.w2, d_ff, d_model, "d_ff × d_model");
        }
        t.w1 = params.w1 ? *params.w1
                         : xavier_uniform(d_model, d_ff, options.seed, parameter_stream::w_1);
        t.w2 = params.w2 ? *params.w2
                         : xavier_uniform(d_ff, d_model, options.seed, parameter_stream::w_2);
        t.b1 = or_constant(params.b1, "b1", d_ff, 0.0, "d_ff, one per column of w1");
        t.b2 = or_constant(params.b2, "b2", d_model, 0.0, "d_model, one per column of w2");
        vector gamma1 =
            or_constant(params.gamma1, "gamma1", d_model, 1.0, "one per column of input");
        vector beta1 = or_constant(params.beta1, "beta1", d_model, 0.0, "one per column of input");
        vector gamma2 =
            or_constant(params.gamma2, "gamma2", d_model, 1.0, "one per column of input");
        vector beta2 = or_constant(params.beta2, "beta2", d_model, 0.0, "one per column of input");

        // With attention biases (the default, as nn.TransformerEncoderLayer) an omitted one is
        // zero and still counted; without them none may be given.
        multi_head_params attention_params = params.attention;
        const std::pair<const char*, std::optional<vector>*> biases[] = {
            {"bQ", &attention_params.b_q},
            {"bK", &attention_params.b_k},
            {"bV", &attention_params.b_v},
            {"bO", &attention_params.b_o}};
        for (const auto& [name, bias] : biases)
        {
            if (options.attention_bias && !*bias)
            {
                *bias = vector(xt::zeros<double>({d_model}));
            }
            if (!options.attention_bias && *bias)
            {
                detail::fail(name, "no bias, since attentionBias is false",
                             std::to_string((*bias)->size()) + " numbers");
            }
        }
        multi_head_options attention_options;
        attention_options.heads = options.heads;
        attention_options.attention = options.attention;
        attention_options.seed = options.seed;
        attention_options.sequences = options.sequences;
        attention_options.dropout_seeds = options.dropout_seeds;

        // pass 1: self-attention, every position attending over the whole input.
        // Each kernel below names its arguments as it knows them; they are renamed to this
        // layer's (self-attention's query, key and value are all input).
        t.attention = detail::with_arguments_renamed(
            {{"query", "input"}, {"key", "input"}, {"value", "input"}},
            [&]
            {
                return multi_head_attention(input, input, input, attention_params,
                                            attention_options);
            });
        // pass 2: residual connection around attention.
        t.residual1 = input + t.attention.output;
        detail::check_finite_result("input", "residual1", t.residual1);
        // pass 3: add & norm.
        t.norm1 = detail::with_arguments_renamed(
            {{"gamma", "gamma1"}, {"beta", "beta1"}},
            [&]
            {
                return detail::layer_norm_unchecked(t.residual1, std::move(gamma1),
                                                    std::move(beta1), default_layer_norm_eps);
            });
        // pass 4: the position-wise feed-forward network.
        // Its input, norm1's output, is bounded by γ1 and β1: a hidden overflow is w1's.
        t.feed_forward = detail::with_arguments_renamed(
            {{"input", "w1"}},
            [&] {
                return detail::feed_forward_unchecked(t.norm1.output, t.w1, t.b1, t.w2, t.b2,
                                                      options.act);
            });
        // pass 5: residual connection around the feed-forward network.
        t.residual2 = t.norm1.output + t.feed_forward.output;
        // pass 6: add & norm; the layer's output.
        try
        {
            detail::check_finite_result("input", "residual2", t.residual2);
            t.norm2 = detail::layer_norm_unchecked(t.residual2, std::move(gamma2),
                                                   std::move(beta2), default_layer_norm_eps);
        }
        catch (const attention_error& error)
        {
            detail::rethrow_renamed(error, {{"gamma", "gamma2"},
                                            {"beta", "beta2"},
                                            {"input", culprit_of(t, params.b2.has_value())}});
        }
        t.output = t.norm2.output;

        t.parameter_count.attention = t.attention.parameter_count;
        t.parameter_count.feed_forward = d_model * d_ff + d_ff + d_ff * d_model + d_model;
        t.parameter_count.norms = 4 * d_model;
        t.parameter_count.total =
            t.parameter_count.attention + t.parameter_count.feed_forward + t.parameter_count.norms;
        return t;
    }
} // namespace attn
