#ifndef ATTN_SCALING_EXPERIMENT_HPP
#define ATTN_SCALING_EXPERIMENT_HPP

/**
 * @file scaling_experiment.hpp
 * @brief Why attention divides by √d_k, measured: many seeded random queries and keys, the
 * variance of their dot products, and how peaked, spread and trainable the softmax is with and
 * without the division.
 */

#include <cstddef>
#include <cstdint>

#include "attn/matrix.hpp"

namespace attn
{
    /// Largest number of draws (samples) in one experiment.
    constexpr std::size_t max_samples = 10000;
    /// Largest samples × keys × d_k, which bounds the work (each is one normal draw and one
    /// multiply-add).
    constexpr std::size_t max_scaling_draws = std::size_t{1} << 24;

    /// Averages over the samples of one softmax (of the scores or of the scaled scores).
    struct softmax_statistics
    {
        double mean_peak_weight = 0;   ///< mean of max_j p_j
        double mean_entropy = 0;       ///< mean of −Σ p·ln p, in nats
        double mean_gradient_norm = 0; ///< mean of ‖diag(p) − p·pᵀ‖_F
    };

    /// The first sample, in full.
    struct scaling_example
    {
        matrix query;            ///< (1 × d_k)
        matrix key;              ///< (keys × d_k)
        matrix scores;           ///< (1 × keys) query·keyᵀ
        double sqrt_d_k = 1;     ///< the divisor
        matrix scaled;           ///< (1 × keys) scores / √d_k
        matrix weights_unscaled; ///< (1 × keys) softmax(scores)
        matrix weights_scaled;   ///< (1 × keys) softmax(scaled)
    };

    struct scaling_experiment_trace
    {
        std::size_t d_k = 0, keys = 0, samples = 0;
        double score_mean = 0;       ///< over all samples × keys scores
        double score_variance = 0;   ///< population variance (divides by samples·keys); ≈ d_k
        double scaled_mean = 0;      ///< the same for scores / √d_k
        double scaled_variance = 0;  ///< ≈ 1
        softmax_statistics unscaled; ///< softmax(scores)
        softmax_statistics scaled;   ///< softmax(scores / √d_k)
        double max_entropy = 0;      ///< ln keys, the entropy of uniform weights
        scaling_example example;
    };

    /**
     * @brief Runs the experiment: per sample, q (1 × d_k) then K (keys × d_k) of standard
     * normal draws, in that order, from the one stream seed·256 + 7.
     * @param d_k 1 … max_dimension
     * @param keys 1 … max_dimension
     * @param samples 1 … max_samples, with samples × keys × d_k ≤ max_scaling_draws
     * @param seed 0 … 2³²−1
     */
    scaling_experiment_trace scaling_experiment(std::size_t d_k, std::size_t keys,
                                                std::size_t samples, std::uint32_t seed);
} // namespace attn

#endif
