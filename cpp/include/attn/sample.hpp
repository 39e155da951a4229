#ifndef ATTN_SAMPLE_HPP
#define ATTN_SAMPLE_HPP

/**
 * @file sample.hpp
 * @brief Drawing the next token from a language model's logits: temperature, top-k, top-p
 * (nucleus sampling, Holtzman et al. 2020) and one seeded draw, every step kept for a lesson.
 */

#include <cstddef>
#include <cstdint>
#include <vector>

#include "attn/matrix.hpp"

namespace attn
{
    /// How sample() filters and draws.
    struct sample_options
    {
        double temperature = 1; ///< ≥ 0; 0 is greedy
        std::size_t top_k = 0;  ///< how many of the most likely tokens top-k keeps; 0 = off
        double top_p = 1;       ///< in (0, 1]; 1 = off
        std::uint32_t seed = 0; ///< seeds the one uniform number of the draw
    };

    /// Every step of sample(), in the order it runs.
    struct sample_trace
    {
        vector scaled_logits; ///< (v) pass 1: logits / temperature (the logits at temperature 0)
        vector softmax;       ///< (v) pass 2: softmax of scaled_logits; at temperature 0 one-hot
        std::vector<std::size_t> order; ///< (v) pass 3: token indices, most likely first
        vector top_k_probabilities;     ///< (v) pass 4: softmax kept by top-k, renormalised
        vector cumulative;              ///< (v) pass 5: Σ top_k_probabilities along order
        std::vector<std::size_t> kept;  ///< pass 5: the tokens left, in vocabulary order
        vector probabilities;   ///< (v) pass 6: softmax over kept, renormalised; 0 elsewhere
        double uniform = 0;     ///< pass 7: the seeded number u in [0, 1)
        std::size_t chosen = 0; ///< pass 7: the first token whose Σ probabilities > u
    };

    /**
     * @brief The distribution a decoder draws its next token from, and the token drawn.
     *
     * Ranking and ties: `order` sorts by softmax probability, largest first, equal probabilities
     * by lower index first; top-k keeps the first k of it, top-p the shortest prefix of it whose
     * top-k probabilities sum to at least p, so a tie at either boundary keeps the lower index.
     * The draw: u from splitmix64 stream seed·256 + 10, then the inverse CDF in vocabulary order.
     *
     * @param logits (v) finite numbers, one per token of the vocabulary
     * @param options temperature (≥ 0, finite), top_k, top_p (in (0, 1]) and seed
     * @return every step; probabilities sum to 1 over `kept` and are 0 elsewhere
     */
    sample_trace sample(const vector& logits, const sample_options& options);
} // namespace attn

#endif
