#ifndef ATTN_RMS_NORM_BACKWARD_HPP
#define ATTN_RMS_NORM_BACKWARD_HPP

/**
 * @file rms_norm_backward.hpp
 * @brief The backward pass of RMS norm: given ∂L/∂output, the gradient of the input and of γ,
 * as PyTorch's autograd computes them for x / √(mean(x²) + eps) · γ.
 */

#include <optional>

#include "attn/matrix.hpp"
#include "attn/rms_norm.hpp"

namespace attn
{
    struct rms_norm_backward_trace
    {
        matrix grad_output;     ///< (n × d) ∂L/∂output, as given
        vector grad_gamma;      ///< (d) pass 1: Σ over rows of gradOutput ∘ normalized
        matrix grad_normalized; ///< (n × d) pass 2: gradOutput ∘ γ
        vector grad_rms;        ///< (n) pass 3: −Σ over the row of gradNormalized ∘ x / rms²
        matrix grad_input;      ///< (n × d) pass 4: gradNormalized / rms + gradRms·x / (d·rms)
    };

    /**
     * @brief Runs rms_norm(input, gamma, eps), then its backward pass.
     * @param input (n × d), as rms_norm (same checks, same argument names)
     * @param gamma (d), default ones
     * @param eps added to the mean square; > 0 and at most 1
     * @param grad_output (n × d) ∂L/∂output, finite
     * @return every gradient, with the intermediates ∂L/∂normalized and ∂L/∂rms
     */
    rms_norm_backward_trace rms_norm_backward(const matrix& input,
                                              const std::optional<vector>& gamma, double eps,
                                              const matrix& grad_output);

    namespace detail
    {
        /// The passes without argument checks, from a forward trace the caller already has, so
        /// the forward is never run twice. grad_output must be n × d. The rows may be
        /// `sequences` stacked sequences (sequence_sums.hpp).
        rms_norm_backward_trace rms_norm_backward_from(const matrix& input,
                                                       const rms_norm_trace& forward,
                                                       const matrix& grad_output,
                                                       std::size_t sequences = 1);
    } // namespace detail
} // namespace attn

#endif
