#include "attn/random.hpp"

#include <cmath>

namespace attn
{
    std::uint64_t splitmix64::next()
    {
        state_ += 0x9E3779B97F4A7C15ULL;
        std::uint64_t z = state_;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }

    double splitmix64::uniform()
    {
        // The top 53 bits fill a double's mantissa exactly: every value k·2⁻⁵³ is representable.
        return static_cast<double>(next() >> 11) * 0x1.0p-53;
    }

    matrix xavier_uniform(std::size_t rows, std::size_t cols, std::uint32_t seed,
                          parameter_stream stream)
    {
        splitmix64 generator((static_cast<std::uint64_t>(seed) << 8) |
                             static_cast<std::uint64_t>(stream));
        const double limit = std::sqrt(6.0 / static_cast<double>(rows + cols));
        matrix out = xt::empty<double>({rows, cols});
        for (std::size_t i = 0; i < rows; ++i)
        {
            for (std::size_t j = 0; j < cols; ++j)
            {
                out(i, j) = (2.0 * generator.uniform() - 1.0) * limit;
            }
        }
        return out;
    }
} // namespace attn
