#ifndef ATTN_MULTI_HEAD_ATTENTION_HPP
#define ATTN_MULTI_HEAD_ATTENTION_HPP

/**
 * @file multi_head_attention.hpp
 * @brief Multi-head attention: project, split into heads, attend per head, concatenate, W_O.
 */

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "attn/attention.hpp"
#include "attn/entropy.hpp"
#include "attn/matrix.hpp"

namespace attn
{
    /// The four projections; omitted weights are drawn by seeded Xavier init, omitted biases are
    /// none.
    struct multi_head_params
    {
        std::optional<matrix> w_q, w_k, w_v, w_o; ///< (d_model × d_model) each
        std::optional<vector> b_q, b_k, b_v, b_o; ///< (d_model) each
    };

    struct multi_head_options
    {
        std::size_t heads = 1;
        attention_options attention;
        std::uint32_t seed = 0; ///< for omitted weights
        /// Independent sequences stacked in the rows of query, key and value, as the trainer
        /// runs a batch: query has sequences·n rows, key and value sequences·m, and attention
        /// stays inside each sequence. The row cap applies per sequence.
        std::size_t sequences = 1;
        /// Under dropout, sequence s draws its masks from dropout_seeds[s] (one per sequence);
        /// empty: every sequence from attention.dropout_seed.
        std::vector<std::uint32_t> dropout_seeds;
    };

    /// One head: its slices of the projections and its attention trace.
    struct head_trace
    {
        matrix query; ///< (n × d_k) columns i·d_k … (i+1)·d_k − 1 of the projected query
        matrix key;   ///< (m × d_k)
        matrix value; ///< (m × d_k)
        attention_trace attention;
        /// How spread out the head's weights are (attention_entropy's numbers): the page captions
        /// every head with it, so one engine call serves them all.
        entropy_trace entropy;
    };

    /// The parameters actually used, after filling in the omitted ones.
    struct resolved_multi_head_params
    {
        matrix w_q, w_k, w_v, w_o;
        vector b_q, b_k, b_v, b_o; ///< empty when that bias was omitted
    };

    struct multi_head_trace
    {
        std::size_t heads = 1;
        std::size_t d_model = 0;
        std::size_t d_k = 0;
        std::size_t sequences = 1; ///< multi_head_options::sequences
        resolved_multi_head_params params;
        matrix projected_query;           ///< (n × d_model) pass 1
        matrix projected_key;             ///< (m × d_model)
        matrix projected_value;           ///< (m × d_model)
        std::vector<head_trace> per_head; ///< passes 2 and 3; sequence s, head i at s·h + i
        matrix concat;                    ///< (n × d_model) pass 4
        matrix output;                    ///< (n × d_model) pass 5
        /// (h × n × m) every head's weights; stacked sequences stack their rows.
        tensor3 weights;
        std::size_t parameter_count = 0;
    };

    /**
     * @brief Multi-head attention, query (n × d_model) attending over key/value (m × d_model).
     * @param query (n × d_model)
     * @param key (m × d_model)
     * @param value (m × d_model)
     * @param params W_Q, W_K, W_V, W_O (d_model × d_model) applied as x·W + b
     * @param options heads (must divide d_model), mask, mask fill, seed
     * @return the full trace
     */
    multi_head_trace multi_head_attention(const matrix& query, const matrix& key,
                                          const matrix& value, const multi_head_params& params,
                                          const multi_head_options& options);

    /// 4·d² weights plus d for each of the `biases` (0 … 4) bias vectors present.
    std::size_t multi_head_parameter_count(std::size_t d_model, std::size_t biases);

    /// The same count for the biases given in `given`.
    std::size_t multi_head_parameter_count(std::size_t d_model, const multi_head_params& given);

    /**
     * @brief The weights and biases a multi-head layer uses: each given one checked
     * (d_model × d_model, or d_model for a bias; the message names it), each omitted weight
     * drawn by seeded Xavier init, each omitted bias left empty.
     */
    resolved_multi_head_params resolve_multi_head_params(const multi_head_params& given,
                                                         std::size_t d_model, std::uint32_t seed);

    namespace detail
    {
        /// Checks `heads` divides d_model ("heads: expected a divisor of d_model = 6, got 4").
        void check_heads(std::size_t heads, std::size_t d_model);
    } // namespace detail
} // namespace attn

#endif
