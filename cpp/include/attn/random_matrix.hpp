#ifndef ATTN_RANDOM_MATRIX_HPP
#define ATTN_RANDOM_MATRIX_HPP

/**
 * @file random_matrix.hpp
 * @brief Seeded random inputs (Q, K, V, X) that are the same on every platform.
 */

#include <cstddef>
#include <cstdint>
#include <string>

#include "attn/matrix.hpp"

namespace attn
{
    enum class distribution
    {
        normal, ///< N(0, scale²) by Box–Muller
        uniform ///< U[−scale, scale)
    };

    /// "normal" or "uniform"; anything else is an attention_error naming the argument.
    distribution parse_distribution(const std::string& argument, const std::string& name);

    struct random_matrix_options
    {
        distribution dist = distribution::normal;
        double scale = 1; ///< the standard deviation (normal) or the half-width (uniform)
        std::uint32_t seed = 0;
    };

    /**
     * @brief A seeded random matrix, drawn row by row from stream seed·256 + 6.
     * @param rows 1 … max_dimension
     * @param cols 1 … max_dimension
     * @param options distribution, scale (positive and finite), seed
     * @return (rows × cols): normal draws z·scale, or uniform draws (2u − 1)·scale
     */
    matrix random_matrix(std::size_t rows, std::size_t cols, const random_matrix_options& options);
} // namespace attn

#endif
