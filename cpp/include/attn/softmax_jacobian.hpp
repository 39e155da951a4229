#ifndef ATTN_SOFTMAX_JACOBIAN_HPP
#define ATTN_SOFTMAX_JACOBIAN_HPP

/**
 * @file softmax_jacobian.hpp
 * @brief How much the softmax's weights move when its logits move: ∂p/∂x = diag(p) − p·pᵀ.
 */

#include <cstddef>

#include "attn/matrix.hpp"

namespace attn
{
    struct softmax_jacobian_trace
    {
        matrix weights;            ///< (1 × m) pass 1: p = softmax(logits)
        matrix jacobian;           ///< (m × m) pass 2: J[i][j] = p_i·(δ_ij − p_j)
        double frobenius_norm = 0; ///< pass 3: √(Σ J[i][j]²)
    };

    /**
     * @brief The softmax of one row of logits and its Jacobian.
     * @param logits (1 × m), m ≤ max_dimension; finite numbers or −∞ (an all −∞ row has p = 0
     * and J = 0)
     */
    softmax_jacobian_trace softmax_jacobian(const matrix& logits);

    namespace detail
    {
        /// ‖diag(p) − p·pᵀ‖_F in O(m), without building J: row i of J has squared norm
        /// (p_i − p_i²)² + p_i²·(Σ_j p_j² − p_i²).
        double softmax_jacobian_norm(const double* p, std::size_t m);
    } // namespace detail
} // namespace attn

#endif
