#include "attn/attention.hpp"

#include <cmath>

#include <xtensor/xreducer.hpp>

#include "attn/error.hpp"
#include "score_tiles.hpp"

namespace attn
{
    namespace detail
    {
        void check_attention_inputs(const matrix& query, const matrix& key, const matrix& value,
                                    std::size_t max_rows)
        {
            check_matrix("query", query, max_rows);
            check_matrix("key", key, max_rows);
            check_matrix("value", value, max_rows);
            if (cols(key) != cols(query))
            {
                fail("key", std::to_string(cols(query)) + " columns (d_k, the width of query)",
                     std::to_string(cols(key)));
            }
            if (rows(value) != rows(key))
            {
                fail("value", std::to_string(rows(key)) + " rows (one per key)",
                     std::to_string(rows(value)));
            }
        }

        void check_mask_fill(double mask_fill)
        {
            if (std::isnan(mask_fill) || mask_fill == std::numeric_limits<double>::infinity())
            {
                fail("maskFill", "a finite number or -Infinity", format_number(mask_fill));
            }
        }

        void check_dropout(double p)
        {
            // Written so that NaN fails too.
            if (!(p >= 0 && p < 1))
            {
                fail("dropout", "a probability from 0 up to (not including) 1", format_number(p));
            }
        }

        matrix draw_dropout_mask(std::size_t n, std::size_t m, double p, splitmix64& stream)
        {
            const double keep = 1.0 / (1.0 - p);
            matrix mask = xt::empty<double>({n, m});
            for (std::size_t i = 0; i < n; ++i)
            {
                for (std::size_t j = 0; j < m; ++j)
                {
                    mask(i, j) = stream.uniform() < p ? 0.0 : keep;
                }
            }
            return mask;
        }

        /**
         * The passes in scalar type T (double, or float for precision 'float32'), each
         * intermediate widened to double only as it enters the trace. In double this is the
         * engine's attention, bit for bit: the same sums in the same order.
         */
        template <class T>
        attention_trace attention_passes(const matrix& query, const matrix& key,
                                         const matrix& value, const matrix* allowed,
                                         double mask_fill, const matrix* dropout_mask,
                                         const matrix* bias = nullptr)
        {
            // Shape contract: query (n × d_k), key (m × d_k), value (m × d_v), allowed (n × m)
            // → scores, scaled, masked, weights (n × m), output (n × d_v).
            attention_trace t;
            const std::size_t n = rows(query), m = rows(key), d_k = cols(query), d_v = cols(value);
            const scalar_inputs<T> in(query, key, value);

            // pass 1: scores = Q·Kᵀ, how well each query matches each key. Finite inputs can
            // still overflow (values near 1e200); score_tile says so here rather than let an
            // infinite score surface later as a softmax error about "logits". Dividing by 1
            // is exact: the scaling is pass 2's.
            std::vector<T> key_t(d_k * m), scores(n * m);
            score_tile(in.query, in.key, d_k, 0, n, 0, m, T(1), mask_lookup({}, n, m), T(0),
                       key_t.data(), scores.data());
            t.scores = widen(scores.data(), n, m);

            // pass 2: divide by √d_k. Dot products of d_k-long vectors with unit-variance
            // entries have variance d_k; scaling brings it back to 1 so the softmax does not
            // saturate as d_k grows.
            const T sqrt_d_k = std::sqrt(static_cast<T>(d_k));
            t.sqrt_d_k = sqrt_d_k;
            std::vector<T>& logits = scores;
            for (T& x : logits)
            {
                x /= sqrt_d_k;
            }
            t.scaled = widen(logits.data(), n, m);
            // A bias on the scaled scores (ALiBi's penalty on distance) shifts them before the
            // mask, so a blocked cell stays blocked whatever its bias.
            if (bias != nullptr)
            {
                t.has_bias = true;
                t.bias = *bias;
                for (std::size_t k = 0; k < n * m; ++k)
                {
                    logits[k] += static_cast<T>(bias->data()[k]);
                }
                t.biased = widen(logits.data(), n, m);
            }

            // pass 3: blocked cells take the fill value (−∞ removes them from the softmax).
            if (allowed != nullptr)
            {
                t.has_mask = true;
                t.mask = *allowed;
                const T fill = static_cast<T>(mask_fill);
                for (std::size_t k = 0; k < n * m; ++k)
                {
                    logits[k] = allowed->data()[k] == 0 ? fill : logits[k];
                }
                t.masked = widen(logits.data(), n, m);
                t.fully_masked_rows = fully_masked_rows(t.mask);
            }

            // pass 4: softmax of each row, the attention weights (n × m).
            std::vector<T> exps(n * m), weights(n * m), row_max(n), row_sum(n);
            for (std::size_t i = 0; i < n; ++i)
            {
                softmax_row(logits.data() + i * m, m, exps.data() + i * m, weights.data() + i * m,
                            row_max[i], row_sum[i]);
            }
            t.softmax = {widen(row_max.data(), n), widen(exps.data(), n, m),
                         widen(row_sum.data(), n), widen(weights.data(), n, m)};
            t.weights = t.softmax.weights;
            t.weight_sums = xt::sum(t.weights, {1});

            // pass 5: output = weights·V, each query's weighted average of the values (n × d_v).
            // Each output row is a convex combination of value rows, so it cannot overflow.
            std::vector<T> output(n * d_v);
            if (dropout_mask == nullptr)
            {
                matmul_into(weights.data(), in.value, output.data(), n, m, d_v);
                t.output = widen(output.data(), n, d_v);
                return t;
            }
            // In training, dropout first zeroes some weights and scales the rest by 1/(1 − p),
            // so a query cannot rely on any one key. The rows are no longer convex
            // combinations: up to 1/(1 − p) times the largest value, which stays finite only
            // for p not too near 1.
            t.has_dropout = true;
            t.dropout_mask = *dropout_mask;
            for (std::size_t k = 0; k < n * m; ++k)
            {
                weights[k] *= static_cast<T>(dropout_mask->data()[k]);
            }
            t.dropped_weights = widen(weights.data(), n, m);
            matmul_into(weights.data(), in.value, output.data(), n, m, d_v);
            t.output = widen(output.data(), n, d_v);
            check_finite_result("dropout", "output", t.output);
            return t;
        }

        attention_trace attention_unchecked(const matrix& query, const matrix& key,
                                            const matrix& value, const matrix* allowed,
                                            double mask_fill, const matrix* dropout_mask,
                                            const matrix* bias)
        {
            return attention_passes<double>(query, key, value, allowed, mask_fill, dropout_mask,
                                            bias);
        }
    } // namespace detail

    attention_trace scaled_dot_product_attention(const matrix& query, const matrix& key,
                                                 const matrix& value,
                                                 const attention_options& options)
    {
        detail::check_attention_inputs(query, key, value, max_dimension);
        detail::check_mask_fill(options.mask_fill);
        detail::check_dropout(options.dropout);
        if (options.scalar == precision::float32)
        {
            detail::check_fill_fits_float(options.mask_fill);
        }

        const std::size_t n = rows(query), m = rows(key);
        const bool masked = options.mask.type != attention_mask::kind::none;
        const matrix allowed = masked ? resolve_mask(options.mask, n, m) : matrix{};
        matrix dropout_mask;
        if (options.dropout > 0)
        {
            splitmix64 stream(stream_state(
                options.dropout_seed, static_cast<std::uint64_t>(input_stream::attention_dropout)));
            dropout_mask = detail::draw_dropout_mask(n, m, options.dropout, stream);
        }
        return with_scalar_type(options.scalar,
                                [&](auto zero)
                                {
                                    return detail::attention_passes<decltype(zero)>(
                                        query, key, value, masked ? &allowed : nullptr,
                                        options.mask_fill,
                                        options.dropout > 0 ? &dropout_mask : nullptr);
                                });
    }
} // namespace attn
