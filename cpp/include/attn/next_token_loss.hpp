#ifndef ATTN_NEXT_TOKEN_LOSS_HPP
#define ATTN_NEXT_TOKEN_LOSS_HPP

/**
 * @file next_token_loss.hpp
 * @brief A language model's last step and its backward pass: hidden states → logits through
 * the unembedding (logits = hidden·unembeddingᵀ, as Hugging Face's lm_head), a log-softmax per
 * row, and the mean cross-entropy of each row's target token.
 *
 * The unembedding is vocab × d_model, the shape of the embedding table, so a model with tied
 * embeddings passes its embedding here; its one matrix then gets two gradients, this
 * operation's gradUnembedding and embeddingLookupBackward's gradEmbedding, and the model's
 * gradient is their sum.
 */

#include <cstddef>
#include <vector>

#include "attn/matrix.hpp"

namespace attn
{
    struct next_token_loss_trace
    {
        matrix logits;            ///< (n × vocab) pass 1: hidden·unembeddingᵀ
        vector log_sum_exp;       ///< (n) pass 2: rowMax + ln Σ exp(logits − rowMax)
        matrix log_probabilities; ///< (n × vocab) pass 3: logits − logSumExp
        matrix probabilities;     ///< (n × vocab) pass 3: exp(logProbabilities)
        vector losses;            ///< (n) pass 4: −logProbabilities[i][targets[i]]
        double loss = 0;          ///< pass 5: the mean of losses
        std::vector<std::size_t> targets; ///< (n) as checked
    };

    struct next_token_loss_backward_trace
    {
        matrix grad_logits;      ///< (n × vocab) pass 1: (probabilities − onehot(targets)) / n
        matrix grad_hidden;      ///< (n × d_model) pass 2: gradLogits·unembedding
        matrix grad_unembedding; ///< (vocab × d_model) pass 3: gradLogitsᵀ·hidden
    };

    /**
     * @brief The mean next-token loss of hidden states against their target tokens.
     * @param hidden (n × d_model) one row per position, finite
     * @param unembedding (vocab × d_model) one row per token of the vocabulary, finite
     * @param targets (n) the token each row should predict, a whole number from 0 to vocab − 1
     * @throws attention_error naming the argument at fault
     */
    next_token_loss_trace next_token_loss(const matrix& hidden, const matrix& unembedding,
                                          const vector& targets);

    /**
     * @brief Runs next_token_loss, then the gradient of its loss with respect to the logits,
     * the hidden states and the unembedding.
     * @param hidden, unembedding, targets as next_token_loss (same checks, same names)
     */
    next_token_loss_backward_trace next_token_loss_backward(const matrix& hidden,
                                                            const matrix& unembedding,
                                                            const vector& targets);

    namespace detail
    {
        /// The passes without argument checks: targets already checked against vocab.
        next_token_loss_trace next_token_loss_unchecked(const matrix& hidden,
                                                        const matrix& unembedding,
                                                        std::vector<std::size_t> targets);

        /// The same from pass 2 on, for a caller that has the logits hidden·Uᵀ already (a
        /// language model's forward computes them for every position).
        next_token_loss_trace next_token_loss_from_logits(matrix logits,
                                                          std::vector<std::size_t> targets);

        /// The backward passes without checks, from the forward trace the caller already has.
        next_token_loss_backward_trace
        next_token_loss_backward_from(const matrix& hidden, const matrix& unembedding,
                                      const next_token_loss_trace& forward);
    } // namespace detail
} // namespace attn

#endif
