#ifndef ATTN_MULTI_HEAD_ATTENTION_HPP
#define ATTN_MULTI_HEAD_ATTENTION_HPP

/**
 * @file multi_head_attention.hpp
 * @brief Multi-head attention: project, split into heads, attend per head, concatenate, W_O;
 * with the departures of today's LLMs from the 2017 layer: grouped- and multi-query attention,
 * rotary positions or ALiBi inside the heads, and a sliding window with attention sinks.
 */

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "attn/attention.hpp"
#include "attn/entropy.hpp"
#include "attn/matrix.hpp"
#include "attn/rope.hpp"

namespace attn
{
    /// The four projections; omitted weights are drawn by seeded Xavier init, omitted biases are
    /// none. W_K and W_V (and b_K, b_V) are kv_heads·d_k wide: d_model unless the heads share
    /// keys and values (multi_head_options::kv_heads).
    struct multi_head_params
    {
        /// W_Q, W_O (d_model × d_model); W_K, W_V (d_model × kv_heads·d_k)
        std::optional<matrix> w_q, w_k, w_v, w_o;
        /// b_Q, b_O (d_model); b_K, b_V (kv_heads·d_k)
        std::optional<vector> b_q, b_k, b_v, b_o;
    };

    /// How the heads know positions, if at all.
    enum class head_positions
    {
        none,  ///< not inside the layer (the sinusoids, if any, were added to its input)
        rope,  ///< rotary positions on each head's queries and keys (Su et al. 2021)
        alibi, ///< a linear penalty on distance added to each head's scores (Press et al. 2022)
    };

    /// "none", "rope" or "alibi"; anything else is an attention_error naming `argument`.
    head_positions parse_head_positions(const std::string& argument, const std::string& name);

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
        /// Key/value heads, dividing heads; none: as many as query heads. Query head h uses
        /// key/value head ⌊h·kv_heads / heads⌋, so consecutive query heads share one, as
        /// repeat_kv's blocks: grouped-query attention (Ainslie et al. 2023, arXiv:2305.13245),
        /// and with 1 multi-query attention (Shazeer 2019, arXiv:1911.02150).
        std::optional<std::size_t> kv_heads;
        head_positions positional = head_positions::none;
        /// RoPE's base and pairing, when positional is rope: each head's queries at positions
        /// 0 … n−1 and keys at 0 … m−1, after projection.
        double rope_base = 10000;
        rope_convention rope_pairing = rope_convention::half;
        /// A decoder's sliding window: query i sees keys i − window < j ≤ i. It is a mask of
        /// its own, so attention.mask must be none beside it.
        std::optional<std::size_t> window;
        /// With a window: keys 0 … sinks − 1 stay visible to every query at or after them.
        std::optional<std::size_t> sinks;
    };

    /// One head: its slices of the projections and its attention trace.
    struct head_trace
    {
        matrix query; ///< (n × d_k) columns i·d_k … (i+1)·d_k − 1 of the projected query
        matrix key;   ///< (m × d_k) its key/value head's columns of the projected key
        matrix value; ///< (m × d_k)
        std::size_t kv_head = 0; ///< which key/value head it reads, ⌊i·kv_heads / heads⌋
        bool rotated = false;
        matrix rotated_query; ///< (n × d_k) query turned by RoPE, only when rotated
        matrix rotated_key;   ///< (m × d_k) key turned by RoPE, only when rotated
        /// With ALiBi: the head's slope (its bias, −slope·|i − j|, is attention.bias).
        std::optional<double> alibi_slope;
        /// With RoPE the rotated query and key, else query and key; with ALiBi a bias on the
        /// scaled scores; with a window its mask.
        attention_trace attention;
        /// How spread out the head's weights are (attention_entropy's numbers): the page captions
        /// every head with it, so one engine call serves them all.
        entropy_trace entropy;
    };

    /// The parameters actually used, after filling in the omitted ones.
    struct resolved_multi_head_params
    {
        matrix w_q, w_k, w_v, w_o; ///< W_K, W_V: d_model × kv_heads·d_k
        vector b_q, b_k, b_v, b_o; ///< empty when that bias was omitted
    };

    struct multi_head_trace
    {
        std::size_t heads = 1;
        std::size_t d_model = 0;
        std::size_t d_k = 0;
        std::size_t kv_heads = 1;  ///< key/value heads (= heads unless grouped)
        std::size_t sequences = 1; ///< multi_head_options::sequences
        /// With ALiBi: head h's slope at h (Press et al.'s get_slopes); else empty.
        vector alibi_slopes;
        resolved_multi_head_params params;
        matrix projected_query;           ///< (n × d_model) pass 1
        matrix projected_key;             ///< (m × kv_heads·d_k)
        matrix projected_value;           ///< (m × kv_heads·d_k)
        std::vector<head_trace> per_head; ///< passes 2 and 3; sequence s, head i at s·h + i
        matrix concat;                    ///< (n × d_model) pass 4
        matrix output;                    ///< (n × d_model) pass 5
        /// (h × n × m) every head's weights; stacked sequences stack their rows.
        tensor3 weights;
        /// RoPE's base and pairing as used, when the heads are rotated: the backward turns the
        /// gradients of the rotated queries and keys back with them.
        double rope_base = 10000;
        rope_convention rope_pairing = rope_convention::half;
        std::size_t parameter_count = 0;
    };

    /**
     * @brief Multi-head attention, query (n × d_model) attending over key/value (m × d_model).
     * @param query (n × d_model)
     * @param key (m × d_model)
     * @param value (m × d_model)
     * @param params W_Q, W_O (d_model × d_model), W_K, W_V (d_model × kv_heads·d_k), applied as
     * x·W + b
     * @param options heads (must divide d_model), kv_heads (must divide heads), positions
     * inside the heads, mask or sliding window, mask fill, seed
     * @return the full trace
     */
    multi_head_trace multi_head_attention(const matrix& query, const matrix& key,
                                          const matrix& value, const multi_head_params& params,
                                          const multi_head_options& options);

    /// 4·d² weights plus d for each of the `biases` (0 … 4) bias vectors present.
    std::size_t multi_head_parameter_count(std::size_t d_model, std::size_t biases);

    /// The count for the biases given in `given`, with W_K and W_V kv_width = kv_heads·d_k wide:
    /// 2·d² + 2·d·kv_width weights, d for b_Q and b_O, kv_width for b_K and b_V.
    std::size_t multi_head_parameter_count(std::size_t d_model, std::size_t kv_width,
                                           const multi_head_params& given);

    /**
     * @brief The weights and biases a multi-head layer uses: each given one checked
     * (d_model × d_model, or d_model for a bias; W_K, W_V and their biases kv_width wide; the
     * message names it), each omitted weight drawn by seeded Xavier init with fan-in d_model and
     * fan-out its width, each omitted bias left empty.
     */
    resolved_multi_head_params resolve_multi_head_params(const multi_head_params& given,
                                                         std::size_t d_model, std::uint32_t seed,
                                                         std::size_t kv_width);

    /// resolve_multi_head_params with one key/value head per query head (kv_width = d_model).
    resolved_multi_head_params resolve_multi_head_params(const multi_head_params& given,
                                                         std::size_t d_model, std::uint32_t seed);

    namespace detail
    {
        /// Checks `heads` divides d_model ("heads: expected a divisor of d_model = 6, got 4").
        void check_heads(std::size_t heads, std::size_t d_model);

        /// Checks `kv_heads` divides heads ("kvHeads: expected a divisor of heads = 4, got 3")
        /// and returns it (heads when none).
        std::size_t check_kv_heads(const std::optional<std::size_t>& kv_heads, std::size_t heads);

        /// Refuses more than max_attention_cells weights, heads·n·m ("heads: expected heads ×
        /// queries × keys of at most 2097152 attention weights, got 8 × 1024 × 1024").
        void check_attention_cells(std::size_t heads, std::size_t n, std::size_t m);

        /// The checks of what shapes each head, shared by multi-head attention and the KV-cache
        /// decode: ropeBase, RoPE on an odd d_k (named as `positional`), the window, and sinks
        /// without a window.
        void check_head_positions(head_positions positional, double rope_base, std::size_t d_k,
                                  const std::optional<std::size_t>& window,
                                  const std::optional<std::size_t>& sinks);

        /// Which key/value head query head `head` reads: ⌊head·kv_heads / heads⌋.
        inline std::size_t kv_head_of(std::size_t head, std::size_t heads, std::size_t kv_heads)
        {
            return head * kv_heads / heads;
        }
    } // namespace detail
} // namespace attn

#endif
