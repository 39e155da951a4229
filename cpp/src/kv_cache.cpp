#include "attn/kv_cache.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "attn/alibi.hpp"
#include "attn/attention.hpp"
#include "attn/error.hpp"
#include "attn/rope.hpp"
#include "attn/sliding_window.hpp"

namespace attn
{
    namespace
    {
        /// Row `i` of m as a 1 × cols matrix.
        matrix one_row(const matrix& m, std::size_t i)
        {
            return xt::view(m, xt::range(i, i + 1), xt::all());
        }

        /// Columns first … first+width−1 of every row of m.
        matrix columns_of(const matrix& m, std::size_t first, std::size_t width)
        {
            return xt::view(m, xt::all(), xt::range(first, first + width));
        }

        void check_trace_size(std::size_t n, std::size_t d_model)
        {
            // In 64 bits: 4096 · 4097 · 1024 passes wasm32's size_t.
            const std::uint64_t cells = std::uint64_t{n} * (n + 1) * d_model;
            if (cells > max_trace_numbers)
            {
                detail::fail("input",
                             "at most " + std::to_string(max_trace_numbers) +
                                 " cached keys and values over all positions (n·(n+1)·d_model)",
                             std::to_string(n) + " × " + std::to_string(n + 1) + " × " +
                                 std::to_string(d_model) + " = " + std::to_string(cells));
            }
        }

        /**
         * Where each row's key and value live: every row in its own slot, or under a window
         * the first `sinks` rows in slots of their own and the later rows in a ring of
         * `window` slots, each overwriting the row `window` places before it.
         */
        struct cache_layout
        {
            std::optional<std::size_t> window;
            std::size_t sinks = 0;

            std::size_t capacity(std::size_t n) const
            {
                return window ? std::min(n, sinks + *window) : n;
            }

            std::size_t slot(std::size_t position) const
            {
                return !window || position < sinks ? position
                                                   : sinks + (position - sinks) % *window;
            }

            /// The positions the cache holds once row t joined, in order.
            std::vector<std::size_t> held(std::size_t t) const
            {
                std::vector<std::size_t> positions;
                for (std::size_t j = 0; j <= t; ++j)
                {
                    if (!window || in_sliding_window(t, j, *window, sinks))
                    {
                        positions.push_back(j);
                    }
                }
                return positions;
            }
        };

        /// The options' own checks: multi-head attention's, with its messages.
        cache_layout check_options(const kv_cache_options& options, std::size_t d_k)
        {
            detail::check_head_positions(options.positional, options.rope_base, d_k,
                                         options.window, options.sinks);
            return {options.window, options.sinks.value_or(0)};
        }
    } // namespace

    matrix detail::rotate_heads_at(const matrix& row, std::size_t heads, std::size_t d_k,
                                   std::size_t position, double rope_base, rope_convention pairing)
    {
        matrix out = row;
        const vector at = {static_cast<double>(position)};
        for (std::size_t h = 0; h < heads; ++h)
        {
            xt::view(out, xt::all(), xt::range(h * d_k, (h + 1) * d_k)) =
                rope_unchecked(columns_of(row, h * d_k, d_k), at, rope_base, pairing,
                               {"ropeBase", "input", "input"})
                    .output;
        }
        return out;
    }

    detail::cached_attention detail::attend_over_cache(const matrix& query, const matrix& keys,
                                                       const matrix& values, std::size_t held,
                                                       std::size_t heads, std::size_t kv_heads,
                                                       const matrix* bias)
    {
        // Shape contract: query (1 × h·d_k), keys and values (≥ held × g·d_k, rows 0 … held − 1
        // read), bias (h × held) → scores, scaled and weights (h × held), concat (1 × h·d_k).
        const std::size_t d_k = cols(query) / heads;
        cached_attention a;
        a.scores = xt::empty<double>({heads, held});
        a.scaled = xt::empty<double>({heads, held});
        a.weights = xt::empty<double>({heads, held});
        a.concat = xt::empty<double>({std::size_t{1}, heads * d_k});
        for (std::size_t h = 0; h < heads; ++h)
        {
            const std::size_t first = h * d_k;
            const std::size_t kv_first = kv_head_of(h, heads, kv_heads) * d_k;
            const matrix head_bias =
                bias ? matrix(xt::view(*bias, xt::range(h, h + 1), xt::all())) : matrix{};
            const attention_trace head = attention_unchecked(
                block(query, 0, 1, first, d_k), block(keys, 0, held, kv_first, d_k),
                block(values, 0, held, kv_first, d_k), nullptr,
                -std::numeric_limits<double>::infinity(), nullptr, bias ? &head_bias : nullptr);
            xt::row(a.scores, h) = xt::row(head.scores, 0);
            xt::row(a.scaled, h) = xt::row(head.scaled, 0);
            xt::row(a.weights, h) = xt::row(head.weights, 0);
            xt::view(a.concat, 0, xt::range(first, first + d_k)) = xt::row(head.output, 0);
        }
        return a;
    }

    std::size_t kv_multiply_adds_with_cache(std::size_t held, std::size_t d_model,
                                            std::size_t kv_width)
    {
        return 2 * d_model * d_model + 2 * d_model * kv_width + 2 * held * d_model;
    }

    std::size_t kv_multiply_adds_without_cache(std::size_t position, std::size_t d_model,
                                               std::size_t kv_width)
    {
        const std::size_t rows_so_far = position + 1;
        return rows_so_far * (2 * d_model * d_model + 2 * d_model * kv_width) +
               2 * rows_so_far * rows_so_far * d_model;
    }

    kv_cache_trace kv_cache_decode(const matrix& input, const multi_head_params& params,
                                   const kv_cache_options& options)
    {
        // Shape contract: input (n × d_model), heads h | d_model, d_k = d_model / h, key/value
        // heads g | h, w = g·d_k → per position t, with `held` rows cached: query (d_model),
        // keys and values (held × w), weights (h × held), output row (d_model); output
        // (n × d_model).
        detail::check_sequence_matrix("input", input);
        const std::size_t n = rows(input), d_model = cols(input), heads = options.heads;
        detail::check_heads(heads, d_model);
        const std::size_t kv_heads = detail::check_kv_heads(options.kv_heads, heads);
        const cache_layout layout = check_options(options, d_model / heads);
        check_trace_size(n, d_model);
        const bool rope = options.positional == head_positions::rope;
        const bool alibi = options.positional == head_positions::alibi;

        kv_cache_trace t;
        t.heads = heads;
        t.kv_heads = kv_heads;
        t.d_model = d_model;
        t.d_k = d_model / heads;
        const std::size_t kv_width = kv_heads * t.d_k;
        t.params = resolve_multi_head_params(params, d_model, options.seed, kv_width);
        if (alibi)
        {
            t.alibi_slopes = alibi_slopes(heads);
        }
        t.output = xt::empty<double>({n, d_model});
        const std::size_t capacity = layout.capacity(n);
        matrix key_cache = xt::empty<double>({capacity, kv_width});
        matrix value_cache = xt::empty<double>({capacity, kv_width});
        t.positions.reserve(n);

        for (std::size_t position = 0; position < n; ++position)
        {
            kv_cache_step step;
            step.position = position;

            // pass 1: project only the new row; under rope its query and key turn by its
            // position, the key once, as it enters the cache. Its key and value take their
            // slot, overwriting under a window the row that just left it.
            const matrix x = one_row(input, position); // (1 × d_model)
            matrix q = linear(x, t.params.w_q, t.params.b_q);
            matrix k = linear(x, t.params.w_k, t.params.b_k);
            const matrix v = linear(x, t.params.w_v, t.params.b_v);
            detail::check_linear_result("input", "bQ", "query", x, t.params.w_q, t.params.b_q, q);
            detail::check_linear_result("input", "bK", "key", x, t.params.w_k, t.params.b_k, k);
            detail::check_linear_result("input", "bV", "value", x, t.params.w_v, t.params.b_v, v);
            if (rope)
            {
                q = detail::rotate_heads_at(q, heads, t.d_k, position, options.rope_base,
                                            options.rope_pairing);
                k = detail::rotate_heads_at(k, kv_heads, t.d_k, position, options.rope_base,
                                            options.rope_pairing);
            }
            const std::size_t slot = layout.slot(position);
            xt::row(key_cache, slot) = xt::row(k, 0);
            xt::row(value_cache, slot) = xt::row(v, 0);
            step.query = xt::row(q, 0);

            // pass 2: the rows the cache holds, in order of position. Without a window that
            // is rows 0 … t, the causal mask without masking anything; with one, the sinks
            // and the last `window` rows, the sliding window's mask.
            step.cached_positions = layout.held(position);
            const std::size_t held = step.cached_positions.size();
            step.keys = xt::empty<double>({held, kv_width});
            step.values = xt::empty<double>({held, kv_width});
            for (std::size_t i = 0; i < held; ++i)
            {
                const std::size_t s = layout.slot(step.cached_positions[i]);
                xt::row(step.keys, i) = xt::row(key_cache, s);
                xt::row(step.values, i) = xt::row(value_cache, s);
            }

            // pass 3: under alibi, each head's penalty on the distance from this row back to
            // each cached row, by absolute position.
            if (alibi)
            {
                step.bias = xt::empty<double>({heads, held});
                for (std::size_t h = 0; h < heads; ++h)
                {
                    for (std::size_t i = 0; i < held; ++i)
                    {
                        step.bias(h, i) = -t.alibi_slopes(h) *
                                          static_cast<double>(position - step.cached_positions[i]);
                    }
                }
            }

            // pass 4: each query head attends from the new row over the cached rows of its
            // key/value head, ⌊head · g / h⌋: consecutive query heads share one. An overflow
            // inside a head (scores of huge projections) is the input's: every query, key and
            // value here is a projection of it.
            detail::cached_attention heads_over_cache = detail::with_arguments_renamed(
                {{"query", "input"}, {"key", "input"}, {"value", "input"}},
                [&]
                {
                    return detail::attend_over_cache(q, step.keys, step.values, held, heads,
                                                     kv_heads, alibi ? &step.bias : nullptr);
                });
            step.weights = std::move(heads_over_cache.weights);
            const matrix& concat = heads_over_cache.concat;

            // pass 5: mix the heads, concat·W_O + b_O, this position's output row.
            const matrix out = linear(concat, t.params.w_o, t.params.b_o);
            detail::check_linear_result("wO", "bO", "output", concat, t.params.w_o, t.params.b_o,
                                        out);
            step.output_row = xt::row(out, 0);
            xt::row(t.output, position) = step.output_row;

            step.multiply_adds_with_cache = kv_multiply_adds_with_cache(held, d_model, kv_width);
            step.multiply_adds_without_cache =
                kv_multiply_adds_without_cache(position, d_model, kv_width);
            t.positions.push_back(std::move(step));
        }
        t.cache_cells = 2 * kv_width * t.positions.back().cached_positions.size();
        return t;
    }
} // namespace attn
