#include "attn/chunked_attention.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "attn/attention.hpp"
#include "attn/error.hpp"
#include "score_tiles.hpp"

namespace attn
{
    namespace
    {
        /// How many numbers the trace would hold, counted before computing any of it.
        std::size_t traced_numbers(std::size_t n, std::size_t m, std::size_t d_v, std::size_t c)
        {
            const std::size_t key_chunks = detail::blocks(m, c);
            std::size_t total = n * d_v;
            for (std::size_t q0 = 0; q0 < n; q0 += c)
            {
                const std::size_t rows = std::min(c, n - q0);
                // Per chunk: 4 numbers, max and sum per row, the chunk's output; per query
                // chunk's combination: 2 numbers, global max, factors, sum, output.
                total += key_chunks * (4 + rows * (2 + d_v)) + 2 + rows * (2 + key_chunks + d_v);
            }
            return total;
        }

        /**
         * Shape contract: query (n × d_k), key (m × d_k), value (m × d_v) → output (n × d_v),
         * chunks of c queries × c keys. Buffers are allocated once; the chunk loop allocates
         * nothing unless traced.
         */
        chunked_attention_trace chunked_passes(const matrix& query, const matrix& key,
                                               const matrix& value, const mask_lookup& mask,
                                               double fill, std::size_t c, bool traced)
        {
            const std::size_t n = rows(query), m = rows(key), d_k = cols(query), d_v = cols(value);
            const std::size_t key_chunks = detail::blocks(m, c);
            const double sqrt_d_k = std::sqrt(static_cast<double>(d_k));
            detail::scalar_inputs<double> in(query, key, value);
            const double value_scale = in.scale_values(m * d_v, m);
            const double minus_infinity = -std::numeric_limits<double>::infinity();

            // One query chunk's summaries, one slot of c rows per key chunk.
            std::vector<double> key_t(d_k * c), scores(c * c), chunk_max(key_chunks * c),
                chunk_sum(key_chunks * c), chunk_output(key_chunks * c * d_v);
            chunked_attention_trace t;
            t.chunk_size = c;
            t.value_scale = value_scale;
            t.peak_cells =
                std::max({key_t.size(), scores.size(), chunk_output.size(), in.largest_copy()});
            t.has_chunks = traced;
            t.output = xt::zeros<double>({n, d_v});

            for (std::size_t q0 = 0; q0 < n; q0 += c)
            {
                const std::size_t rows = std::min(c, n - q0);
                for (std::size_t kc = 0; kc < key_chunks; ++kc)
                {
                    const std::size_t k0 = kc * c, cols = std::min(c, m - k0);
                    double* maxes = chunk_max.data() + kc * c;
                    double* sums = chunk_sum.data() + kc * c;
                    double* outputs = chunk_output.data() + kc * c * d_v;
                    // pass 1: the chunk's scores, Q·Kᵀ / √d_k, blocked cells = fill.
                    detail::score_tile(query.data(), key.data(), d_k, q0, rows, k0, cols, sqrt_d_k,
                                       mask, fill, key_t.data(), scores.data());
                    // pass 2: summarise the chunk against its own max: exps, their sum, and
                    // exps·V. It needs nothing from the other chunks (they could run in
                    // parallel, or be recomputed in a backward pass, as the paper does).
                    for (std::size_t r = 0; r < rows; ++r)
                    {
                        double* row = scores.data() + r * cols;
                        maxes[r] = detail::row_max(row, cols);
                        sums[r] = detail::exponentials(row, cols, maxes[r], row);
                    }
                    detail::matmul_into(scores.data(), in.value + k0 * d_v, outputs, rows, cols,
                                        d_v);
                    if (traced)
                    {
                        t.chunks.push_back({q0, k0, rows, cols, detail::widen(maxes, rows),
                                            detail::widen(sums, rows),
                                            detail::widen(outputs, rows, d_v)});
                    }
                }

                // pass 3: combine the query chunk's summaries against the max over all keys:
                // each chunk's sum and output are scaled by exp(chunk_max − global_max), summed
                // over the key chunks, and the output sum divided by the weight sum.
                chunk_combination combination;
                combination.query_start = q0;
                combination.rows = rows;
                if (traced)
                {
                    combination.global_max = xt::empty<double>({rows});
                    combination.factors = xt::empty<double>({key_chunks, rows});
                    combination.sum = xt::empty<double>({rows});
                }
                for (std::size_t r = 0; r < rows; ++r)
                {
                    double global_max = minus_infinity;
                    for (std::size_t kc = 0; kc < key_chunks; ++kc)
                    {
                        global_max = std::max(global_max, chunk_max[kc * c + r]);
                    }
                    double sum = 0;
                    double* out = &t.output(q0 + r, 0);
                    for (std::size_t kc = 0; kc < key_chunks; ++kc)
                    {
                        // 0 for a chunk whose keys are all blocked with −∞ (its sums are 0).
                        const double factor = chunk_max[kc * c + r] == minus_infinity
                                                  ? 0.0
                                                  : std::exp(chunk_max[kc * c + r] - global_max);
                        sum += factor * chunk_sum[kc * c + r];
                        const double* chunk_out = chunk_output.data() + (kc * c + r) * d_v;
                        for (std::size_t j = 0; j < d_v; ++j)
                        {
                            out[j] += factor * chunk_out[j];
                        }
                        if (traced)
                        {
                            combination.factors(kc, r) = factor;
                        }
                    }
                    // A row whose every key is blocked with −∞ has sum 0 and output 0.
                    for (std::size_t j = 0; j < d_v && sum != 0; ++j)
                    {
                        out[j] = out[j] / sum / value_scale;
                    }
                    if (traced)
                    {
                        combination.global_max(r) = global_max;
                        combination.sum(r) = sum;
                    }
                }
                if (traced)
                {
                    combination.output = xt::view(t.output, xt::range(q0, q0 + rows), xt::all());
                    t.combinations.push_back(std::move(combination));
                }
            }
            return t;
        }
    } // namespace

    chunked_attention_trace chunked_attention(const matrix& query, const matrix& key,
                                              const matrix& value, const chunked_options& options)
    {
        detail::check_attention_inputs(query, key, value, max_sequence);
        detail::check_mask_fill(options.mask_fill);
        const std::size_t n = rows(query), m = rows(key);
        const std::size_t c =
            detail::block_size("chunkSize", options.chunk_size, n, "n, the queries");
        const mask_lookup mask(options.mask, n, m);
        if (options.trace)
        {
            detail::check_trace_numbers(traced_numbers(n, m, cols(value), c),
                                        "every chunk's summaries and their combinations");
        }
        return chunked_passes(query, key, value, mask, options.mask_fill, c, options.trace);
    }
} // namespace attn
