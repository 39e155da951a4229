#ifndef ATTN_LAYER_NORM_HPP
#define ATTN_LAYER_NORM_HPP

/**
 * @file layer_norm.hpp
 * @brief Layer normalisation over each row.
 */

#include <optional>

#include "attn/matrix.hpp"

namespace attn
{
    struct layer_norm_trace
    {
        vector mean;       ///< (n)
        vector variance;   ///< (n) biased (divides by d), as PyTorch
        matrix normalized; ///< (n × d) (x − mean) / √(variance + eps)
        matrix output;     ///< (n × d) normalized·γ + β
        vector gamma;      ///< (d) as used
        vector beta;       ///< (d) as used
        double eps = 0;    ///< as used: added to the variance before the square root
    };

    constexpr double default_layer_norm_eps = 1e-5;

    /**
     * @brief Layer norm of each row.
     * @param input (n × d)
     * @param gamma (d), default ones
     * @param beta (d), default zeros
     * @param eps added to the variance; must be > 0 and finite
     */
    layer_norm_trace layer_norm(const matrix& input, const std::optional<vector>& gamma = {},
                                const std::optional<vector>& beta = {},
                                double eps = default_layer_norm_eps);

    namespace detail
    {
        /// The passes without argument checks; gamma and beta already resolved.
        layer_norm_trace layer_norm_unchecked(const matrix& input, vector gamma, vector beta,
                                              double eps);
    } // namespace detail
} // namespace attn

#endif
