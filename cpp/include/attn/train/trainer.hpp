#ifndef ATTN_TRAIN_TRAINER_HPP
#define ATTN_TRAIN_TRAINER_HPP

/**
 * @file trainer.hpp
 * @brief A small transformer that learns a task in the engine: options, results and the
 * `trainer` class that `lab.createTrainer` binds.
 *
 * The model: token embedding + sinusoidal positions → `layers` post-norm encoder layers (the
 * engine's `encoder_layer`) → a linear head per position (toy tasks). Iris instead embeds its
 * four features as four tokens (value·w_f + b_f, learned per feature) and classifies the mean
 * of the last layer's rows with a two-layer head (seed 003's `AttentionClassifier`).
 * Training: mean cross-entropy over the scored positions (the engine's `cross_entropy`), the
 * backward passes of the engine, gradient clipping by global norm, then Adam / AdamW / SGD.
 *
 * The implementation sits behind a pointer (pimpl), so this header needs no optimizer or
 * backward header and the object can move without invalidating the optimizer's parameter
 * pointers.

 */

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "attn/matrix.hpp"

namespace attn
{
    /// The model's shape; an omitted member takes the task's default.
    struct trainer_model_options
    {
        std::optional<double> d_model; ///< "model.dModel": 1 (iris: 2) … 256, divisible by heads
        std::optional<double> heads;   ///< "model.heads": 1 … 16
        std::optional<double> layers;  ///< "model.layers": 1 … 4
        std::optional<double> d_ff;    ///< "model.dFF": 1 … 1024
    };

    /**
     * @brief What `lab.createTrainer(options)` receives. Numbers are doubles as they come from
     * JavaScript, so a fraction, a negative or NaN is reported against the option's name
     * rather than wrapped into a huge size_t on the way in. Every omitted option takes the
     * task's default (trainer_defaults).
     */
    struct trainer_options
    {
        std::string task = "reverse"; ///< 'reverse', 'sort', 'induction', 'iris' or 'compare'
        trainer_model_options model;
        std::optional<double> seed;           ///< whole number 0 … 2³²−1; default 0
        std::optional<double> learning_rate;  ///< "learningRate": positive, finite, ≤ 10
        std::optional<double> batch_size;     ///< "batchSize": 1 … 256 (iris: ≤ 120)
        std::optional<std::string> optimizer; ///< 'adam', 'adamw' or 'sgd'
        std::optional<double> weight_decay;   ///< "weightDecay": 0 … 1
        std::optional<double> dropout;        ///< attention dropout in training: 0 ≤ p < 1
        std::optional<double> clip_norm;      ///< "clipNorm": max global gradient norm; 0 = off
        std::optional<double> length;         ///< toy tasks: tokens, 2 (induction 4) … 32
        std::optional<double> vocabulary;     ///< toy: 2 … 64 (induction ≥ length / 2)
    };

    /// The options after defaults and checks: what the trainer actually runs with.
    struct trainer_config
    {
        std::string task;
        std::size_t d_model = 0, heads = 0, layers = 0, d_ff = 0;
        std::uint32_t seed = 0;
        double learning_rate = 0;
        std::size_t batch_size = 0;
        std::string optimizer; ///< 'adam', 'adamw' or 'sgd'
        double weight_decay = 0;
        double dropout = 0;
        double clip_norm = 0;
        std::size_t length = 0;     ///< iris: 4 (one token per feature)
        std::size_t vocabulary = 0; ///< iris: 3 (the classes)
    };

    /**
     * @brief The defaults of a task (checked, as the trainer would run them).
     * @param task 'reverse', 'sort', 'induction', 'iris' or 'compare'; anything else throws naming "task"
     */
    trainer_config trainer_defaults(const std::string& task);

    /**
     * @brief Fills in the task's defaults and checks every option.
     * @throws attention_error naming the option (e.g. "model.heads: expected a divisor of
     * model.dModel = 32, got 3")
     */
    trainer_config resolve_trainer_options(const trainer_options& options);

    /// The result of `step(k)`.
    struct trainer_step_result
    {
        std::size_t step = 0;       ///< steps taken so far in total
        double loss = 0;            ///< the training loss of the last step taken
        std::vector<double> losses; ///< the loss of each step of this call, in order
        bool diverged = false;      ///< this call stopped at a non-finite loss or gradient
    };

    /// The result of `evaluate()` and `ablate()`.
    struct trainer_evaluation
    {
        double loss = 0;        ///< mean cross-entropy over the scored positions
        double accuracy = 0;    ///< fraction of scored positions (iris: examples) predicted right
        std::size_t scored = 0; ///< how many positions (iris: examples) were scored
        /// The class labels, in class order: iris "setosa", "versicolor", "virginica"; toy
        /// tasks the symbols "0" … "vocabulary − 1" (every task predicts a class per scored
        /// position, so one definition serves all).
        std::vector<std::string> classes;
        /// (classes × classes) counts over the scored positions: row = true class, column =
        /// predicted. Its entries add up to `scored` and its diagonal to the right ones, so
        /// accuracy = trace / scored exactly.
        matrix confusion;
    };

    /// The task's fixed probe example, labelled for a heatmap.
    struct trainer_probe
    {
        std::vector<std::string> tokens;  ///< the input, one label per position
        std::vector<std::string> targets; ///< the expected output per position ("" = unscored)
        /// Iris: the probe flower's four measurements in cm (iris_feature_names' order), so a
        /// reader (and the PyTorch export) sees what the model read; empty for toy tasks.
        std::vector<double> features_cm;
        /// Iris: the same standardised with the training split's mean and std, the model's
        /// actual input; empty for toy tasks.
        std::vector<double> features_standardised;
    };

    /// The result of `attention()`: every head's weights on the probe example.
    struct trainer_attention
    {
        trainer_probe probe;
        std::vector<std::vector<matrix>> weights; ///< [layer][head], each (n × n)
        /// [layer], each (n × d_model): the probe as that layer read it, the embedded tokens
        /// plus positions (iris: value·w_f + b_f) for layer 0 and the previous layer's output
        /// after, so the page can rerun one layer on the trained weights instead of rebuilding
        /// the model's input itself.
        std::vector<matrix> inputs;
        /// Whether every layer's attention is causal (a position sees itself and earlier ones
        /// only), as the task's model runs it: the mask a rerun of a layer must give.
        bool causal = false;
        /// The model's prediction per position (iris: one, the class), "" where unscored.
        std::vector<std::string> predictions;
    };

    /// One of the patterns a task's heads divide between them, and each head's score for it.
    struct trainer_head_pattern
    {
        std::string name;    ///< e.g. "previous", "first"
        std::string measure; ///< what its score measures, in words for the page
        matrix ideal;        ///< (n × n) the pattern on the probe
        std::vector<std::vector<double>> scores; ///< [layer][head], each in [0, 1]
    };

    /// The result of `headScores()`.
    struct trainer_head_scores
    {
        /// What a score measures, in words for the page (e.g. "mean attention on the mirrored
        /// position").
        std::string measure;
        /// [layer][head], each in [0, 1]: the head's mean attention mass on the ideal key(s)
        /// over the scored queries of the probe. Iris has no ideal pattern: there the score is
        /// 1 − (mean row entropy / ln 4), how concentrated the head is, and `has_ideal` is false.
        std::vector<std::vector<double>> scores;
        bool has_ideal = true;
        matrix ideal; ///< (n × n) the ideal pattern on the probe, rows summing to 1; empty for iris
        /// The task's roles when its solution needs several patterns (compare: the previous
        /// position, then the first), each scored as `scores` is; empty for the other tasks.
        std::vector<trainer_head_pattern> patterns;
    };

    /// One named parameter. Vectors (biases, γ, β) are returned as one-row matrices.
    struct trainer_parameter
    {
        std::string name; ///< e.g. "embedding", "layer0.attention.wQ", "head.w"
        matrix value;
        bool is_vector = false;
    };

    /**
     * @brief The largest magnitude a parameter may reach: an update that takes one past it (or
     * to ±∞ or NaN) is a divergence. Far above any trained weight (which stay within ~10 here),
     * and far enough below overflow that every forward and backward value of the largest model
     * the caps allow stays finite, so a trainer never hands out a non-finite number.
     */
    constexpr double max_parameter_magnitude = 1e6;

    enum class trainer_status
    {
        ready, ///< may step
        /**
         * step() throws; evaluate(), attention(), head_scores(), ablate() and parameters() still
         * answer, on the parameters from before the step that diverged (all finite). Entered
         * when a step's loss or a gradient is non-finite, a forward value overflows, the loss
         * exceeds 10·ln(classes) (ten times that of a uniform guess: layer norm and clipping keep
         * a too-fast run finite, so NaN alone would rarely come), or the update takes a
         * parameter past max_parameter_magnitude.
         */
        diverged
    };

    /**
     * @brief A seeded training run of one task. Same options → same losses, bit for bit.
     *
     * Not copyable (it owns the optimizer's state); movable.
     */
    class trainer
    {
    public:
        /// @throws attention_error naming the option on any bad option
        explicit trainer(const trainer_options& options);
        ~trainer();
        trainer(trainer&&) noexcept;
        trainer& operator=(trainer&&) noexcept;
        trainer(const trainer&) = delete;
        trainer& operator=(const trainer&) = delete;

        /// The options as resolved (defaults filled in).
        const trainer_config& config() const;

        /**
         * @brief k training steps, each on a fresh batch from the training stream.
         * @param k a whole number 1 … max_steps() (a double, as it comes from JavaScript)
         * @throws attention_error naming "steps" for a bad k or one over the work budget
         * (trainer_budget.hpp), "step" once diverged
         */
        trainer_step_result step(double k = 1);

        /// The most steps one call of step() may take: 10,000, or fewer where the work budget
        /// (trainer_budget.hpp) says so.
        std::size_t max_steps() const;

        /// Loss and accuracy on the held-out set (toy tasks: 500 sequences; iris: the 30
        /// test rows), without dropout.
        trainer_evaluation evaluate() const;

        /// Every head's attention weights on the task's probe example.
        trainer_attention attention() const;

        /// How strongly each head follows the task's ideal pattern on the probe.
        trainer_head_scores head_scores() const;

        /**
         * @brief evaluate() with one head's output zeroed before W_O.
         * @param layer 0 … layers − 1 (named "layer" in the error)
         * @param head 0 … heads − 1 (named "head")
         */
        trainer_evaluation ablate(double layer, double head) const;

        /// Every parameter, named, in a fixed order.
        std::vector<trainer_parameter> parameters() const;

        trainer_status status() const;
        /// Why the trainer stopped, e.g. "training diverged at step 12: the loss became 3390, …";
        /// empty while ready.
        const std::string& status_message() const;
        /// Steps taken so far.
        std::size_t steps() const;

    private:
        struct state;
        std::unique_ptr<state> state_;
    };
} // namespace attn

#endif
