#ifndef ATTN_KV_CACHE_MEMORY_HPP
#define ATTN_KV_CACHE_MEMORY_HPP

/**
 * @file kv_cache_memory.hpp
 * @brief The memory a decoder's key/value cache takes for one sequence, from a model's shape:
 * full multi-head, grouped- or multi-query (fewer key/value heads than query heads), latent
 * (DeepSeek-V2's multi-head latent attention, one compressed vector per token shared by every
 * head) and a sliding window (only the last `window` tokens kept).
 */

#include <cstddef>
#include <optional>

namespace attn
{
    /// What decides a cache's size. Omitted heads and kvHeads mean one head of width d_model, so
    /// a model given by layers and d_model alone caches full-width keys and values.
    struct kv_cache_model
    {
        std::size_t layers = 1;
        std::size_t d_model = 1;
        std::optional<std::size_t> heads;    ///< query heads, dividing d_model; omitted 1
        std::optional<std::size_t> kv_heads; ///< key/value heads, dividing heads; omitted: heads
        /// Multi-head latent attention: the width of the compressed key/value vector each token
        /// caches in place of its keys and values (DeepSeek-V2's d_c). The latent is shared by
        /// every head, so it takes neither heads nor kv_heads.
        std::optional<std::size_t> latent;
        /// With a latent: the width of the rotary key cached beside it (DeepSeek-V2's d_h^R).
        std::optional<std::size_t> rope_width;
        /// A sliding window: at most this many tokens stay in the cache.
        std::optional<std::size_t> window;
    };

    /// The cache counted pass by pass. Every count is a double, exact below 2^53.
    struct kv_cache_memory_trace
    {
        /// pass 1: 2·kv_heads·d_model/heads (a key and a value per key/value head), or
        /// latent + ropeWidth
        double numbers_per_token_layer = 0;
        double numbers_per_token = 0; ///< pass 2: × layers
        double cached_tokens = 0;     ///< pass 3: min(length, window)
        double numbers = 0;           ///< pass 4: numbers_per_token × cached_tokens
        double bytes_per_token = 0;   ///< pass 5: numbers_per_token × bytes per number
        double bytes = 0;             ///< pass 5: numbers × bytes per number
        double mebibytes = 0;         ///< pass 6: bytes / 1024²
        double gibibytes = 0;         ///< pass 6: bytes / 1024³
    };

    /**
     * @brief The key/value cache of `model` holding `length` tokens of one sequence.
     * @param model layers 1 … 1024, d_model 1 … 65536, heads and kv_heads (kv_heads dividing
     * heads dividing d_model), or latent and rope_width 0 … 65536 instead, and window
     * 1 … 2^20; the message of a refusal names the argument (kvHeads, ropeWidth, …)
     * @param length tokens of the sequence, 1 … 2^20
     * @param bytes_per_number 1, 2, 4 or 8
     */
    kv_cache_memory_trace kv_cache_memory(const kv_cache_model& model, std::size_t length,
                                          std::size_t bytes_per_number);
} // namespace attn

#endif
