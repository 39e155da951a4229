#ifndef ATTN_RMS_NORM_HPP
#define ATTN_RMS_NORM_HPP

/**
 * @file rms_norm.hpp
 * @brief Root-mean-square normalisation over each row (Zhang & Sennrich 2019), LLaMA's norm:
 * x / √(mean(x²) + eps) · γ, with no mean subtracted and no shift.
 */

#include <optional>

#include "attn/matrix.hpp"

namespace attn
{
    struct rms_norm_trace
    {
        vector mean_square; ///< (n) mean(x²) of each row
        vector rms;         ///< (n) √(mean(x²) + eps)
        matrix normalized;  ///< (n × d) x / rms
        matrix output;      ///< (n × d) normalized·γ
        vector gamma;       ///< (d) as used
        double eps = 0;     ///< as used: added to the mean square before the square root
    };

    /// LLaMA's: the released checkpoints' norm_eps and Hugging Face's LlamaRMSNorm default. It
    /// keeps an all-zero row finite (rms = 1e-3) while moving the rms of a row of ordinary
    /// activations, whose mean square is near 1, by about 5e-7.
    constexpr double default_rms_norm_eps = 1e-6;

    /**
     * @brief RMS norm of each row.
     * @param input (n × d)
     * @param gamma (d), default ones
     * @param eps added to the mean square; must be > 0 and at most 1
     */
    rms_norm_trace rms_norm(const matrix& input, const std::optional<vector>& gamma = {},
                            double eps = default_rms_norm_eps);

    namespace detail
    {
        /// Checks eps is in (0, 1] ("eps: expected a small positive number (at most 1) such as
        /// 1e-6, got 0").
        void check_rms_norm_eps(double eps);

        /// The passes without argument checks; gamma already resolved.
        rms_norm_trace rms_norm_unchecked(const matrix& input, vector gamma, double eps);
    } // namespace detail
} // namespace attn

#endif
