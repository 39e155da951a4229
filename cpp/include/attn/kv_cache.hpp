#ifndef ATTN_KV_CACHE_HPP
#define ATTN_KV_CACHE_HPP

/**
 * @file kv_cache.hpp
 * @brief Causal self-attention decoded one row at a time with a key/value cache, as a
 * transformer generates text: each new row projects only itself and attends over the keys and
 * values cached from the rows before it. The cache holds what the model keeps: kvHeads·d_k
 * numbers per row for its key and as many for its value (grouped- and multi-query attention),
 * and under a sliding window only the last `window` rows plus the first `sinks`.
 */

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "attn/error.hpp"
#include "attn/matrix.hpp"
#include "attn/multi_head_attention.hpp"
#include "attn/rope.hpp"

namespace attn
{
    struct kv_cache_options
    {
        std::size_t heads = 1;               ///< query heads h, dividing d_model
        std::optional<std::size_t> kv_heads; ///< key/value heads, dividing heads; omitted: heads
        /// rope: each key rotated at its absolute position once, as it enters the cache, and
        /// each query at its own; alibi: head h adds −slope_h·(t − j) to the scaled score of
        /// query t and cached key j.
        head_positions positional = head_positions::none;
        double rope_base = 10000;                             ///< finite, > 0
        rope_convention rope_pairing = rope_convention::half; ///< under rope
        /// A sliding window: row t attends over rows t − window + 1 … t only (and the sinks).
        std::optional<std::size_t> window;
        /// With a window: rows 0 … sinks − 1 stay in the cache for every later row.
        std::optional<std::size_t> sinks;
        std::uint32_t seed = 0; ///< for omitted weights
    };

    /// One decoding step: the row at `position` joins the cache and attends over it.
    struct kv_cache_step
    {
        std::size_t position = 0;
        /// The absolute positions the cache holds once this row joined, in order: every row so
        /// far, or under a window the sinks and the last `window` rows.
        std::vector<std::size_t> cached_positions;
        vector query;  ///< (d_model) this row's x·W_Q + b_Q, under rope rotated at `position`
        matrix keys;   ///< (held × kvHeads·d_k) the cached keys, under rope each rotated at its position
        matrix values; ///< (held × kvHeads·d_k)
        /// (h × held) under alibi: −slope_h·(position − j) for each cached position j
        matrix bias;
        matrix weights;    ///< (h × held) each head's softmax over the cached keys
        vector output_row; ///< (d_model) concat·W_O + b_O for this row
        /// 2·d² + 2·d·w + 2·held·d, w = kvHeads·d_k: this row's four projections, and each
        /// head's scores and weighted sum over the `held` cached rows.
        std::size_t multiply_adds_with_cache = 0;
        /// (t+1)·(2·d² + 2·d·w) + 2·(t+1)²·d: the whole layer run again on rows 0 … t, as a
        /// decoder without a cache does (every row's projections and the (t+1) × (t+1)
        /// attention, whatever its mask).
        std::size_t multiply_adds_without_cache = 0;
    };

    struct kv_cache_trace
    {
        std::size_t heads = 1;
        std::size_t kv_heads = 1;
        std::size_t d_model = 0;
        std::size_t d_k = 0;
        resolved_multi_head_params params;
        vector alibi_slopes;                  ///< (h) under alibi: each head's slope
        std::vector<kv_cache_step> positions; ///< one per row of the input, in order
        matrix output;                        ///< (n × d_model) the output rows stacked
        /// 2·held·kvHeads·d_k: the keys and values the cache holds at the end
        std::size_t cache_cells = 0;
    };

    /**
     * @brief Decodes `input` row by row with a key/value cache. The output equals
     * multi_head_attention(input, input, input) with the same params, heads, key/value heads
     * and positions, under the causal mask (or the window's, with its sinks), row for row.
     * @param input (n × d_model), n ≤ max_sequence, and n·(n+1)·d_model ≤ max_trace_numbers, as
     * every position returns its whole cache
     * @param params W_Q, W_O (d_model × d_model), W_K, W_V (d_model × kvHeads·d_k) and biases;
     * omitted ones as multi-head attention fills them (seeded Xavier, no bias)
     * @param options heads, key/value heads, positions, window and sinks, seed
     * @return every step's cache, weights and output row, and the stacked output
     */
    kv_cache_trace kv_cache_decode(const matrix& input, const multi_head_params& params,
                                   const kv_cache_options& options);

    /// The multiply-adds of decoding one row with `held` rows cached, d_model wide, with
    /// key/value projections kv_width wide.
    std::size_t kv_multiply_adds_with_cache(std::size_t held, std::size_t d_model,
                                            std::size_t kv_width);

    /// The multiply-adds of recomputing rows 0 … position without a cache.
    std::size_t kv_multiply_adds_without_cache(std::size_t position, std::size_t d_model,
                                               std::size_t kv_width);

    namespace detail
    {
        /// Each of `heads` heads' d_k columns of `row` (1 × heads·d_k) turned by RoPE at
        /// `position`: how a new row's query meets the cache, and its key enters it.
        matrix rotate_heads_at(const matrix& row, std::size_t heads, std::size_t d_k,
                               std::size_t position, double rope_base, rope_convention pairing);

        /// One new row's heads attending over the rows a cache holds.
        struct cached_attention
        {
            matrix scores;  ///< (h × held) each head's query · the cached keys of its kv head
            matrix scaled;  ///< (h × held) scores / √d_k
            matrix weights; ///< (h × held) each head's softmax over the cached keys
            matrix concat;  ///< (1 × h·d_k) each head's weighted sum of values, side by side
        };

        /**
         * @brief Query head i reads key/value head ⌊i·g / h⌋ of the cache: consecutive query
         * heads share one. Overflows are blamed on query, key or value.
         * @param query (1 × h·d_k) the new row's query
         * @param keys (≥ held × g·d_k) the cache's keys, rows 0 … held − 1 read
         * @param values (≥ held × g·d_k) the cache's values
         * @param held how many rows of the cache the row attends over
         * @param bias (h × held) added to each head's scaled scores (ALiBi), or null
         */
        cached_attention attend_over_cache(const matrix& query, const matrix& keys,
                                           const matrix& values, std::size_t held,
                                           std::size_t heads, std::size_t kv_heads,
                                           const matrix* bias);
    } // namespace detail
} // namespace attn

#endif
