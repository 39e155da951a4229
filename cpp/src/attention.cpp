#include "attn/attention.hpp"

#include <cmath>

#include <xtensor/xreducer.hpp>

#include "attn/error.hpp"

namespace attn
{
    namespace detail
    {
        void check_query_key_value(const matrix& query, const matrix& key, const matrix& value)
        {
            check_matrix("query", query);
            check_matrix("key", key);
            check_matrix("value", value);
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

        attention_trace attention_unchecked(const matrix& query, const matrix& key,
                                            const matrix& value, const matrix* allowed,
                                            double mask_fill, const matrix* dropout_mask)
        {
            // Shape contract: query (n × d_k), key (m × d_k), value (m × d_v), allowed (n × m)
            // → scores, scaled, masked, weights (n × m), output (n × d_v).
            attention_trace t;
            const std::size_t n = rows(query), m = rows(key);

            // pass 1: scores = Q·Kᵀ, how well each query matches each key.
            t.scores = matmul_transposed(query, key); // (n × m)
            // Finite inputs can still overflow (values near 1e200); say so here rather than
            // let an infinite score surface later as a softmax error about "logits".
            check_finite_result("query", "scores", t.scores);

            // pass 2: divide by √d_k. Dot products of d_k-long vectors with unit-variance
            // entries have variance d_k; scaling brings it back to 1 so the softmax does not
            // saturate as d_k grows.
            t.sqrt_d_k = std::sqrt(static_cast<double>(cols(query)));
            t.scaled = t.scores / t.sqrt_d_k; // (n × m)

            // pass 3: blocked cells take the fill value (−∞ removes them from the softmax).
            const matrix* logits = &t.scaled;
            if (allowed != nullptr)
            {
                t.has_mask = true;
                t.mask = *allowed;
                t.masked = t.scaled;
                for (std::size_t i = 0; i < n; ++i)
                {
                    for (std::size_t j = 0; j < m; ++j)
                    {
                        if (t.mask(i, j) == 0)
                        {
                            t.masked(i, j) = mask_fill;
                        }
                    }
                }
                t.fully_masked_rows = fully_masked_rows(t.mask);
                logits = &t.masked;
            }

            // pass 4: softmax of each row, the attention weights (n × m).
            t.softmax = softmax_rows(*logits);
            t.weights = t.softmax.weights;
            t.weight_sums = xt::sum(t.weights, {1});

            // pass 5: output = weights·V, each query's weighted average of the values (n × d_v).
            // Each output row is a convex combination of value rows, so it cannot overflow.
            if (dropout_mask == nullptr)
            {
                t.output = matmul(t.weights, value);
                return t;
            }
            // In training, dropout first zeroes some weights and scales the rest by 1/(1 − p),
            // so a query cannot rely on any one key. The rows are no longer convex
            // combinations: up to 1/(1 − p) times the largest value, which stays finite only
            // for p not too near 1.
            t.has_dropout = true;
            t.dropout_mask = *dropout_mask;
            t.dropped_weights = t.weights * t.dropout_mask;
            t.output = matmul(t.dropped_weights, value);
            check_finite_result("dropout", "output", t.output);
            return t;
        }
    } // namespace detail

    attention_trace scaled_dot_product_attention(const matrix& query, const matrix& key,
                                                 const matrix& value,
                                                 const attention_options& options)
    {
        detail::check_query_key_value(query, key, value);
        detail::check_mask_fill(options.mask_fill);
        detail::check_dropout(options.dropout);

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
        return detail::attention_unchecked(query, key, value, masked ? &allowed : nullptr,
                                           options.mask_fill,
                                           options.dropout > 0 ? &dropout_mask : nullptr);
    }
} // namespace attn
