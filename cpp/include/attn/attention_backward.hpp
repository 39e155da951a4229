#ifndef ATTN_ATTENTION_BACKWARD_HPP
#define ATTN_ATTENTION_BACKWARD_HPP

/**
 * @file attention_backward.hpp
 * @brief The backward pass of scaled dot-product attention: given ∂L/∂output, the gradient of
 * the loss with respect to every intermediate and every input, pass by pass in reverse.
 */

#include "attn/attention.hpp"
#include "attn/matrix.hpp"

namespace attn
{
    /// Every gradient of one attention backward pass, in the order the passes compute them.
    struct attention_backward_trace
    {
        matrix grad_output; ///< (n × d_v) as given
        matrix grad_value;  ///< (m × d_v) pass 1: weightsᵀ·G (dropped weights under dropout)
        matrix grad_weights; ///< (n × m) pass 2: G·Vᵀ, through the dropout mask when there is one
        matrix grad_scaled; ///< (n × m) pass 3: w ∘ (g − rowsum(w ∘ g)); 0 on blocked cells
        matrix grad_scores; ///< (n × m) pass 4: grad_scaled / √d_k
        matrix grad_query;  ///< (n × d_k) pass 5: grad_scores·K
        matrix grad_key;    ///< (m × d_k) pass 6: grad_scoresᵀ·Q
    };

    /**
     * @brief Runs the attention forward, then its backward from ∂L/∂output.
     * @param query (n × d_k)
     * @param key (m × d_k)
     * @param value (m × d_v)
     * @param options mask, mask fill and dropout, as for scaled_dot_product_attention
     * @param grad_output (n × d_v) ∂L/∂output, finite
     * @return every gradient
     * @throws attention_error naming the argument on any bad shape or value
     */
    attention_backward_trace attention_backward(const matrix& query, const matrix& key,
                                                const matrix& value,
                                                const attention_options& options,
                                                const matrix& grad_output);

    namespace detail
    {
        /// The backward passes without checks, from a forward trace the caller already has
        /// (the trainer and multi-head attention never recompute the forward).
        attention_backward_trace attention_backward_from(const matrix& query, const matrix& key,
                                                         const matrix& value,
                                                         const attention_trace& forward,
                                                         const matrix& grad_output);
    } // namespace detail
} // namespace attn

#endif
