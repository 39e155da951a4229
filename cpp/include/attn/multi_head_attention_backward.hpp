#ifndef ATTN_MULTI_HEAD_ATTENTION_BACKWARD_HPP
#define ATTN_MULTI_HEAD_ATTENTION_BACKWARD_HPP

/**
 * @file multi_head_attention_backward.hpp
 * @brief The backward pass of multi-head attention: from ∂L/∂output to the gradient of the
 * three inputs and of every projection weight and bias, through each head's attention backward.
 */

#include <vector>

#include "attn/attention_backward.hpp"
#include "attn/matrix.hpp"
#include "attn/multi_head_attention.hpp"

namespace attn
{
    /// Every gradient of one multi-head backward pass, in the order the passes compute them.
    struct multi_head_backward_trace
    {
        matrix grad_output; ///< (n × d_model) as given
        matrix grad_w_o;    ///< (d_model × d_model) pass 1: concatᵀ·G
        vector grad_b_o;    ///< (d_model) pass 1: Σ rows of G; empty when bO was omitted
        matrix grad_concat; ///< (n × d_model) pass 1: G·W_Oᵀ
        std::vector<attention_backward_trace> per_head; ///< pass 2: each head's backward
        matrix grad_projected_query;         ///< (n × d_model) pass 3: head gradients side by side
        matrix grad_projected_key;           ///< (m × kv_heads·d_k)
        matrix grad_projected_value;         ///< (m × kv_heads·d_k)
        matrix grad_w_q, grad_w_k, grad_w_v; ///< (d_model × d_model) pass 4: inputᵀ·∂projected
        vector grad_b_q, grad_b_k, grad_b_v; ///< (d_model) pass 4; empty when that bias was omitted
        matrix grad_query;                   ///< (n × d_model) pass 4: ∂projected·W_Qᵀ
        matrix grad_key;                     ///< (m × d_model)
        matrix grad_value;                   ///< (m × d_model)
    };

    /**
     * @brief Runs multi-head attention forward, then its backward from ∂L/∂output.
     *
     * For self-attention (query = key = value = x) the gradient of x is the sum
     * grad_query + grad_key + grad_value: x reaches the output along all three paths.
     * @param query (n × d_model)
     * @param key (m × d_model)
     * @param value (m × d_model)
     * @param params W_Q … b_O as for multi_head_attention (omitted weights seeded, as there)
     * @param options heads, mask, mask fill, dropout, seed; kv_heads other than heads,
     * positions inside the heads, a window or sinks are refused, naming the option
     * @param grad_output (n × d_model) ∂L/∂output, finite
     * @return every gradient
     * @throws attention_error naming the argument on any bad shape or value
     */
    multi_head_backward_trace multi_head_attention_backward(const matrix& query, const matrix& key,
                                                            const matrix& value,
                                                            const multi_head_params& params,
                                                            const multi_head_options& options,
                                                            const matrix& grad_output);

    namespace detail
    {
        /// The backward passes without checks, from the forward trace the caller already has;
        /// the weights are the forward's as used (`forward.params`). Unlike the checked entry
        /// point it differentiates grouped key/value heads and RoPE too (the decoder layer's
        /// backward uses them); each head's backward is then that of its rotated query and key.
        multi_head_backward_trace
        multi_head_attention_backward_from(const matrix& query, const matrix& key,
                                           const matrix& value, const multi_head_trace& forward,
                                           const matrix& grad_output);

        /// The gradients of y = x·w + b (b present or not) from ∂L/∂y.
        struct linear_gradients
        {
            matrix grad_input;  ///< (n × in) ∂L/∂y·wᵀ
            matrix grad_weight; ///< (in × out) xᵀ·∂L/∂y
            vector grad_bias;   ///< (out) Σ rows of ∂L/∂y; empty when there is no bias
        };

        /// Backward of linear(x, w, b); `has_bias` says whether b was there. The rows may be
        /// `sequences` stacked sequences, whose weight and bias gradients then add up as
        /// sequence_sums.hpp says.
        linear_gradients linear_backward(const matrix& x, const matrix& w, bool has_bias,
                                         const matrix& grad_y, std::size_t sequences = 1);
    } // namespace detail
} // namespace attn

#endif
