#ifndef ATTN_LINEAR_ATTENTION_HPP
#define ATTN_LINEAR_ATTENTION_HPP

/**
 * @file linear_attention.hpp
 * @brief Linear attention (Katharopoulos et al. 2020): the softmax kernel exp(q·k) replaced by
 * φ(q)·φ(k) with φ(x) = elu(x) + 1, so Σⱼ φ(kⱼ)ᵀvⱼ is summed once and shared by every query:
 * O(n·d_k·d_v) work and d_k·d_v memory instead of O(n·m·d) and n·m.
 */

#include <cstddef>

#include "attn/matrix.hpp"

namespace attn
{
    struct linear_attention_options
    {
        /// Query i sees keys 0 … i only (needs as many keys as queries); the lean path then
        /// keeps one running state, updated key by key, as a recurrent network would.
        bool causal = false;
        /// false: only the lean fields (output, state, normalizer, peak_cells), for n in the
        /// thousands; the full trace is refused past max_linear_trace_numbers.
        bool trace = true;
    };

    /// Every intermediate of one linear-attention call.
    struct linear_attention_trace
    {
        bool traced = true;
        bool causal = false;
        matrix feature_query; ///< (n × d_k) pass 1: φ(Q), trace only
        matrix feature_key;   ///< (m × d_k) pass 1: φ(K), trace only
        matrix state;         ///< (d_k × d_v) pass 2: φ(K)ᵀ·V (causal: over all keys)
        vector normalizer;    ///< (d_k) pass 2: φ(K)ᵀ·1 (causal: over all keys)
        /// (n × d_k × d_v) causal trace only: state over keys 0 … i, one per query i.
        tensor3 prefix_states;
        matrix prefix_normalizers; ///< (n × d_k) causal trace only: normalizer over keys 0 … i
        matrix output; ///< (n × d_v) pass 3: φ(qᵢ)·S / (φ(qᵢ)·z), S and z prefix ones if causal
        /// Cells the lean path holds: the state d_k·d_v plus the output n·d_v; never n × m.
        std::size_t peak_cells = 0;
    };

    /// Numbers a traced call may return (as the other scale operations): past it, trace: false.
    constexpr std::size_t max_linear_trace_numbers = std::size_t{1} << 21;

    /// φ(x) = elu(x) + 1: x + 1 for x > 0, eˣ otherwise; positive, so every normalizer is > 0.
    double linear_attention_feature(double x);

    /**
     * @brief Linear attention, out_i = φ(q_i)·Σⱼ φ(k_j)ᵀv_j / (φ(q_i)·Σⱼ φ(k_j)).
     * @param query (n × d_k)
     * @param key (m × d_k); m = n when causal
     * @param value (m × d_v)
     * @param options causal, trace
     * @return the trace (lean fields only when options.trace is false)
     * @throws attention_error naming the argument on any bad shape or value
     */
    linear_attention_trace linear_attention(const matrix& query, const matrix& key,
                                            const matrix& value,
                                            const linear_attention_options& options = {});
} // namespace attn

#endif
