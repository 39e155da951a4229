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
} // namespace attn

#endif
