#ifndef ATTN_DECODER_LAYER_HPP
#define ATTN_DECODER_LAYER_HPP

/**
 * @file decoder_layer.hpp
 * @brief The pre-norm decoder layer of LLaMA (Touvron et al. 2023, arXiv:2302.13971) on a causal
 * sequence: h = x + Attention(RMSNorm₁(x)), out = h + SwiGLU(RMSNorm₂(h)), with RoPE on each
 * head's queries and keys, grouped key/value heads, and no biases anywhere.
 */

#include <cstddef>
#include <cstdint>
#include <optional>

#include "attn/multi_head_attention.hpp"
#include "attn/rms_norm.hpp"
#include "attn/rope.hpp"
#include "attn/swi_glu.hpp"

namespace attn
{
    struct decoder_layer_params
    {
        /// W_Q, W_O (d_model × d_model), W_K, W_V (d_model × kv_heads·d_k); seeded Xavier if
        /// omitted. LLaMA's projections have no biases, so any bias given is refused.
        multi_head_params attention;
        matrix w_gate, w_up;                  ///< (d_model × d_ff)
        matrix w_down;                        ///< (d_ff × d_model)
        std::optional<vector> gamma1, gamma2; ///< (d_model) ones if omitted
    };

    struct decoder_layer_options
    {
        std::size_t heads = 1;
        std::optional<std::size_t> kv_heads; ///< none: as many as heads
        double rope_base = 10000;
        rope_convention rope_pairing = rope_convention::half;
        double eps = default_rms_norm_eps; ///< both norms'
        std::uint32_t seed = 0;            ///< for omitted attention weights
    };

    struct decoder_parameter_count
    {
        std::size_t attention = 0;    ///< 2·d² + 2·d·kv_heads·d_k
        std::size_t feed_forward = 0; ///< 3·d·d_ff
        std::size_t norms = 0;        ///< 2·d (two γ)
        std::size_t total = 0;
    };

    struct decoder_layer_trace
    {
        matrix input;               ///< (n × d_model) x
        rms_norm_trace norm1;       ///< pass 1: RMSNorm₁(x)
        multi_head_trace attention; ///< pass 2: causal self-attention of norm1.output, RoPE
        matrix residual1;           ///< pass 3: h = x + attention.output
        rms_norm_trace norm2;       ///< pass 4: RMSNorm₂(h)
        swi_glu_trace feed_forward; ///< pass 5: SwiGLU(norm2.output)
        matrix residual2;           ///< pass 6: h + feed_forward.output, the layer's output
        std::size_t d_ff = 0;
        decoder_parameter_count parameter_count;
    };

    /// A layer's weights as it runs: every omitted one filled in, every shape checked, so a
    /// decoding step can use them position after position without checking them again.
    struct decoder_layer_weights
    {
        std::size_t d_model = 0;
        std::size_t heads = 1;
        std::size_t kv_heads = 1;
        std::size_t d_k = 0; ///< d_model / heads, even
        std::size_t d_ff = 0;
        resolved_multi_head_params attention; ///< no biases
        matrix w_gate, w_up, w_down;
        vector gamma1, gamma2;
        double rope_base = 10000;
        rope_convention rope_pairing = rope_convention::half;
        double eps = default_rms_norm_eps;
    };

    /**
     * @brief The weights a decoder layer `d_model` wide uses, checked as decoder_layer checks
     * them: heads (an even d_k), kvHeads, no attention biases, each γ, the SwiGLU shapes, eps,
     * ropeBase, and the attention weights given (omitted ones drawn from `seed`).
     * @throws attention_error naming the argument at fault
     */
    decoder_layer_weights resolve_decoder_layer_weights(const decoder_layer_params& params,
                                                        const decoder_layer_options& options,
                                                        std::size_t d_model);

    /// The parameters of the layer `weights` describes, part by part.
    decoder_parameter_count decoder_layer_parameter_count(const decoder_layer_weights& weights);

    namespace detail
    {
        /// Passes 3 to 6 of the layer, which act on each row alone: the residual around the
        /// attention, RMSNorm₂, SwiGLU and the residual around it.
        struct decoder_layer_rows
        {
            matrix residual1;           ///< input + attention_output
            rms_norm_trace norm2;       ///< RMSNorm₂(residual1)
            swi_glu_trace feed_forward; ///< SwiGLU(norm2.output)
            matrix residual2;           ///< residual1 + feed_forward.output
        };

        /// Passes 3 to 6 on `input` (n × d_model) and its attention's output (n × d_model), for
        /// the whole sequence or one decoded row; overflows named as decoder_layer names them.
        decoder_layer_rows decoder_layer_after_attention(const matrix& input,
                                                         const matrix& attention_output,
                                                         const decoder_layer_weights& weights);
    } // namespace detail

    /**
     * @brief One pre-norm decoder layer, every position attending to itself and those before.
     * @param input (n × d_model)
     * @param params the attention projections (no biases), the SwiGLU weights, the norms' γ
     * @param options heads (dividing d_model), kv_heads (dividing heads), RoPE's base and
     * pairing (d_k even), the norms' eps, the seed of omitted attention weights
     * @throws attention_error naming the argument at fault
     */
    decoder_layer_trace decoder_layer(const matrix& input, const decoder_layer_params& params,
                                      const decoder_layer_options& options);
} // namespace attn

#endif
