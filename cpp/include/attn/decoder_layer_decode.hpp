#ifndef ATTN_DECODER_LAYER_DECODE_HPP
#define ATTN_DECODER_LAYER_DECODE_HPP

/**
 * @file decoder_layer_decode.hpp
 * @brief A decoder layer run one position at a time, as a language model generates: each new
 * position is normalised, projected and rotated alone, its key and value join the layer's
 * cache, its query attends over every cached key of its key/value head, and the feed-forward
 * runs on its row only. Row t of the result equals row t of decoder_layer on positions
 * 0 … t, since under the causal mask no row sees a later one.
 */

#include <cstddef>
#include <vector>

#include "attn/decoder_layer.hpp"
#include "attn/kv_cache_memory.hpp"

namespace attn
{
    /// One layer's cache: the key, rotated at its position, and the value of every position
    /// decoded so far, kvHeads·d_k numbers each.
    struct decoder_layer_cache
    {
        std::size_t capacity = 0; ///< the positions it has room for
        std::size_t length = 0;   ///< the positions it holds: 0 … length − 1
        matrix keys;              ///< (capacity × kvHeads·d_k) rows 0 … length − 1 filled
        matrix values;            ///< (capacity × kvHeads·d_k)
    };

    /**
     * @brief An empty cache for `weights`' layer with room for `capacity` positions.
     * @param capacity 1 … max_sequence, and capacity·kvHeads·d_k ≤ max_peak_cells
     * @throws attention_error naming capacity
     */
    decoder_layer_cache make_decoder_layer_cache(const decoder_layer_weights& weights,
                                                 std::size_t capacity);

    /// One position through the layer. Rows of the attention are its `held` cached positions.
    struct decoder_layer_step
    {
        std::size_t position = 0;
        vector input;         ///< (d_model) x_t
        rms_norm_trace norm1; ///< pass 1: (1 × d_model) RMSNorm₁(x_t)
        /// pass 2: (d_model) norm1·W_Q, each head's columns rotated at `position`
        vector query;
        /// pass 2: (kvHeads·d_k) norm1·W_K, each key/value head's columns rotated at
        /// `position`: the row this position adds to the cache
        vector key;
        vector value;   ///< pass 2: (kvHeads·d_k) norm1·W_V, added to the cache as it is
        matrix scores;  ///< pass 3: (h × held) head i's query · every cached key of its kv head
        matrix scaled;  ///< pass 3: (h × held) scores / √d_k
        matrix weights; ///< pass 4: (h × held) each head's softmax over the cache
        vector concat;  ///< pass 4: (d_model) each head's weighted sum of values
        vector attention_output;    ///< pass 5: (d_model) concat·W_O
        vector residual1;           ///< pass 6: x_t + attention_output
        rms_norm_trace norm2;       ///< pass 7: (1 × d_model) RMSNorm₂(residual1)
        swi_glu_trace feed_forward; ///< pass 8: SwiGLU(norm2.output), one row
        vector output;              ///< pass 9: (d_model) residual1 + feed_forward.output
        /// The cache once this position joined: position + 1 rows of keys and values, counted
        /// as kvCacheMemory counts one layer's (8-byte numbers).
        kv_cache_memory_trace cache;
    };

    /**
     * @brief Decodes position `position` of a sequence through one decoder layer, appending
     * its key and value to `cache`.
     * @param weights the layer, as resolve_decoder_layer_weights gives it
     * @param cache made for these weights, holding positions 0 … position − 1; it holds
     * position too when the step returns; when it throws, it still holds positions
     * 0 … position − 1 as they were (a refused argument writes nothing)
     * @param x_t (d_model) the position's row of the layer's input
     * @param position the next position of the cache (its length), below its capacity
     * @throws attention_error naming position, input or cache
     */
    decoder_layer_step decoder_layer_decode_step(const decoder_layer_weights& weights,
                                                 decoder_layer_cache& cache, const vector& x_t,
                                                 std::size_t position);

    struct decoder_layer_decode_trace
    {
        std::vector<decoder_layer_step> steps; ///< one per row of the input, in order
        matrix output;                         ///< (n × d_model) the steps' output rows
        decoder_parameter_count parameter_count;
    };

    /**
     * @brief decoder_layer's input decoded one row at a time through a cache of n positions:
     * the output equals decoder_layer(input, params, options).residual2 row for row.
     * @param input (n × d_model), heads·n·n ≤ max_attention_cells as decoder_layer's attention
     * @param params as decoder_layer's
     * @param options as decoder_layer's
     * @throws attention_error naming the argument at fault
     */
    decoder_layer_decode_trace decoder_layer_decode(const matrix& input,
                                                    const decoder_layer_params& params,
                                                    const decoder_layer_options& options);
} // namespace attn

#endif
