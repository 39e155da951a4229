#ifndef ATTN_TRAIN_LANGUAGE_MODEL_TRAINER_HPP
#define ATTN_TRAIN_LANGUAGE_MODEL_TRAINER_HPP

/**
 * @file language_model_trainer.hpp
 * @brief Training the language model (attn/language_model.hpp) on a stream of token ids, as a
 * nanoGPT-style PyTorch loop does it: batches of windows drawn at seeded random places of the
 * training split, the batch's mean next-token loss and its gradient, clipping by global norm
 * (torch.nn.utils.clip_grad_norm_), then torch.optim.AdamW with two parameter groups (weight
 * decay on the matrices, none on the RMS norms' γ) under a linear warm-up and a cosine decay of
 * the learning rate. The last tenth of the tokens is held out and scored on fixed windows.
 *
 * Single-threaded and seeded: the same tokens, options and initial parameters give the same
 * parameters bit for bit. Error messages name the options as JavaScript spells them.
 */

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "attn/language_model.hpp"
#include "attn/train/language_model_figures.hpp"

namespace attn
{
    struct language_model_training_options
    {
        std::size_t batch = 16;            ///< "batch": windows a step, 1 … 1024
        std::size_t steps = 1000;          ///< "steps": the steps the schedule spans, ≥ 1
        std::size_t warmup_steps = 100;    ///< "warmupSteps": 0 … steps
        double learning_rate = 3e-3;       ///< "learningRate": the peak, after the warm-up
        double min_learning_rate = 3e-4;   ///< "minLearningRate": the end of the cosine, ≤ peak
        double beta1 = 0.9;                ///< torch.optim.AdamW's default
        double beta2 = 0.999;              ///< torch.optim.AdamW's default
        double eps = 1e-8;                 ///< torch.optim.AdamW's default
        double weight_decay = 0.01;        ///< "weightDecay": torch's default; matrices only
        double clip_norm = 1;              ///< "clipNorm": the largest global gradient norm
        std::size_t held_out_windows = 64; ///< "heldOutWindows": fixed windows scored
        /// "repeatWindows": 0 … batch. The last repeatWindows windows of each batch end in a random
        /// string read over and over (language_model_window), its length, its tokens and where
        /// it begins drawn at random: only its content, not how far back it was, says where to
        /// copy from, and nothing but copying predicts its later readings. That rewards an
        /// induction head, which the corpus alone rewards too seldom for a model this small to
        /// learn; 0 (the default) trains on the corpus as it is.
        std::size_t repeat_windows = 0;
        std::uint32_t seed = 0;            ///< the batches' stream (docs/engine.md, stream 21)
    };

    /**
     * @brief One window of a batch: `context` tokens of the training split from `start`; when
     * `passage` is not empty, it is written over the window from `from` to the window's end, over
     * and over (at from, from + its length, …; the last copy cut short), at least twice whole.
     */
    struct language_model_window
    {
        std::size_t start = 0;
        std::vector<std::size_t> passage; ///< token ids read over and over; empty: the corpus
        std::size_t from = 0;
    };

    /// Checks every option, naming it ("warmupSteps: expected 0 … 10 (steps), got 11").
    void check_language_model_training_options(const language_model_training_options& o);

    /**
     * @brief The learning rate of step s (0-based): learningRate·(s + 1)/warmupSteps during the
     * warm-up (s < warmupSteps), then min + ½(learningRate − min)(1 + cos(π·p)) with
     * p = (s − warmupSteps)/(steps − warmupSteps), from the peak down towards the minimum.
     */
    double language_model_learning_rate(const language_model_training_options& o,
                                        std::size_t step);

    /**
     * @brief A language model being trained: its parameters, AdamW's moments and the batches'
     * stream. A window is `context` tokens, scored as LlamaForCausalLM with labels = input_ids
     * (its context − 1 predictions); a batch's loss is the mean over its windows.
     */
    class language_model_trainer
    {
    public:
        /**
         * @param initial the parameters to start from (language_model_initial, or given)
         * @param tokens the whole token stream; the last tenth is held out
         * @throws attention_error naming the option, tokens[i] or a tensor at fault
         */
        language_model_trainer(language_model_params initial, std::vector<std::size_t> tokens,
                               const language_model_training_options& options);
        ~language_model_trainer();
        language_model_trainer(const language_model_trainer&) = delete;
        language_model_trainer& operator=(const language_model_trainer&) = delete;

        /**
         * @brief The next batch's windows, from the stream seed·256 + 21 (u its next uniform):
         * first where each window starts in the training split, ⌊u·(T − context + 1)⌋ (T the
         * training tokens); then, for each of the last repeatWindows windows in order, the
         * random string read over and over (H = ⌊context/2⌋, m = min(4, H)): its length
         * L = m + ⌊u·(H − m + 1)⌋, its L tokens ⌊u·vocab⌋, then where it begins,
         * from = ⌊u·(context − 2L + 1)⌋. Draws them, so the following step trains on the batch after.
         */
        std::vector<language_model_window> draw_batch();

        /// One step on the next batch; returns the batch's mean loss before the update.
        double step();

        /// One step on the given windows of the training split.
        double step_on(const std::vector<language_model_window>& windows);

        /// The mean loss of the held-out windows: heldOutWindows windows of `context` tokens,
        /// the i-th starting ⌊i·(H − context)/(heldOutWindows − 1)⌋ into the held-out tenth.
        double held_out_loss() const;

        /// The global gradient norm of the last step, before clipping.
        double last_gradient_norm() const;

        std::size_t steps_taken() const;
        const language_model_params& params() const;
        const std::vector<std::size_t>& train_tokens() const;
        const std::vector<std::size_t>& held_out_tokens() const;

    private:
        struct state;
        std::unique_ptr<state> state_;
    };
} // namespace attn

#endif
