#ifndef ATTN_KV_CACHE_HPP
#define ATTN_KV_CACHE_HPP

/**
 * @file kv_cache.hpp
 * @brief Causal self-attention decoded one row at a time with a key/value cache, as a
 * transformer generates text: each new row projects only itself and attends over the keys and
 * values cached from the rows before it.
 */

#include <cstddef>
#include <cstdint>
#include <vector>

#include "attn/error.hpp"
#include "attn/matrix.hpp"
#include "attn/multi_head_attention.hpp"

namespace attn
{
    /// One decoding step: the row at `position` joins the cache and attends over it.
    struct kv_cache_step
    {
        std::size_t position = 0;
        vector query;       ///< (d_model) this row's x·W_Q + b_Q
        matrix keys;        ///< ((position+1) × d_model) the cache after this row's key joined
        matrix values;      ///< ((position+1) × d_model)
        matrix weights;     ///< (h × (position+1)) each head's softmax over the cached keys
        vector output_row;  ///< (d_model) concat·W_O + b_O for this row
        /// 4·d² + 2·(t+1)·d: this row's four projections and its heads' scores and weighted sums.
        std::size_t multiply_adds_with_cache = 0;
        /// 4·(t+1)·d² + 2·(t+1)²·d: the whole layer run again on rows 0 … t, as a decoder
        /// without a cache does (every row's projections and the (t+1) × (t+1) attention).
        std::size_t multiply_adds_without_cache = 0;
    };

    struct kv_cache_trace
    {
        std::size_t heads = 1;
        std::size_t d_model = 0;
        std::size_t d_k = 0;
        resolved_multi_head_params params;
        std::vector<kv_cache_step> positions; ///< one per row of the input, in order
        matrix output;                        ///< (n × d_model) the output rows stacked
        std::size_t cache_cells = 0;          ///< 2·n·d_model: the keys and values kept at the end
    };

    /**
     * @brief Decodes `input` row by row with a growing key/value cache. The output equals
     * multi_head_attention(input, input, input, same params, causal mask) row for row.
     * @param input (n × d_model), n ≤ max_sequence, and n·(n+1)·d_model ≤ max_trace_numbers, as
     * every position returns its whole cache
     * @param params W_Q, W_K, W_V, W_O (d_model × d_model) and biases; omitted ones as
     * multi-head attention fills them (seeded Xavier, no bias)
     * @param heads h, dividing d_model
     * @param seed for omitted weights
     * @return every step's cache, weights and output row, and the stacked output
     */
    kv_cache_trace kv_cache_decode(const matrix& input, const multi_head_params& params,
                                   std::size_t heads, std::uint32_t seed);

    /// The multiply-adds of decoding the row at `position` with a cache of d_model-wide rows.
    std::size_t kv_multiply_adds_with_cache(std::size_t position, std::size_t d_model);

    /// The multiply-adds of recomputing rows 0 … position without a cache.
    std::size_t kv_multiply_adds_without_cache(std::size_t position, std::size_t d_model);
} // namespace attn

#endif
