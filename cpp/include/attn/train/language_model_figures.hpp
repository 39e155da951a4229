#ifndef ATTN_TRAIN_LANGUAGE_MODEL_FIGURES_HPP
#define ATTN_TRAIN_LANGUAGE_MODEL_FIGURES_HPP

/**
 * @file language_model_figures.hpp
 * @brief What a trained language model is measured by (docs/language-model.md): the held-out
 * loss of a bigram model on the same split, and the induction figure.
 */

#include <cstddef>
#include <cstdint>
#include <vector>

#include "attn/language_model.hpp"

namespace attn
{
    /// Where the held-out tenth begins: n − ⌊n/10⌋. Tokens before it train, the rest score.
    std::size_t held_out_start(std::size_t tokens);

    /// The held-out loss of a character bigram model and the smoothing it chose.
    struct bigram_baseline
    {
        double k = 0;              ///< add-k: P(b | a) = (count(a b) + k) / (count(a ·) + k·vocab)
        double held_out_loss = 0;  ///< mean −ln P over every held-out bigram
    };

    /**
     * @brief A bigram model's held-out loss on the same split: counts from the training tokens;
     * k the value of 10^(j/4), j = −16 … 4, with the least leave-one-out loss on the training
     * bigrams (each scored by the counts without itself: (count(a b) − 1 + k) /
     * (count(a ·) − 1 + k·vocab)); the held-out bigrams are those within the held-out tenth.
     */
    bigram_baseline language_model_bigram_baseline(const std::vector<std::size_t>& tokens,
                                                   std::size_t vocab);

    /// The induction figure at one length: the model's loss on random strings' second copies
    /// over that on their first.
    struct induction_at_length
    {
        std::size_t length = 0;      ///< tokens of each copy
        double first_copy_loss = 0;  ///< mean loss predicting tokens 1 … length−1
        double second_copy_loss = 0; ///< mean loss predicting tokens length+1 … 2·length−1
        double ratio = 0;            ///< second_copy_loss / first_copy_loss
    };

    /// The induction figure: at each length, and over them all (each length weighing the same).
    struct induction_figure
    {
        std::size_t strings = 0;     ///< random strings scored at each length
        std::vector<induction_at_length> lengths;
        double first_copy_loss = 0;  ///< the mean of the lengths' first-copy losses
        double second_copy_loss = 0; ///< the mean of the lengths' second-copy losses
        double ratio = 0;            ///< second_copy_loss / first_copy_loss
    };

    /**
     * @brief At each length H, H/2, H/4, … down to 8 (H = ⌊context/2⌋; H alone when it is below
     * 16), scores `strings` strings of that many ids drawn uniformly from the vocabulary
     * (⌊u·vocab⌋, stream seed·256 + 22, longest length first), each repeated twice. Each copy
     * is scored on the same number of predictions: the first token of each copy follows nothing
     * it could be copied from, so neither is counted. Several lengths, because a model trained
     * on passages repeated at one distance can learn to look that far back rather than to copy.
     */
    induction_figure language_model_induction(const language_model_params& params,
                                              std::size_t strings, std::uint32_t seed);
    /**
     * @brief The mean loss of `windows` held-out windows of `context` tokens, the i-th starting
     * ⌊i·(H − context)/(windows − 1)⌋ into `held_out` (H its length; one window: at 0), each
     * window's loss the mean of its context − 1 next-token losses.
     */
    double language_model_held_out_loss(const language_model_params& params,
                                        const std::vector<std::size_t>& held_out,
                                        std::size_t windows);

    namespace detail
    {
        /// The mean of v[first … first + count), summed in order (the figures' last digits
        /// depend on the order).
        double mean_of(const vector& v, std::size_t first, std::size_t count);
    } // namespace detail
} // namespace attn

#endif
