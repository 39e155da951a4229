#include "attn/flash_attention.hpp"

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
        std::size_t traced_numbers(std::size_t n, std::size_t m, std::size_t d_v, std::size_t br,
                                   std::size_t bc)
        {
            std::size_t total = n * d_v + 2 * n;
            for (std::size_t i0 = 0; i0 < n; i0 += br)
            {
                const std::size_t rows = std::min(br, n - i0);
                // Per tile: scores and exps, five numbers per row, the partial output.
                total += detail::blocks(m, bc) * (4 + 5 * rows + rows * d_v) + 2 * rows * m;
            }
            return total;
        }

        /**
         * The passes in scalar type T. Shape contract: query (n × d_k), key (m × d_k),
         * value (m × d_v) → output (n × d_v), row_max and row_sum (n), tiles of br × bc.
         * Buffers are allocated once, before the loops; the tile loop allocates nothing
         * unless traced.
         */
        template <class T>
        flash_attention_trace flash_passes(const matrix& query, const matrix& key,
                                           const matrix& value, const mask_lookup& mask,
                                           double mask_fill, std::size_t br, std::size_t bc,
                                           bool traced)
        {
            const std::size_t n = rows(query), m = rows(key), d_k = cols(query), d_v = cols(value);
            detail::scalar_inputs<T> in(query, key, value);
            const T value_scale = in.scale_values(m * d_v, m);
            const T sqrt_d_k = std::sqrt(static_cast<T>(d_k));
            const T fill = static_cast<T>(mask_fill);
            const T minus_infinity = -std::numeric_limits<T>::infinity();

            std::vector<T> key_t(d_k * bc), scores(br * bc), product(br * d_v), partial(br * d_v);
            std::vector<T> running_max(br), running_sum(br), rescale(br);
            flash_attention_trace t;
            t.block_rows = br;
            t.block_cols = bc;
            t.value_scale = value_scale;
            t.peak_cells =
                std::max({key_t.size(), scores.size(), partial.size(), in.largest_copy()});
            t.has_tiles = traced;
            t.output = xt::empty<double>({n, d_v});
            t.row_max = xt::empty<double>({n});
            t.row_sum = xt::empty<double>({n});
            flash_tile tile; // filled and kept only when traced

            for (std::size_t i0 = 0, rb = 0; i0 < n; i0 += br, ++rb)
            {
                const std::size_t rows = std::min(br, n - i0);
                // Before the first tile nothing is seen: m = −∞, ℓ = 0, Õ = 0.
                std::fill(running_max.begin(), running_max.end(), minus_infinity);
                std::fill(running_sum.begin(), running_sum.end(), T(0));
                std::fill(partial.begin(), partial.end(), T(0));
                for (std::size_t j0 = 0, cb = 0; j0 < m; j0 += bc, ++cb)
                {
                    const std::size_t cols = std::min(bc, m - j0);
                    if (traced)
                    {
                        tile = flash_tile{};
                        tile.row_block = rb;
                        tile.col_block = cb;
                        tile.row_start = i0;
                        tile.col_start = j0;
                        tile.max_before = detail::widen(running_max.data(), rows);
                    }

                    // pass 2: this tile's scores, Q_i·K_jᵀ / √d_k, blocked cells = fill.
                    detail::score_tile(in.query, in.key, d_k, i0, rows, j0, cols, sqrt_d_k, mask,
                                       fill, key_t.data(), scores.data());
                    if (traced)
                    {
                        tile.scores = detail::widen(scores.data(), rows, cols);
                        tile.tile_max = xt::empty<double>({rows});
                    }

                    for (std::size_t r = 0; r < rows; ++r)
                    {
                        T* row = scores.data() + r * cols;
                        // pass 3: the tile's row max and the new running max. Scores seen
                        // earlier were exponentiated against the old max; α = exp(m_before −
                        // m_after) ≤ 1 rescales them to the new one (0 when nothing was seen).
                        const T tile_max = detail::row_max(row, cols);
                        const T before = running_max[r];
                        const T after = std::max(before, tile_max);
                        rescale[r] = after == minus_infinity ? T(0) : std::exp(before - after);
                        running_max[r] = after;
                        // pass 4: exps against the new max, in place of the scores, and the
                        // running sum ℓ = α·ℓ + Σ exps.
                        const T sum = detail::exponentials(row, cols, after, row);
                        running_sum[r] = rescale[r] * running_sum[r] + sum;
                        if (traced)
                        {
                            tile.tile_max(r) = tile_max;
                        }
                    }

                    // pass 5: Õ = α·Õ + exps·V_j, the unnormalised output so far.
                    detail::matmul_into(scores.data(), in.value + j0 * d_v, product.data(), rows,
                                        cols, d_v);
                    for (std::size_t r = 0; r < rows; ++r)
                    {
                        T* out = partial.data() + r * d_v;
                        const T* add = product.data() + r * d_v;
                        for (std::size_t c = 0; c < d_v; ++c)
                        {
                            out[c] = rescale[r] * out[c] + add[c];
                        }
                    }

                    if (traced)
                    {
                        tile.max_after = detail::widen(running_max.data(), rows);
                        tile.rescale = detail::widen(rescale.data(), rows);
                        tile.exps = detail::widen(scores.data(), rows, cols);
                        tile.sum_after = detail::widen(running_sum.data(), rows);
                        tile.partial_output = detail::widen(partial.data(), rows, d_v);
                        t.tiles.push_back(std::move(tile));
                    }
                }

                // pass 6: normalise once, at the end: output = Õ / ℓ. ℓ ≥ 1 unless every key
                // of the row is blocked with −∞, whose output is 0, as attention's.
                for (std::size_t r = 0; r < rows; ++r)
                {
                    const T sum = running_sum[r];
                    for (std::size_t c = 0; c < d_v; ++c)
                    {
                        t.output(i0 + r, c) =
                            sum == 0 ? 0.0 : partial[r * d_v + c] / sum / value_scale;
                    }
                    t.row_max(i0 + r) = running_max[r];
                    t.row_sum(i0 + r) = sum;
                }
            }
            return t;
        }
    } // namespace

    flash_attention_trace flash_attention(const matrix& query, const matrix& key,
                                          const matrix& value, const flash_options& options)
    {
        detail::check_attention_inputs(query, key, value, max_sequence);
        detail::check_mask_fill(options.mask_fill);
        if (options.scalar == precision::float32)
        {
            detail::check_fill_fits_float(options.mask_fill);
        }
        const std::size_t n = rows(query), m = rows(key);
        const std::size_t br =
            detail::block_size("blockRows", options.block_rows, n, "n, the queries");
        const std::size_t bc =
            detail::block_size("blockCols", options.block_cols, m, "m, the keys");
        const mask_lookup mask(options.mask, n, m);
        if (options.trace)
        {
            detail::check_trace_numbers(traced_numbers(n, m, cols(value), br, bc),
                                        "every tile's scores, exps and partial outputs");
        }
        return with_scalar_type(options.scalar,
                                [&](auto zero)
                                {
                                    return flash_passes<decltype(zero)>(query, key, value, mask,
                                                                        options.mask_fill, br, bc,
                                                                        options.trace);
                                });
    }
} // namespace attn
