#ifndef ATTN_POSITIONAL_ENCODING_HPP
#define ATTN_POSITIONAL_ENCODING_HPP

/**
 * @file positional_encoding.hpp
 * @brief The sinusoidal positional encoding of "Attention Is All You Need".
 */

#include <cstddef>

#include "attn/matrix.hpp"

namespace attn
{
    /**
     * @brief PE(pos, 2i) = sin(pos / 10000^(2i/d)), PE(pos, 2i+1) = cos(pos / 10000^(2i/d)).
     *
     * Columns are interleaved sin, cos, sin, … For odd d the last column is a sine whose cosine
     * partner would be column d, which does not exist.
     * @param length number of positions (1 … max_dimension)
     * @param d_model number of columns (1 … max_dimension)
     * @return (length × d_model)
     */
    matrix positional_encoding(std::size_t length, std::size_t d_model);

    namespace detail
    {
        /// 10000^(2i/d) for the column pair (2i, 2i+1) starting at even_column = 2i: the factor
        /// positional_encoding divides positions by (explain_positional_encoding shares it).
        double positional_divisor(std::size_t even_column, std::size_t d_model);
    } // namespace detail

    struct positional_addition_trace
    {
        matrix encoding; ///< (n × d) pass 1: PE for n positions
        matrix output;   ///< (n × d) pass 2: input + encoding
    };

    /**
     * @brief Adds the positional encoding to an input, row i getting PE(i).
     * @param input (n × d)
     */
    positional_addition_trace add_positional_encoding(const matrix& input);

    struct position_similarity_trace
    {
        matrix encoding;   ///< (length × d_model) pass 1: PE
        matrix similarity; ///< (length × length) pass 2: PE·PEᵀ, dot products of positions
        vector norms;      ///< (length) pass 3: ‖PE(i)‖ = √similarity[i][i]
        matrix cosine; ///< (length × length) pass 4: s_ij / √(s_ii·s_jj), diagonal exactly 1
    };

    /**
     * @brief How alike the encodings of every two positions are.
     *
     * A position whose encoding is all zero (position 0 when d_model = 1) has cosine 0 with
     * every position, itself included, rather than 0/0.
     * @param length 1 … max_dimension
     * @param d_model 1 … max_dimension
     */
    position_similarity_trace position_similarity(std::size_t length, std::size_t d_model);
} // namespace attn

#endif
