#ifndef ATTN_SWI_GLU_HPP
#define ATTN_SWI_GLU_HPP

/**
 * @file swi_glu.hpp
 * @brief The SwiGLU feed-forward network (Shazeer 2020, "GLU Variants Improve Transformer"),
 * LLaMA's MLP: (SiLU(x·W_gate) ∘ x·W_up)·W_down, without biases.
 */

#include "attn/matrix.hpp"

namespace attn
{
    struct swi_glu_trace
    {
        matrix gate;      ///< (n × d_ff) x·W_gate
        matrix up;        ///< (n × d_ff) x·W_up
        matrix activated; ///< (n × d_ff) SiLU(gate) = gate·σ(gate)
        /// (n × d_ff) σ(gate), kept so the backward's SiLU′ need not compute it again (not a
        /// field of the operation's description: the page reads gate and activated)
        matrix sigmoid;
        matrix hidden;    ///< (n × d_ff) activated ∘ up
        matrix output;    ///< (n × d_model) hidden·W_down
    };

    /// σ(x) = 1 / (1 + e^(−x)); 0 for x far below 0, where e^(−x) overflows to infinity.
    double sigmoid(double x);

    /// SiLU(x) = x·σ(x), also called swish.
    double silu(double x);

    /// SiLU′(x) = σ(x)·(1 + x·(1 − σ(x))).
    double silu_derivative(double x);

    /**
     * @brief The SwiGLU feed-forward network.
     * @param input (n × d_model)
     * @param w_gate (d_model × d_ff)
     * @param w_up (d_model × d_ff)
     * @param w_down (d_ff × d_model)
     */
    swi_glu_trace swi_glu(const matrix& input, const matrix& w_gate, const matrix& w_up,
                          const matrix& w_down);

    namespace detail
    {
        /// The passes without argument checks (shapes already known to chain).
        swi_glu_trace swi_glu_unchecked(const matrix& input, const matrix& w_gate,
                                        const matrix& w_up, const matrix& w_down);
    } // namespace detail
} // namespace attn

#endif
