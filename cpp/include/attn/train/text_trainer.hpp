#ifndef ATTN_TRAIN_TEXT_TRAINER_HPP
#define ATTN_TRAIN_TEXT_TRAINER_HPP

/**
 * @file text_trainer.hpp
 * @brief `lab.createTrainer({ task: 'text' })`: a language model (attn/language_model.hpp)
 * trained in the page on a text the learner gives, at a size a browser trains in a minute or
 * two. The text is split into tokens (one per character by default, or byte-level BPE merges),
 * its last tenth held out, and language_model_trainer does the steps; this class adds what a
 * page needs around it: defaults, checks that name the option, a work and memory budget, and a
 * stop at divergence that keeps the last finite parameters readable.
 */

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "attn/byte_pair_encoding.hpp"
#include "attn/language_model.hpp"

namespace attn
{
    /// The longest text the text task trains on, in bytes of UTF-8: ~500 pages of prose, read
    /// in well under a second, and room for the whole shipped corpus (1.1 MB), so a learner can
    /// train on what the shipped model read; a page trains on a small part of it anyway.
    constexpr std::size_t max_training_text_bytes_in_page = 2 << 20;

    /**
     * @brief The passage the text task trains on when given none: the first 5,593 characters of
     * the shipped corpus (cpp/data/tinyshakespeare.txt, the opening of Coriolanus, public
     * domain), written into cpp/src/train/text_trainer_passage.cpp by
     * scripts/training-passage.mjs.
     */
    const std::string& default_training_passage();

    /// What createTrainer({ task: 'text', … }) receives; numbers as doubles, as from JavaScript.
    struct text_trainer_options
    {
        std::optional<std::string> text; ///< default: default_training_passage()
        /// Byte-level BPE merges (as lab.trainTokenizer gives them); none: one token per character.
        std::optional<std::vector<token_pair>> merges;
        std::optional<double> d_model;    ///< "model.dModel": 2 … 256, heads·(even d_k)
        std::optional<double> heads;      ///< "model.heads": 1 … 16
        std::optional<double> kv_heads;   ///< "model.kvHeads": a divisor of heads
        std::optional<double> layers;     ///< "model.layers": 1 … 4
        std::optional<double> d_ff;       ///< "model.dFF": 1 … 1024
        std::optional<double> context;    ///< "model.context": 2 … 256 tokens
        std::optional<double> seed;       ///< 0 … 2³²−1: the initial weights and the batches
        std::optional<double> batch_size; ///< "batchSize": windows a step, 1 … 64
        std::optional<double> learning_rate; ///< "learningRate": AdamW's, after the warm-up
        std::optional<double> warmup_steps;  ///< "warmupSteps": linear warm-up, 0 … 10,000
        std::optional<double> weight_decay;  ///< "weightDecay": 0 … 1, matrices only
        std::optional<double> clip_norm;     ///< "clipNorm": the largest global gradient norm
    };

    /// The options after defaults and checks (the text aside).
    struct text_trainer_config
    {
        std::string tokenizer;       ///< "character" or "bpe"
        language_model_config model; ///< vocab from the tokenizer
        std::uint32_t seed = 0;
        std::size_t batch_size = 0;
        double learning_rate = 0;
        std::size_t warmup_steps = 0;
        double weight_decay = 0;
        double clip_norm = 0;
        std::size_t held_out_windows = 0; ///< the held-out windows scored: ≤ 16
    };

    /// What training a configuration costs, estimated before anything is allocated.
    struct text_trainer_cost
    {
        double step_multiply_adds = 0;     ///< one step: forward, backward, update
        double evaluate_multiply_adds = 0; ///< evaluate(): the held-out windows
        double peak_bytes = 0;             ///< parameters, optimizer, one window's traces
    };

    text_trainer_cost estimate_text_trainer_cost(const text_trainer_config& config);

    /// The result of evaluate().
    struct text_trainer_evaluation
    {
        double loss = 0;         ///< mean next-token loss over the held-out windows
        std::size_t scored = 0;  ///< predictions scored: windows × (context − 1)
        double bigram_loss = 0;  ///< a bigram model's held-out loss on the same split
        double uniform_loss = 0; ///< ln(vocab): a guess knowing nothing
    };

    /**
     * @brief A language model trained on a text. Same options → same parameters after the same
     * steps, bit for bit. Not copyable.
     */
    class text_trainer
    {
    public:
        /// @throws attention_error naming the option at fault, or the budget's
        explicit text_trainer(const text_trainer_options& options);
        ~text_trainer();
        text_trainer(const text_trainer&) = delete;
        text_trainer& operator=(const text_trainer&) = delete;

        const text_trainer_config& config() const;

        /**
         * @brief k steps, each on the next batch. Stops at the first step whose loss or gradient
         * norm is not finite, whose loss exceeds 10·ln(vocab) or that takes a parameter past
         * 10⁶: the trainer is then diverged and keeps the parameters from before that step.
         * @param k 1 … max_steps() (named "steps")
         * @return each step's batch loss before its update, the diverging one left out
         * @throws attention_error naming "step" once diverged
         */
        std::vector<double> step(double k = 1);

        /// The most steps one call of step() may take: 10,000, or fewer within the work budget.
        std::size_t max_steps() const;

        text_trainer_evaluation evaluate() const;

        /// The parameters as they are (diverged: as they were before the diverging step).
        const language_model_params& params() const;

        /// Token i is vocabulary()[i] (the character tokenizer); empty with merges.
        const std::vector<std::string>& vocabulary() const;
        const std::vector<token_pair>& merges() const;
        std::size_t train_tokens() const;
        std::size_t held_out_tokens() const;

        std::size_t steps() const;
        bool diverged() const;
        /// Why training stopped ("training diverged at step 12: …"); empty while it may go on.
        const std::string& status_message() const;

        text_trainer_cost cost() const;

    private:
        struct state;
        std::unique_ptr<state> state_;
    };
} // namespace attn

#endif
