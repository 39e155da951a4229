#ifndef ATTN_FEED_FORWARD_HPP
#define ATTN_FEED_FORWARD_HPP

/**
 * @file feed_forward.hpp
 * @brief The position-wise feed-forward network: activation(x·W1 + b1)·W2 + b2.
 */

#include <optional>
#include <string>

#include "attn/matrix.hpp"

namespace attn
{
    enum class activation
    {
        relu, ///< max(0, x)
        gelu  ///< exact GELU, 0.5·x·(1 + erf(x/√2)), PyTorch's default
    };

    /// "relu" or "gelu"; anything else is an attention_error naming the argument.
    activation parse_activation(const std::string& argument, const std::string& name);

    struct feed_forward_trace
    {
        matrix hidden;    ///< (n × d_ff) x·W1 + b1
        matrix activated; ///< (n × d_ff) activation(hidden)
        matrix output;    ///< (n × d_model) activated·W2 + b2
    };

    /**
     * @brief The feed-forward network.
     * @param input (n × d_model)
     * @param w1 (d_model × d_ff)
     * @param b1 (d_ff) or none
     * @param w2 (d_ff × d_model)
     * @param b2 (d_model) or none
     */
    feed_forward_trace feed_forward(const matrix& input, const matrix& w1,
                                    const std::optional<vector>& b1, const matrix& w2,
                                    const std::optional<vector>& b2, activation act);

    namespace detail
    {
        feed_forward_trace feed_forward_unchecked(const matrix& input, const matrix& w1,
                                                  const vector& b1, const matrix& w2,
                                                  const vector& b2, activation act);
    }
} // namespace attn

#endif
