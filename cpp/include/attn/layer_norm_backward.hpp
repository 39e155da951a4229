#ifndef ATTN_LAYER_NORM_BACKWARD_HPP
#define ATTN_LAYER_NORM_BACKWARD_HPP

/**
 * @file layer_norm_backward.hpp
 * @brief The backward pass of layer norm: given ∂L/∂output, the gradient of the input, of γ and
 * of β, as PyTorch's autograd computes them for F.layer_norm.
 */

#include <optional>

#include "attn/layer_norm.hpp"
#include "attn/matrix.hpp"

namespace attn
{
    struct layer_norm_backward_trace
    {
        matrix grad_output;     ///< (n × d) ∂L/∂output, as given
        matrix grad_normalized; ///< (n × d) pass 3: gradOutput ∘ γ
        matrix grad_input;      ///< (n × d) pass 4: (1/σ)(ĝ − mean(ĝ) − x̂·mean(ĝ ∘ x̂)) per row
        vector grad_gamma;      ///< (d) pass 2: Σ over rows of gradOutput ∘ normalized
        vector grad_beta;       ///< (d) pass 1: Σ over rows of gradOutput
    };

    /**
     * @brief Runs layer_norm(input, gamma, beta, eps), then its backward pass.
     * @param input (n × d), as layer_norm (same checks, same argument names)
     * @param gamma (d), default ones
     * @param beta (d), default zeros
     * @param eps added to the variance; > 0 and at most 1
     * @param grad_output (n × d) ∂L/∂output, finite
     * @return every gradient, with the intermediate ∂L/∂normalized
     */
    layer_norm_backward_trace layer_norm_backward(const matrix& input,
                                                  const std::optional<vector>& gamma,
                                                  const std::optional<vector>& beta, double eps,
                                                  const matrix& grad_output);

    namespace detail
    {
        /// The passes without argument checks, from a forward trace the caller already has
        /// (the trainer), so the forward is never run twice. grad_output must be n × d. The
        /// rows may be `sequences` stacked sequences (sequence_sums.hpp).
        layer_norm_backward_trace layer_norm_backward_from(const layer_norm_trace& forward,
                                                           double eps, const matrix& grad_output,
                                                           std::size_t sequences = 1);
    } // namespace detail
} // namespace attn

#endif
