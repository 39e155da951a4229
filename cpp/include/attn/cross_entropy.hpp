#ifndef ATTN_CROSS_ENTROPY_HPP
#define ATTN_CROSS_ENTROPY_HPP

/**
 * @file cross_entropy.hpp
 * @brief The classification loss and its gradient, as torch.nn.functional.cross_entropy with
 * class-index targets and the default mean reduction: the first step of training.
 */

#include "attn/matrix.hpp"

namespace attn
{
    struct cross_entropy_trace
    {
        matrix probabilities; ///< (n × c) pass 1: row softmax of the logits, max-subtracted
        vector row_losses;    ///< (n) pass 2: −ln probabilities[i][targets[i]], via log-sum-exp
        double loss = 0;      ///< pass 3: the mean of row_losses
        matrix grad_logits; ///< (n × c) pass 4: ∂loss/∂logits = (probabilities − onehot) / n
    };

    /**
     * @brief Cross-entropy of each row's logits against its target class, averaged over rows.
     * @param logits (n × c) finite numbers, one row per example, one column per class
     * @param targets (n) one class index per row, each a whole number from 0 to c − 1
     * @return the loss, its intermediates and its gradient with respect to the logits
     */
    cross_entropy_trace cross_entropy(const matrix& logits, const vector& targets);
} // namespace attn

#endif
