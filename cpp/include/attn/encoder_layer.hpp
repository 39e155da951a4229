#ifndef ATTN_ENCODER_LAYER_HPP
#define ATTN_ENCODER_LAYER_HPP

/**
 * @file encoder_layer.hpp
 * @brief The post-norm transformer encoder layer: x = LN₁(x + MHA(x)); y = LN₂(x + FFN(x)).
 */

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "attn/feed_forward.hpp"
#include "attn/layer_norm.hpp"
#include "attn/multi_head_attention.hpp"

namespace attn
{
    struct encoder_layer_params
    {
        multi_head_params attention;
        std::optional<matrix> w1,
            w2; ///< (d_model × d_ff), (d_ff × d_model); seeded Xavier if omitted
        std::optional<vector> b1, b2;                       ///< zeros if omitted
        std::optional<vector> gamma1, beta1, gamma2, beta2; ///< ones / zeros if omitted
    };

    struct encoder_layer_options
    {
        std::size_t heads = 1;
        activation act = activation::relu;
        std::optional<std::size_t> d_ff; ///< needed only when w1 and w2 are both omitted
        attention_options attention;
        std::uint32_t seed = 0;
        /// false: Q, K, V and output projections without biases (nn.MultiheadAttention with
        /// bias=False); then giving any of b_q … b_o is an error.
        bool attention_bias = true;
        /// Independent sequences of equal length stacked in the rows of the input (the
        /// trainer's batch), each attending only over itself: multi_head_options::sequences.
        std::size_t sequences = 1;
        /// Under dropout, one seed per sequence (multi_head_options::dropout_seeds).
        std::vector<std::uint32_t> dropout_seeds;
    };

    struct encoder_parameter_count
    {
        std::size_t attention = 0;    ///< 4·d² + 4·d, or 4·d² without attention biases
        std::size_t feed_forward = 0; ///< d·d_ff + d_ff + d_ff·d + d
        std::size_t norms = 0;        ///< 4·d (two γ, two β)
        std::size_t total = 0;
    };

    struct encoder_layer_trace
    {
        matrix input;                    ///< (n × d_model)
        multi_head_trace attention;      ///< pass 1: MHA(x, x, x)
        matrix residual1;                ///< pass 2: x + attention.output
        layer_norm_trace norm1;          ///< pass 3: LN₁(residual1)
        feed_forward_trace feed_forward; ///< pass 4: FFN(norm1.output)
        matrix residual2;                ///< pass 5: norm1.output + feed_forward.output
        layer_norm_trace norm2;          ///< pass 6: LN₂(residual2)
        matrix output;                   ///< = norm2.output
        activation act = activation::relu; ///< the feed-forward activation, for the backward
        matrix w1, w2;                   ///< as used
        vector b1, b2;                   ///< as used
        std::size_t d_ff = 0;
        std::size_t sequences = 1; ///< encoder_layer_options::sequences
        encoder_parameter_count parameter_count;
    };

    /**
     * @brief One post-norm encoder layer (self-attention over the input).
     * @param input (n × d_model)
     */
    encoder_layer_trace encoder_layer(const matrix& input, const encoder_layer_params& params,
                                      const encoder_layer_options& options);
} // namespace attn

#endif
