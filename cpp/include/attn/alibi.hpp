#ifndef ATTN_ALIBI_HPP
#define ATTN_ALIBI_HPP

/**
 * @file alibi.hpp
 * @brief Attention with linear biases (ALiBi), Press, Smith and Lewis 2022, "Train Short, Test
 * Long", arXiv:2108.12409: no position embedding, but head h adds −slope_h·|i − j| to its
 * scaled scores, so every head prefers near keys, some more steeply than others.
 */

#include <cstddef>

#include "attn/matrix.hpp"

namespace attn
{
    /**
     * @brief The paper's head slopes, as its reference code's get_slopes.
     *
     * For H a power of two: slope_k = 2^(−8(k+1)/H), a geometric sequence from 2^(−8/H) down
     * to 2^(−8). Otherwise, with P the largest power of two below H: the P slopes of P heads,
     * then the slopes at indices 0, 2, 4, … of the 2P-head sequence, 2^(−4(2j+1)/P), until
     * there are H (these fall between the first ones).
     * @param heads 1 … max_dimension
     * @return (heads)
     */
    vector alibi_slopes(std::size_t heads);

    /**
     * @brief One head's bias: bias[i][j] = −slope·|i − j|, query i and key j.
     * @param slope finite
     * @param n queries (1 … max_dimension)
     * @param m keys (1 … max_dimension)
     * @return (n × m)
     */
    matrix alibi_bias(double slope, std::size_t n, std::size_t m);
} // namespace attn

#endif
