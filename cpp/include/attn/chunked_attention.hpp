#ifndef ATTN_CHUNKED_ATTENTION_HPP
#define ATTN_CHUNKED_ATTENTION_HPP

/**
 * @file chunked_attention.hpp
 * @brief Attention by chunks of queries and keys (Rabe & Staats 2021, "Self-attention does not
 * need O(n²) memory"): each key chunk is summarised on its own (its max, Σ exp and exp·V
 * against that max), then the summaries of a query chunk are combined against their common
 * max. The same output as softmax(Q·Kᵀ/√d_k)·V, without an n × m matrix.
 */

#include <cstddef>
#include <limits>
#include <vector>

#include "attn/mask.hpp"
#include "attn/matrix.hpp"

namespace attn
{
    struct chunked_options
    {
        attention_mask mask;
        /// What blocked scores become: −∞ (default) or any finite number, as in attention.
        double mask_fill = -std::numeric_limits<double>::infinity();
        /// Queries and keys per chunk, 1 … n.
        std::size_t chunk_size = 1;
        /// false: only output and peak_cells (for n in the thousands).
        bool trace = true;
    };

    /// One query chunk against one key chunk, summarised on its own. Vectors and rows have
    /// one entry per query of the chunk.
    struct attention_chunk
    {
        std::size_t query_start = 0, key_start = 0; ///< its first query and first key
        std::size_t rows = 0, cols = 0;             ///< queries × keys in the chunk
        vector chunk_max;    ///< max of each row of the chunk's scores (−∞ if all blocked)
        vector chunk_sum;    ///< Σ exp(score − chunk_max) over the chunk's keys
        matrix chunk_output; ///< (rows × d_v) Σ exp(score − chunk_max)·V over the chunk's keys
    };

    /// The combination of one query chunk's summaries, one per key chunk.
    struct chunk_combination
    {
        std::size_t query_start = 0, rows = 0;
        vector global_max; ///< the max of the chunk maxes: each row's max over every key
        matrix factors;    ///< (key chunks × rows) exp(chunk_max − global_max)
        vector sum;        ///< Σ factor·chunk_sum: the softmax's denominator
        matrix output;     ///< (rows × d_v) Σ factor·chunk_output / sum
    };

    struct chunked_attention_trace
    {
        matrix output;              ///< (n × d_v) equal to attention's output
        std::size_t chunk_size = 0; ///< queries and keys per chunk
        /// 1, or the power of two the values were multiplied by (values within a factor m of
        /// the largest double) so the summed outputs stay finite; chunk outputs are in those
        /// units, output is not.
        double value_scale = 1;
        /// Cells of the largest single intermediate: the chunk of scores, or one query chunk's
        /// summaries (key chunks × chunk × d_v); never n × m.
        std::size_t peak_cells = 0;
        bool has_chunks = false;
        std::vector<attention_chunk> chunks;         ///< query chunk outer, key chunk inner; traced
        std::vector<chunk_combination> combinations; ///< one per query chunk; traced
    };

    /**
     * @brief Scaled dot-product attention by chunks (Rabe & Staats 2021).
     * @param query (n × d_k), n up to max_sequence
     * @param key (m × d_k), m up to max_sequence
     * @param value (m × d_v)
     * @param options mask, fill, chunk size, trace
     * @throws attention_error naming the argument on any bad shape, value or size
     */
    chunked_attention_trace chunked_attention(const matrix& query, const matrix& key,
                                              const matrix& value, const chunked_options& options);
} // namespace attn

#endif
