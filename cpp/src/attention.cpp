#include "attn/attention.hpp"

#include <cmath>

#include <xtensor/xreducer.hpp>

#include "attn/error.hpp"

namespace attn
{
    namespace detail
    {
        void check_mask_fill(double mask_fill)
        {
            if (std::isnan(mask_fill) || mask_fill == std::numeric_limits<double>::infinity())
            {
                fail("maskFill", "a finite number or -Infinity", format_number(mask_fill));
            }
        }

        attention_trace attention_unchecked(const matrix& query, const matrix& key,
                                            const matrix& value, const matrix* allowed,
                                            double mask_fill)
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
            t.output = matmul(t.weights, value);
            return t;
        }
    } // namespace detail

    attention_trace scaled_dot_product_attention(const matrix& query, const matrix& key,
                                                 const matrix& value,
                                                 const attention_options& options)
    {
        detail::check_matrix("query", query);
        detail::check_matrix("key", key);
        detail::check_matrix("value", value);
        if (cols(key) != cols(query))
        {
            detail::fail("key", std::to_string(cols(query)) + " columns (d_k, the width of query)",
                         std::to_string(cols(key)));
        }
        if (rows(value) != rows(key))
        {
            detail::fail("value", std::to_string(rows(key)) + " rows (one per key)",
                         std::to_string(rows(value)));
        }
        detail::check_mask_fill(options.mask_fill);

        if (options.mask.type == attention_mask::kind::none)
        {
            return detail::attention_unchecked(query, key, value, nullptr, options.mask_fill);
        }
        const matrix allowed = resolve_mask(options.mask, rows(query), rows(key));
        return detail::attention_unchecked(query, key, value, &allowed, options.mask_fill);
    }
} // namespace attn
