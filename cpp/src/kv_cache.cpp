#include "attn/kv_cache.hpp"

#include <cstdint>
#include <limits>
#include <string>

#include "attn/attention.hpp"
#include "attn/error.hpp"

namespace attn
{
    namespace
    {
        /// Row `i` of m as a 1 × cols matrix.
        matrix one_row(const matrix& m, std::size_t i)
        {
            return xt::view(m, xt::range(i, i + 1), xt::all());
        }

        /// Rows 0 … count−1 and columns first … first+width−1 of m.
        matrix block_of(const matrix& m, std::size_t count, std::size_t first, std::size_t width)
        {
            return xt::view(m, xt::range(0, count), xt::range(first, first + width));
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
    } // namespace

    std::size_t kv_multiply_adds_with_cache(std::size_t position, std::size_t d_model)
    {
        const std::size_t cached = position + 1;
        return 4 * d_model * d_model + 2 * cached * d_model;
    }

    std::size_t kv_multiply_adds_without_cache(std::size_t position, std::size_t d_model)
    {
        const std::size_t rows_so_far = position + 1;
        return 4 * rows_so_far * d_model * d_model + 2 * rows_so_far * rows_so_far * d_model;
    }

    kv_cache_trace kv_cache_decode(const matrix& input, const multi_head_params& params,
                                   std::size_t heads, std::uint32_t seed)
    {
        // Shape contract: input (n × d_model), heads h | d_model, d_k = d_model / h
        // → per position t: query (d_model), keys and values ((t+1) × d_model),
        //   weights (h × (t+1)), output row (d_model); output (n × d_model).
        detail::check_sequence_matrix("input", input);
        const std::size_t n = rows(input), d_model = cols(input);
        detail::check_heads(heads, d_model);
        check_trace_size(n, d_model);

        kv_cache_trace t;
        t.heads = heads;
        t.d_model = d_model;
        t.d_k = d_model / heads;
        t.params = resolve_multi_head_params(params, d_model, seed);
        t.output = xt::empty<double>({n, d_model});
        t.cache_cells = 2 * n * d_model;
        matrix key_cache = xt::empty<double>({n, d_model});
        matrix value_cache = xt::empty<double>({n, d_model});
        t.positions.reserve(n);

        for (std::size_t position = 0; position < n; ++position)
        {
            const std::size_t cached = position + 1;
            kv_cache_step step;
            step.position = position;

            // pass 1: project only the new row; its key and value join the cache, so no earlier
            // row is ever projected again.
            const matrix x = one_row(input, position); // (1 × d_model)
            const matrix q = linear(x, t.params.w_q, t.params.b_q);
            const matrix k = linear(x, t.params.w_k, t.params.b_k);
            const matrix v = linear(x, t.params.w_v, t.params.b_v);
            detail::check_linear_result("input", "bQ", "query", x, t.params.w_q, t.params.b_q, q);
            detail::check_linear_result("input", "bK", "key", x, t.params.w_k, t.params.b_k, k);
            detail::check_linear_result("input", "bV", "value", x, t.params.w_v, t.params.b_v, v);
            xt::row(key_cache, position) = xt::row(k, 0);
            xt::row(value_cache, position) = xt::row(v, 0);
            step.query = xt::row(q, 0);
            step.keys = block_of(key_cache, cached, 0, d_model);     // (t+1 × d_model)
            step.values = block_of(value_cache, cached, 0, d_model); // (t+1 × d_model)

            // pass 2: each head attends from the new row over every cached row. The cache
            // holds rows 0 … t only, so this is the causal mask without masking anything.
            matrix concat = xt::empty<double>({std::size_t{1}, d_model});
            step.weights = xt::empty<double>({heads, cached});
            for (std::size_t h = 0; h < heads; ++h)
            {
                const std::size_t first = h * t.d_k;
                // An overflow inside a head (scores of huge projections) is the input's: every
                // query, key and value here is a projection of it.
                const attention_trace head = detail::with_arguments_renamed(
                    {{"query", "input"}, {"key", "input"}, {"value", "input"}},
                    [&]
                    {
                        return detail::attention_unchecked(
                            xt::view(q, xt::all(), xt::range(first, first + t.d_k)),
                            block_of(key_cache, cached, first, t.d_k),
                            block_of(value_cache, cached, first, t.d_k), nullptr,
                            -std::numeric_limits<double>::infinity());
                    });
                xt::row(step.weights, h) = xt::row(head.weights, 0);
                xt::view(concat, 0, xt::range(first, first + t.d_k)) = xt::row(head.output, 0);
            }

            // pass 3: mix the heads, concat·W_O + b_O, this position's output row.
            const matrix out = linear(concat, t.params.w_o, t.params.b_o);
            detail::check_linear_result("wO", "bO", "output", concat, t.params.w_o, t.params.b_o,
                                        out);
            step.output_row = xt::row(out, 0);
            xt::row(t.output, position) = step.output_row;

            step.multiply_adds_with_cache = kv_multiply_adds_with_cache(position, d_model);
            step.multiply_adds_without_cache = kv_multiply_adds_without_cache(position, d_model);
            t.positions.push_back(std::move(step));
        }
        return t;
    }
} // namespace attn
