#ifndef ATTN_RANDOM_HPP
#define ATTN_RANDOM_HPP

/**
 * @file random.hpp
 * @brief A seeded generator that gives the same numbers on every platform, and Xavier init.
 *
 * std::mt19937 is portable but the standard distributions are not, so a lesson seeded on one
 * machine could show other numbers on another. splitmix64 with an explicit conversion to
 * [0, 1) is fully specified (docs/engine.md) and cheap.
 */

#include <cstddef>
#include <cstdint>

#include "attn/matrix.hpp"

namespace attn
{
    /// splitmix64: a 64-bit state advanced by a constant and mixed.
    class splitmix64
    {
    public:
        explicit splitmix64(std::uint64_t state) : state_(state) {}
        std::uint64_t next();
        /// Uniform in [0, 1) with 53 random bits.
        double uniform();

    private:
        std::uint64_t state_;
    };

    /// Indices of the parameter streams, so supplying one matrix never shifts another's numbers.
    enum class parameter_stream : std::uint64_t
    {
        w_q = 0,
        w_k = 1,
        w_v = 2,
        w_o = 3,
        w_1 = 4,
        w_2 = 5
    };

    /**
     * @brief Xavier (Glorot) uniform init: U(−a, a), a = √(6 / (rows + cols)).
     * @param rows fan-in
     * @param cols fan-out
     * @param seed 0 … 2³²−1
     * @param stream which parameter this is
     * @return (rows × cols), filled row by row from the stream seed·256 + stream
     */
    matrix xavier_uniform(std::size_t rows, std::size_t cols, std::uint32_t seed,
                          parameter_stream stream);
} // namespace attn

#endif
