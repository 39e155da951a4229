#include "attn/random.hpp"

#include <cmath>

namespace attn
{
    std::uint64_t splitmix64::next()
    {
        state_ += increment;
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

    std::size_t splitmix64::below(std::size_t count)
    {
        return static_cast<std::size_t>(uniform() * static_cast<double>(count));
    }

    double normal_stream::next()
    {
        if (has_spare_)
        {
            has_spare_ = false;
            return spare_;
        }
        const double u1 = uniform_.uniform();
        const double u2 = uniform_.uniform();
        // 1 − u₁ is exact (both are multiples of 2⁻⁵³) and at least 2⁻⁵³, so the log is finite.
        const double r = std::sqrt(-2.0 * std::log(1.0 - u1));
        const double theta = 6.283185307179586 * u2; // 2π, the double nearest it
        spare_ = r * std::sin(theta);
        has_spare_ = true;
        return r * std::cos(theta);
    }

    std::uint64_t stream_state(std::uint32_t seed, std::uint64_t k)
    {
        return (static_cast<std::uint64_t>(seed) << 8) | k;
    }

    std::uint32_t generation_step_seed(std::uint32_t seed, std::uint64_t step)
    {
        splitmix64 stream(
            stream_state(seed, static_cast<std::uint64_t>(input_stream::generation_steps)) +
            step * splitmix64::increment);
        // The top bits, as the trainer takes its dropout seeds: splitmix64 mixes them best.
        return static_cast<std::uint32_t>(stream.next() >> 32);
    }

    std::uint64_t fnv1a64(const std::string& bytes, std::uint64_t hash)
    {
        for (const char c : bytes)
        {
            hash ^= static_cast<unsigned char>(c);
            hash *= 0x100000001B3ULL;
        }
        return hash;
    }

    std::uint64_t token_stream_state(std::uint32_t seed, const std::string& token)
    {
        const std::string seed_bytes = {
            static_cast<char>(seed & 0xFF), static_cast<char>((seed >> 8) & 0xFF),
            static_cast<char>((seed >> 16) & 0xFF), static_cast<char>((seed >> 24) & 0xFF)};
        return fnv1a64(token, fnv1a64(seed_bytes)) | (std::uint64_t{1} << 63);
    }

    matrix draw_normal(std::size_t rows, std::size_t cols, normal_stream& stream)
    {
        matrix out = xt::empty<double>({rows, cols});
        for (double& x : out)
        {
            x = stream.next();
        }
        return out;
    }

    matrix draw_uniform(std::size_t rows, std::size_t cols, splitmix64& generator, double limit)
    {
        matrix out = xt::empty<double>({rows, cols});
        for (double& x : out)
        {
            x = (2.0 * generator.uniform() - 1.0) * limit;
        }
        return out;
    }

    matrix xavier_uniform(std::size_t rows, std::size_t cols, std::uint32_t seed,
                          parameter_stream stream)
    {
        splitmix64 generator(stream_state(seed, static_cast<std::uint64_t>(stream)));
        return draw_uniform(rows, cols, generator,
                            std::sqrt(6.0 / static_cast<double>(rows + cols)));
    }
} // namespace attn
