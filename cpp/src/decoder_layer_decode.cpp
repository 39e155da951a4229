#include "attn/decoder_layer_decode.hpp"

#include <string>
#include <utility>

#include "attn/error.hpp"
#include "attn/kv_cache.hpp"

namespace attn
{
    namespace
    {
        /// v as a 1 × size matrix, the row the kernels take.
        matrix as_row(const vector& v)
        {
            matrix row = xt::empty<double>({std::size_t{1}, v.size()});
            xt::row(row, 0) = v;
            return row;
        }

        void check_step(const decoder_layer_weights& weights, const decoder_layer_cache& cache,
                        const vector& x_t, std::size_t position)
        {
            const std::size_t kv_width = weights.kv_heads * weights.d_k;
            if (cols(cache.keys) != kv_width || cols(cache.values) != kv_width ||
                rows(cache.keys) != cache.capacity || rows(cache.values) != cache.capacity)
            {
                detail::fail("cache",
                             "a cache made for this layer, " + std::to_string(cache.capacity) +
                                 " × " + std::to_string(kv_width) + " (kvHeads·d_k)",
                             detail::format_shape(rows(cache.keys), cols(cache.keys)));
            }
            if (position >= cache.capacity)
            {
                detail::fail("position",
                             "a position below the cache's capacity of " +
                                 std::to_string(cache.capacity),
                             std::to_string(position));
            }
            if (position != cache.length)
            {
                detail::fail("position",
                             std::to_string(cache.length) +
                                 ", the next position (the cache holds positions before it)",
                             std::to_string(position));
            }
            detail::check_vector("input", x_t, weights.d_model, "d_model, the layer's width");
        }
    } // namespace

    decoder_layer_cache make_decoder_layer_cache(const decoder_layer_weights& weights,
                                                 std::size_t capacity)
    {
        detail::check_sequence_length("capacity", capacity);
        const std::size_t kv_width = weights.kv_heads * weights.d_k;
        detail::check_peak_cells("capacity", capacity, kv_width, "the cached keys");
        decoder_layer_cache cache;
        cache.capacity = capacity;
        cache.keys = xt::zeros<double>({capacity, kv_width});
        cache.values = xt::zeros<double>({capacity, kv_width});
        return cache;
    }

    decoder_layer_step decoder_layer_decode_step(const decoder_layer_weights& weights,
                                                 decoder_layer_cache& cache, const vector& x_t,
                                                 std::size_t position)
    {
        // Shape contract: x_t (d_model), h heads over g key/value heads of d_k columns, cache
        // (capacity × g·d_k) holding `position` rows → query (h·d_k), key and value (g·d_k),
        // scores, scaled and weights (h × held), held = position + 1, output (d_model).
        check_step(weights, cache, x_t, position);
        const auto& p = weights.attention;
        decoder_layer_step s;
        s.position = position;
        s.input = x_t;
        const matrix x = as_row(x_t);

        // pass 1: RMSNorm₁ of this position's row alone: the norm never mixes positions.
        s.norm1 = detail::with_arguments_renamed(
            {{"gamma", "gamma1"}},
            [&] { return detail::rms_norm_unchecked(x, weights.gamma1, weights.eps); });

        // pass 2: project the row; RoPE turns its query and its key by `position`, the key
        // once, as it enters the cache. Its key and value take row `position` of the cache, which
        // counts them as held only once the step has succeeded.
        const matrix q =
            detail::rotate_heads_at(linear(s.norm1.output, p.w_q, p.b_q), weights.heads,
                                    weights.d_k, position, weights.rope_base, weights.rope_pairing);
        const matrix k =
            detail::rotate_heads_at(linear(s.norm1.output, p.w_k, p.b_k), weights.kv_heads,
                                    weights.d_k, position, weights.rope_base, weights.rope_pairing);
        const matrix v = linear(s.norm1.output, p.w_v, p.b_v);
        s.query = xt::row(q, 0);
        s.key = xt::row(k, 0);
        s.value = xt::row(v, 0);
        xt::row(cache.keys, position) = s.key;
        xt::row(cache.values, position) = s.value;

        // passes 3 and 4: each query head over the cached rows 0 … position of its key/value
        // head. The cache holds no later row, so no mask is needed: this is the causal mask.
        const std::size_t held = position + 1;
        detail::cached_attention a = detail::with_arguments_renamed(
            {{"query", "input"}, {"key", "input"}, {"value", "input"}},
            [&]
            {
                return detail::attend_over_cache(q, cache.keys, cache.values, held, weights.heads,
                                                 weights.kv_heads, nullptr);
            });
        s.scores = std::move(a.scores);
        s.scaled = std::move(a.scaled);
        s.weights = std::move(a.weights);
        s.concat = xt::row(a.concat, 0);

        // pass 5: mix the heads.
        const matrix attention_output = linear(a.concat, p.w_o, p.b_o);
        s.attention_output = xt::row(attention_output, 0);

        // passes 6 to 9: the residual connections around the attention and the feed-forward,
        // on this row alone, as the whole layer runs them.
        detail::decoder_layer_rows after =
            detail::decoder_layer_after_attention(x, attention_output, weights);
        s.residual1 = xt::row(after.residual1, 0);
        s.norm2 = std::move(after.norm2);
        s.feed_forward = std::move(after.feed_forward);
        s.output = xt::row(after.residual2, 0);

        kv_cache_model model;
        model.d_model = weights.d_model;
        model.heads = weights.heads;
        model.kv_heads = weights.kv_heads;
        s.cache = kv_cache_memory(model, held, sizeof(double));
        cache.length = held;
        return s;
    }

    decoder_layer_decode_trace decoder_layer_decode(const matrix& input,
                                                    const decoder_layer_params& params,
                                                    const decoder_layer_options& options)
    {
        // Shape contract: input (n × d_model) → n steps, output (n × d_model).
        detail::check_matrix("input", input);
        const std::size_t n = rows(input), d_model = cols(input);
        const decoder_layer_weights weights =
            resolve_decoder_layer_weights(params, options, d_model);
        // Every step returns its weights over the cache, as many as decoder_layer's attention.
        detail::check_attention_cells(weights.heads, n, n);
        decoder_layer_cache cache = make_decoder_layer_cache(weights, n);

        decoder_layer_decode_trace t;
        t.output = xt::empty<double>({n, d_model});
        t.steps.reserve(n);
        for (std::size_t position = 0; position < n; ++position)
        {
            t.steps.push_back(
                decoder_layer_decode_step(weights, cache, xt::row(input, position), position));
            xt::row(t.output, position) = t.steps.back().output;
        }
        t.parameter_count = decoder_layer_parameter_count(weights);
        return t;
    }
} // namespace attn
