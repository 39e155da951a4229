#include "attn/decoder_layer.hpp"

#include <string>
#include <utility>

#include "attn/error.hpp"

namespace attn
{
    namespace
    {
        vector gamma_or_ones(const std::optional<vector>& given, const char* name,
                             std::size_t d_model)
        {
            if (!given)
            {
                return xt::ones<double>({d_model});
            }
            detail::check_vector(name, *given, d_model, "d_model, one per column of input");
            return *given;
        }

        /// LLaMA's attention has no biases; a given one would silently change the layer.
        void refuse_attention_biases(const multi_head_params& params)
        {
            const std::pair<const char*, const std::optional<vector>*> biases[] = {
                {"bQ", &params.b_q}, {"bK", &params.b_k}, {"bV", &params.b_v}, {"bO", &params.b_o}};
            for (const auto& [name, bias] : biases)
            {
                if (*bias)
                {
                    detail::fail(name, "no bias (LLaMA's projections have none)",
                                 std::to_string((*bias)->size()) + " numbers");
                }
            }
        }
    } // namespace

    decoder_layer_weights resolve_decoder_layer_weights(const decoder_layer_params& params,
                                                        const decoder_layer_options& options,
                                                        std::size_t d_model)
    {
        detail::check_heads(options.heads, d_model);
        const std::size_t d_k = d_model / options.heads;
        if (d_k % 2 != 0)
        {
            detail::fail("heads",
                         "a divisor of d_model = " + std::to_string(d_model) +
                             " leaving an even d_k = d_model / heads (RoPE rotates pairs of "
                             "columns)",
                         std::to_string(options.heads) + " (d_k = " + std::to_string(d_k) + ")");
        }
        refuse_attention_biases(params.attention);
        decoder_layer_weights w;
        w.d_model = d_model;
        w.heads = options.heads;
        w.d_k = d_k;
        w.gamma1 = gamma_or_ones(params.gamma1, "gamma1", d_model);
        w.gamma2 = gamma_or_ones(params.gamma2, "gamma2", d_model);
        // The feed-forward's shapes are checked before any pass runs, so a wrong one costs nothing.
        detail::check_matrix("wGate", params.w_gate);
        w.d_ff = cols(params.w_gate);
        detail::check_matrix_shape("wGate", params.w_gate, d_model, w.d_ff,
                                   "d_model rows, one per input column");
        detail::check_matrix_shape("wUp", params.w_up, d_model, w.d_ff,
                                   "the shape of wGate, d_model × d_ff");
        detail::check_matrix_shape("wDown", params.w_down, w.d_ff, d_model, "d_ff × d_model");
        w.w_gate = params.w_gate;
        w.w_up = params.w_up;
        w.w_down = params.w_down;
        detail::check_rms_norm_eps(options.eps);
        w.eps = options.eps;
        w.kv_heads = detail::check_kv_heads(options.kv_heads, options.heads);
        detail::check_head_positions(head_positions::rope, options.rope_base, d_k, {}, {});
        w.rope_base = options.rope_base;
        w.rope_pairing = options.rope_pairing;
        w.attention =
            resolve_multi_head_params(params.attention, d_model, options.seed, w.kv_heads * d_k);
        return w;
    }

    decoder_parameter_count decoder_layer_parameter_count(const decoder_layer_weights& weights)
    {
        decoder_parameter_count c;
        c.attention = multi_head_parameter_count(weights.d_model, weights.kv_heads * weights.d_k,
                                                 multi_head_params{});
        c.feed_forward = 3 * weights.d_model * weights.d_ff;
        c.norms = 2 * weights.d_model;
        c.total = c.attention + c.feed_forward + c.norms;
        return c;
    }

    detail::decoder_layer_rows
    detail::decoder_layer_after_attention(const matrix& input, const matrix& attention_output,
                                          const decoder_layer_weights& weights)
    {
        decoder_layer_rows r;
        // pass 3: the first residual connection; the norm is inside the branch, not after it.
        r.residual1 = input + attention_output;
        check_finite_result("input", "residual1", r.residual1);
        // pass 4: RMSNorm₂ of the residual stream.
        r.norm2 = with_arguments_renamed(
            {{"gamma", "gamma2"}},
            [&] { return rms_norm_unchecked(r.residual1, weights.gamma2, weights.eps); });
        // pass 5: the SwiGLU feed-forward. Its input, norm2's output, is bounded by γ2·√d_model,
        // so an overflow inside it is the weights'.
        r.feed_forward =
            with_arguments_renamed({{"input", "wGate"}},
                                   [&] {
                                       return swi_glu_unchecked(r.norm2.output, weights.w_gate,
                                                                weights.w_up, weights.w_down);
                                   });
        // pass 6: the second residual connection: the layer's output, with no final norm.
        r.residual2 = r.residual1 + r.feed_forward.output;
        check_finite_result("wDown", "residual2", r.residual2);
        return r;
    }

    decoder_layer_trace decoder_layer(const matrix& input, const decoder_layer_params& params,
                                      const decoder_layer_options& options)
    {
        // Shape contract: input (n × d_model) → every intermediate (n × d_model), except the
        // feed-forward's gate, up, activated and hidden (n × d_ff) and the attention's
        // projected keys and values (n × kv_heads·d_k).
        detail::check_matrix("input", input);
        const std::size_t d_model = cols(input);
        const decoder_layer_weights w = resolve_decoder_layer_weights(params, options, d_model);

        decoder_layer_trace t;
        t.input = input;
        t.d_ff = w.d_ff;

        multi_head_options attention_options;
        attention_options.heads = w.heads;
        attention_options.kv_heads = w.kv_heads;
        attention_options.attention.mask = attention_mask::causal();
        attention_options.positional = head_positions::rope;
        attention_options.rope_base = w.rope_base;
        attention_options.rope_pairing = w.rope_pairing;
        multi_head_params attention_weights;
        attention_weights.w_q = w.attention.w_q;
        attention_weights.w_k = w.attention.w_k;
        attention_weights.w_v = w.attention.w_v;
        attention_weights.w_o = w.attention.w_o;

        // pass 1: RMSNorm₁ of the input.
        t.norm1 = detail::with_arguments_renamed(
            {{"gamma", "gamma1"}},
            [&] { return detail::rms_norm_unchecked(input, w.gamma1, w.eps); });
        // pass 2: causal self-attention of the normalised input, RoPE on each head's queries and
        // keys. Its query, key and value are all norm1's output, which comes from input.
        t.attention = detail::with_arguments_renamed(
            {{"query", "input"}, {"key", "input"}, {"value", "input"}},
            [&]
            {
                return multi_head_attention(t.norm1.output, t.norm1.output, t.norm1.output,
                                            attention_weights, attention_options);
            });
        // passes 3 to 6: the residual connections around the attention and the feed-forward.
        detail::decoder_layer_rows after =
            detail::decoder_layer_after_attention(input, t.attention.output, w);
        t.residual1 = std::move(after.residual1);
        t.norm2 = std::move(after.norm2);
        t.feed_forward = std::move(after.feed_forward);
        t.residual2 = std::move(after.residual2);

        t.parameter_count = decoder_layer_parameter_count(w);
        return t;
    }
} // namespace attn
