#include "attn/sparse_attention.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "attn/error.hpp"
#include "attn/random.hpp"
#include "score_tiles.hpp"

namespace attn
{
    namespace
    {
        /// The global tokens as indices, each checked: a whole number from 0 to n − 1, once.
        std::vector<std::size_t> checked_global_tokens(const vector& given, std::size_t n)
        {
            std::vector<std::size_t> tokens;
            tokens.reserve(given.size());
            for (std::size_t g = 0; g < given.size(); ++g)
            {
                const std::string name = "globalTokens[" + std::to_string(g) + "]";
                const std::size_t token = detail::check_integer(name, given(g), 0, double(n - 1));
                const auto earlier = std::find(tokens.begin(), tokens.end(), token);
                if (earlier != tokens.end())
                {
                    detail::fail(name, "a token not listed before",
                                 std::to_string(token) + " (also globalTokens[" +
                                     std::to_string(earlier - tokens.begin()) + "])");
                }
                tokens.push_back(token);
            }
            return tokens;
        }

        void check_inputs(const matrix& query, const matrix& key, const matrix& value,
                          const sparse_attention_options& options)
        {
            detail::check_attention_inputs(query, key, value, max_sequence);
            // Window and global tokens are positions in one sequence, for queries and keys alike.
            if (rows(key) != rows(query))
            {
                detail::fail("key",
                             std::to_string(rows(query)) +
                                 " rows (one per query: the pattern is over one sequence)",
                             std::to_string(rows(key)));
            }
            detail::check_mask_fill(options.mask_fill);
        }
    } // namespace

    sparse_pattern sparse_attention_pattern(std::size_t n, const sparse_attention_options& options)
    {
        const std::vector<std::size_t> globals = checked_global_tokens(options.global_tokens, n);
        if (options.random_per_row > n)
        {
            detail::fail("randomPerRow",
                         "a whole number from 0 to " + std::to_string(n) + " (the keys there are)",
                         std::to_string(options.random_per_row));
        }
        std::vector<bool> is_global(n, false);
        for (const std::size_t g : globals)
        {
            is_global[g] = true;
        }
        const std::size_t w = std::min(options.window, n);
        const std::size_t per_row = std::min(n, 2 * w + 1 + globals.size() + options.random_per_row);
        sparse_pattern p;
        p.row_start.reserve(n + 1);
        p.keys.reserve(std::min(n * per_row + globals.size() * n, n * n));
        // allowed_in[j] == i marks key j as already allowed for query i: no clearing per row.
        std::vector<std::size_t> allowed_in(n, n);
        splitmix64 rng(stream_state(options.seed,
                                    static_cast<std::uint64_t>(input_stream::sparse_random_keys)));
        for (std::size_t i = 0; i < n; ++i)
        {
            const std::size_t start = p.keys.size();
            p.row_start.push_back(start);
            const auto allow = [&](std::size_t j) {
                if (allowed_in[j] != i)
                {
                    allowed_in[j] = i;
                    p.keys.push_back(j);
                }
            };
            if (is_global[i])
            {
                // A global token attends to every key, so it draws no random keys.
                for (std::size_t j = 0; j < n; ++j)
                {
                    allow(j);
                }
                continue;
            }
            // Longformer's window: |i − j| ≤ w.
            for (std::size_t j = i > w ? i - w : 0; j <= std::min(n - 1, i + w); ++j)
            {
                allow(j);
            }
            for (const std::size_t g : globals)
            {
                allow(g);
            }
            // BigBird's random keys: draw until this row has its share of new keys.
            const std::size_t wanted =
                std::min(options.random_per_row, n - (p.keys.size() - start));
            for (std::size_t drawn = 0; drawn < wanted;)
            {
                const std::size_t j = static_cast<std::size_t>(rng.uniform() * double(n));
                if (allowed_in[j] != i)
                {
                    allow(j);
                    ++drawn;
                }
            }
            // Ascending keys, so the lean path sums in the order the dense one does.
            std::sort(p.keys.begin() + static_cast<std::ptrdiff_t>(start), p.keys.end());
        }
        p.row_start.push_back(p.keys.size());
        return p;
    }

    namespace
    {
        /// Attention over the allowed cells only, one query row at a time. Blocked cells under
        /// a finite fill all share one logit, so together they add (n − k)·e^(fill − max) to
        /// the denominator and e^(fill − max)·(Σ all values − Σ allowed values) to the output.
        /// A row with no blocked cell takes no share at all: the fill may lie far above its
        /// scores, where e^(fill − max) overflows and 0·∞ would be NaN.
        matrix sparse_output(const matrix& query, const matrix& key, const matrix& value,
                             const sparse_pattern& p, double mask_fill)
        {
            const std::size_t n = rows(query), d_k = cols(query), d_v = cols(value);
            const double sqrt_d_k = std::sqrt(static_cast<double>(d_k));
            const bool fill_counts = std::isfinite(mask_fill);
            // Σ all values sums n of them: scaled by a power of two when values near the top of
            // double range would overflow it, and the output scaled back exactly at the end.
            detail::scalar_inputs<double> in(query, key, value);
            const double value_scale = fill_counts ? in.scale_values(n * d_v, n) : 1.0;
            matrix output = xt::zeros<double>({n, d_v});
            vector weights = xt::empty<double>({p.keys.size()});
            vector value_sum = xt::zeros<double>({d_v});
            vector blocked_sum = xt::empty<double>({d_v});
            const double* q = query.data();
            const double* k = key.data();
            const double* v = in.value;
            if (fill_counts)
            {
                for (std::size_t j = 0; j < n; ++j)
                {
                    for (std::size_t b = 0; b < d_v; ++b)
                    {
                        value_sum(b) += v[j * d_v + b];
                    }
                }
            }
            for (std::size_t i = 0; i < n; ++i)
            {
                const std::size_t first = p.row_start[i], last = p.row_start[i + 1];
                const std::size_t blocked = n - (last - first);
                const bool fills = fill_counts && blocked > 0;
                double* w = weights.data();
                // pass 1 and 2: scaled scores of the allowed keys only.
                double row_max = fills ? mask_fill : -std::numeric_limits<double>::infinity();
                for (std::size_t c = first; c < last; ++c)
                {
                    const double* k_row = k + p.keys[c] * d_k;
                    double score = 0;
                    for (std::size_t a = 0; a < d_k; ++a)
                    {
                        score += q[i * d_k + a] * k_row[a];
                    }
                    if (!std::isfinite(score))
                    {
                        detail::fail_overflow("query", "scores", i, p.keys[c], score);
                    }
                    w[c] = score / sqrt_d_k;
                    row_max = std::max(row_max, w[c]);
                }
                // pass 4: softmax over the allowed cells (and the blocked ones' shared share).
                double sum = 0;
                for (std::size_t c = first; c < last; ++c)
                {
                    w[c] = std::exp(w[c] - row_max);
                    sum += w[c];
                }
                const double blocked_exp = fills ? std::exp(mask_fill - row_max) : 0.0;
                sum += static_cast<double>(blocked) * blocked_exp;
                // pass 5: the weighted values, allowed keys in ascending order.
                double* out = output.data() + i * d_v;
                if (fills)
                {
                    std::copy(value_sum.begin(), value_sum.end(), blocked_sum.begin());
                }
                for (std::size_t c = first; c < last; ++c)
                {
                    w[c] /= sum;
                    const double* v_row = v + p.keys[c] * d_v;
                    for (std::size_t b = 0; b < d_v; ++b)
                    {
                        out[b] += w[c] * v_row[b];
                    }
                    if (fills)
                    {
                        for (std::size_t b = 0; b < d_v; ++b)
                        {
                            blocked_sum(b) -= v_row[b];
                        }
                    }
                }
                for (std::size_t b = 0; fills && b < d_v; ++b)
                {
                    out[b] += blocked_exp / sum * blocked_sum(b);
                }
                for (std::size_t b = 0; value_scale != 1.0 && b < d_v; ++b)
                {
                    out[b] /= value_scale;
                }
            }
            return output;
        }

        matrix mask_of(const sparse_pattern& p, std::size_t n)
        {
            matrix allowed = xt::zeros<double>({n, n});
            for (std::size_t i = 0; i < n; ++i)
            {
                for (std::size_t c = p.row_start[i]; c < p.row_start[i + 1]; ++c)
                {
                    allowed(i, p.keys[c]) = 1;
                }
            }
            return allowed;
        }
    } // namespace

    sparse_attention_trace sparse_attention(const matrix& query, const matrix& key,
                                            const matrix& value,
                                            const sparse_attention_options& options)
    {
        // Shape contract: query, key (n × d_k), value (n × d_v) → mask and every attention
        // matrix (n × n) when traced, output (n × d_v), keys_per_row (n).
        check_inputs(query, key, value, options);
        const std::size_t n = rows(query);
        const sparse_pattern pattern = sparse_attention_pattern(n, options);
        if (options.trace)
        {
            // scores, scaled, mask, masked, exps, softmax weights and weights: seven n × n.
            detail::check_trace_numbers(7 * n * n + n * (cols(value) + 5),
                                        "seven n × n matrices of attention's trace");
        }

        sparse_attention_trace t;
        t.keys_per_row.resize(n);
        for (std::size_t i = 0; i < n; ++i)
        {
            t.keys_per_row[i] = pattern.row_start[i + 1] - pattern.row_start[i];
        }
        t.peak_cells = pattern.keys.size();
        if (!options.trace)
        {
            t.detail = sparse_attention_lean{};
            t.output = sparse_output(query, key, value, pattern, options.mask_fill);
            return t;
        }
        // Traced, it is attention with the pattern as its mask, pass for pass.
        const matrix allowed = mask_of(pattern, n);
        sparse_attention_full full{
            detail::attention_unchecked(query, key, value, &allowed, options.mask_fill)};
        t.output = full.attention.output;
        t.detail = std::move(full);
        return t;
    }
} // namespace attn
