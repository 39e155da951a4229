#ifndef ATTN_ROPE_HPP
#define ATTN_ROPE_HPP

/**
 * @file rope.hpp
 * @brief Rotary position embedding (RoPE), Su et al. 2021, "RoFormer: Enhanced Transformer with
 * Rotary Position Embedding", arXiv:2104.09864.
 *
 * The width d is cut into d/2 pairs; pair i of the row at position p turns by the angle
 * p·θ_i, θ_i = base^(−2i/d), so a query rotated at m and a key rotated at n meet in a dot
 * product that depends on m − n only.
 */

#include <string>

#include "attn/matrix.hpp"

namespace attn
{
    /// Which columns form pair i.
    enum class rope_convention
    {
        /// (i, i + d/2): GPT-NeoX and Hugging Face's `rotate_half`.
        half,
        /// (2i, 2i + 1): the RoFormer paper and Meta's Llama code.
        interleaved
    };

    /// "half" or "interleaved"; anything else is an attention_error naming `argument`.
    rope_convention parse_rope_convention(const std::string& argument, const std::string& name);

    struct rope_trace
    {
        vector theta;  ///< (d/2) pass 1: θ_i = base^(−2i/d)
        matrix angles; ///< (n × d/2) pass 2: position_r·θ_i
        matrix cos;    ///< (n × d/2) pass 3: cos of angles
        matrix sin;    ///< (n × d/2) pass 3: sin of angles
        matrix output; ///< (n × d) pass 4: each pair (a, b) → (a·cos − b·sin, a·sin + b·cos)
    };

    /**
     * @brief Rotates each row of `input` by its position.
     * @param input (n × d), d even
     * @param positions (n) any finite numbers, one per row; fractional ones are position
     * interpolation (positions scaled to fit a longer context into the trained range)
     * @param base finite and > 0; 10000 in the paper
     * @param convention which columns are paired
     * @return the trace
     * @throws attention_error naming `input`, `positions` or `base`
     */
    rope_trace rope(const matrix& input, const vector& positions, double base,
                    rope_convention convention);

    namespace detail
    {
        /// Checks base is finite and > 0 (the message names `argument`).
        void check_rope_base(const std::string& argument, double base);

        /// The arguments an overflow in rope_unchecked is blamed on: theta's, the angles', and
        /// the rotated numbers'.
        struct rope_blame
        {
            const char* base;
            const char* positions;
            const char* input;
        };

        /// rope without argument checks, for callers that checked (multi-head attention).
        rope_trace rope_unchecked(const matrix& input, const vector& positions, double base,
                                  rope_convention convention, const rope_blame& blame);

        /**
         * Passes 1 to 3 of rope alone, at positions 0 … rows − 1: theta, the angles and their
         * cos and sin (output left empty), for turning many matrices by the same angles with
         * rotate_pairs (every head of an attention) without computing them again.
         */
        rope_trace rope_angles_from_zero(std::size_t rows, std::size_t d, double base,
                                         const char* blamed_base);

        /// Pass 4 of rope: pair i of each row (a, b) → (a·cos − b·sin, a·sin + b·cos), with
        /// cos and sin (n × d/2) of whatever angles the caller chose.
        matrix rotate_pairs(const matrix& input, const matrix& cos, const matrix& sin,
                            rope_convention convention);

        /// 0, 1, …, n − 1.
        vector positions_from_zero(std::size_t n);
    } // namespace detail
} // namespace attn

#endif
