#ifndef ATTN_DESCRIBE_SCALING_EXPERIMENT_HPP
#define ATTN_DESCRIBE_SCALING_EXPERIMENT_HPP

#include "attn/describe/common_arguments.hpp"
#include "attn/scaling_experiment.hpp"

namespace attn::describe
{
    template <> struct fields_of<softmax_statistics>
    {
        static constexpr const char* type_name = "SoftmaxStatistics";
        template <class V> static void visit(const softmax_statistics& s, V& v)
        {
            v.field("meanPeakWeight", s.mean_peak_weight, "mean of max p");
            v.field("meanEntropy", s.mean_entropy, "mean of −Σ p·ln p, in nats");
            v.field("meanGradientNorm", s.mean_gradient_norm, "mean of ‖diag(p) − p·pᵀ‖_F");
        }
    };

    template <> struct fields_of<scaling_example>
    {
        static constexpr const char* type_name = "ScalingExample";
        template <class V> static void visit(const scaling_example& e, V& v)
        {
            v.field("query", e.query, "1 × d_k");
            v.field("key", e.key, "keys × d_k");
            v.field("scores", e.scores, "query·keyᵀ");
            v.field("sqrtDk", e.sqrt_d_k, "the divisor");
            v.field("scaled", e.scaled, "scores / √d_k");
            v.field("weightsUnscaled", e.weights_unscaled, "softmax(scores)");
            v.field("weightsScaled", e.weights_scaled, "softmax(scaled)");
        }
    };

    template <> struct fields_of<scaling_experiment_trace>
    {
        static constexpr const char* type_name = "ScalingExperimentTrace";
        template <class V> static void visit(const scaling_experiment_trace& t, V& v)
        {
            v.field("dK", t.d_k, "as given");
            v.field("keys", t.keys, "as given");
            v.field("samples", t.samples, "as given");
            v.field("scoreMean", t.score_mean, "over all samples × keys scores");
            v.field("scoreVariance", t.score_variance, "population variance; ≈ d_k");
            v.field("scaledMean", t.scaled_mean, "the same for scores / √d_k");
            v.field("scaledVariance", t.scaled_variance, "≈ 1");
            v.field("unscaled", t.unscaled, "statistics of softmax(scores)");
            v.field("scaled", t.scaled, "statistics of softmax(scores / √d_k)");
            v.field("maxEntropy", t.max_entropy, "ln keys");
            v.field("example", t.example, "the first sample, in full");
        }
    };

    struct scaling_experiment_operation
    {
        static constexpr const char* name = "scalingExperiment";
        static constexpr const char* title = "Why divide by √d_k";
        static constexpr bool lite = true;
        static constexpr argument d_k =
            integer_argument("dK", size_low, size_high, "query/key width");
        static constexpr argument keys =
            integer_argument("keys", size_low, size_high, "keys per sample");
        static constexpr argument samples =
            integer_argument("samples", 1, static_cast<double>(max_samples),
                             "samples, with samples × keys × dK ≤ 2²⁴");
        static constexpr argument arguments[] = {d_k, keys, samples, seed};

        template <class In> static scaling_experiment_trace run(In& in)
        {
            const std::size_t width = in.integer(d_k), count = in.integer(keys),
                              draws = in.integer(samples);
            return scaling_experiment(width, count, draws, read_seed(in));
        }
    };
} // namespace attn::describe

#endif
