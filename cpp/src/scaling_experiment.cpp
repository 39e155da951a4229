#include "attn/scaling_experiment.hpp"

#include <algorithm>
#include <cmath>

#include "attn/entropy.hpp"
#include "attn/error.hpp"
#include "attn/random.hpp"
#include "attn/softmax.hpp"
#include "attn/softmax_jacobian.hpp"

namespace attn
{
    namespace
    {
        /// Mean and population variance in one pass (Welford), stable for millions of values.
        struct running_moments
        {
            double count = 0, mean = 0, squares = 0;

            void add(const matrix& values)
            {
                for (const double x : values)
                {
                    count += 1;
                    const double delta = x - mean;
                    mean += delta / count;
                    squares += delta * (x - mean);
                }
            }

            double variance() const { return squares / count; }
        };

        /// Sums of the per-sample peak, entropy and Jacobian norm of one softmax.
        struct softmax_sums
        {
            double peak = 0, entropy = 0, gradient = 0;

            void add(const matrix& weights)
            {
                const std::size_t m = cols(weights);
                peak += *std::max_element(weights.begin(), weights.end());
                entropy += detail::row_entropy(weights.data(), m);
                gradient += detail::softmax_jacobian_norm(weights.data(), m);
            }

            softmax_statistics mean(double samples) const
            {
                return {peak / samples, entropy / samples, gradient / samples};
            }
        };
    } // namespace

    scaling_experiment_trace scaling_experiment(std::size_t d_k, std::size_t keys,
                                                std::size_t samples, std::uint32_t seed)
    {
        // Shape contract: per sample, q (1 × d_k) and K (keys × d_k) → scores and scaled
        // (1 × keys) and their two softmaxes (1 × keys); the trace keeps the first sample and
        // the averages over all of them.
        detail::check_dimension("dK", d_k);
        detail::check_dimension("keys", keys);
        if (samples == 0 || samples > max_samples)
        {
            detail::fail("samples", "a whole number from 1 to " + std::to_string(max_samples),
                         std::to_string(samples));
        }
        // In 64 bits: size_t is 32 bits in WebAssembly and 10⁴ × 1024 × 1024 exceeds it.
        if (std::uint64_t{samples} * keys * d_k > max_scaling_draws)
        {
            detail::fail("samples",
                         "samples × keys × dK of at most " + std::to_string(max_scaling_draws) +
                             " draws",
                         std::to_string(samples) + " × " + std::to_string(keys) + " × " +
                             std::to_string(d_k));
        }

        scaling_experiment_trace t;
        t.d_k = d_k;
        t.keys = keys;
        t.samples = samples;
        t.max_entropy = std::log(static_cast<double>(keys));
        const double sqrt_d_k = std::sqrt(static_cast<double>(d_k));
        normal_stream stream(
            stream_state(seed, static_cast<std::uint64_t>(input_stream::scaling_experiment)));
        running_moments score_moments, scaled_moments;
        softmax_sums unscaled, scaled;
        for (std::size_t s = 0; s < samples; ++s)
        {
            // pass 1: draw a query, then the keys row by row, with unit-variance entries.
            const matrix query = draw_normal(1, d_k, stream);
            const matrix key = draw_normal(keys, d_k, stream);
            // pass 2: the scores, exactly as attention's pass 1 computes them; each is a sum of
            // d_k products of variance 1, so its variance is d_k.
            const matrix scores = matmul_transposed(query, key);
            // pass 3: divide by √d_k, as attention's pass 2, bringing the variance back to 1.
            const matrix scaled_scores = scores / sqrt_d_k;
            score_moments.add(scores);
            scaled_moments.add(scaled_scores);
            // pass 4: both softmaxes; the unscaled one saturates as d_k grows.
            const matrix weights_unscaled = softmax_rows(scores).weights;
            const matrix weights_scaled = softmax_rows(scaled_scores).weights;
            unscaled.add(weights_unscaled);
            scaled.add(weights_scaled);
            if (s == 0)
            {
                t.example = {query,         key, scores, sqrt_d_k, scaled_scores, weights_unscaled,
                             weights_scaled};
            }
        }
        // pass 5: the averages.
        t.score_mean = score_moments.mean;
        t.score_variance = score_moments.variance();
        t.scaled_mean = scaled_moments.mean;
        t.scaled_variance = scaled_moments.variance();
        t.unscaled = unscaled.mean(static_cast<double>(samples));
        t.scaled = scaled.mean(static_cast<double>(samples));
        return t;
    }
} // namespace attn
