#ifndef ATTN_SWI_GLU_BACKWARD_HPP
#define ATTN_SWI_GLU_BACKWARD_HPP

/**
 * @file swi_glu_backward.hpp
 * @brief The backward pass of the SwiGLU feed-forward network: given ∂L/∂output, the gradient
 * of the input and of the three weights, as PyTorch's autograd computes them.
 */

#include "attn/matrix.hpp"
#include "attn/swi_glu.hpp"

namespace attn
{
    struct swi_glu_backward_trace
    {
        matrix grad_output;    ///< (n × d_model) ∂L/∂output, as given
        matrix grad_w_down;    ///< (d_ff × d_model) pass 1: hiddenᵀ·gradOutput
        matrix grad_hidden;    ///< (n × d_ff) pass 1: gradOutput·W_downᵀ
        matrix grad_activated; ///< (n × d_ff) pass 2: gradHidden ∘ up
        matrix grad_up;        ///< (n × d_ff) pass 2: gradHidden ∘ activated
        matrix grad_gate;      ///< (n × d_ff) pass 3: gradActivated ∘ SiLU′(gate)
        matrix grad_w_gate;    ///< (d_model × d_ff) pass 4: inputᵀ·gradGate
        matrix grad_w_up;      ///< (d_model × d_ff) pass 4: inputᵀ·gradUp
        matrix grad_input;     ///< (n × d_model) pass 4: gradGate·W_gateᵀ + gradUp·W_upᵀ
    };

    /**
     * @brief Runs swi_glu(input, w_gate, w_up, w_down), then its backward pass.
     * @param input (n × d_model), as swi_glu (same checks, same argument names)
     * @param w_gate (d_model × d_ff)
     * @param w_up (d_model × d_ff)
     * @param w_down (d_ff × d_model)
     * @param grad_output (n × d_model) ∂L/∂output, finite
     * @return every gradient, with those of the intermediates
     */
    swi_glu_backward_trace swi_glu_backward(const matrix& input, const matrix& w_gate,
                                            const matrix& w_up, const matrix& w_down,
                                            const matrix& grad_output);

    namespace detail
    {
        /// The passes without argument checks, from a forward trace the caller already has, so
        /// the forward is never run twice. The rows may be `sequences` stacked sequences
        /// (sequence_sums.hpp).
        swi_glu_backward_trace swi_glu_backward_from(const matrix& input, const matrix& w_gate,
                                                     const matrix& w_up, const matrix& w_down,
                                                     const swi_glu_trace& forward,
                                                     const matrix& grad_output,
                                                     std::size_t sequences = 1);
    } // namespace detail
} // namespace attn

#endif
