#ifndef ATTN_RANDOM_HPP
#define ATTN_RANDOM_HPP

/**
 * @file random.hpp
 * @brief A seeded generator that gives the same numbers on every platform, its streams, normal
 * draws by Box–Muller, and Xavier init.
 *
 * std::mt19937 is portable but the standard distributions are not, so a lesson seeded on one
 * machine could show other numbers on another. splitmix64 with an explicit conversion to
 * [0, 1) is fully specified (docs/engine.md) and cheap.
 */

#include <cstddef>
#include <cstdint>
#include <string>

#include "attn/matrix.hpp"

namespace attn
{
    /// splitmix64: a 64-bit state advanced by a constant and mixed.
    class splitmix64
    {
    public:
        /// What each number adds to the state, 2⁶⁴ divided by the golden ratio, made odd.
        static constexpr std::uint64_t increment = 0x9E3779B97F4A7C15ULL;

        explicit splitmix64(std::uint64_t state) : state_(state) {}
        std::uint64_t next();
        /// Uniform in [0, 1) with 53 random bits.
        double uniform();
        /// ⌊u·count⌋ of the next uniform u: 0 … count − 1 (u < 1, so never count itself).
        std::size_t below(std::size_t count);

    private:
        std::uint64_t state_;
    };

    /// Standard normal draws by Box–Muller from a splitmix64 stream. Each pair of uniforms
    /// u₁, u₂ gives r = √(−2·ln(1 − u₁)), θ = 2π·u₂ and two draws, r·cos θ then r·sin θ; both
    /// are used, so draw 2k and 2k+1 come from pair k. 1 − u₁ is in (0, 1], so ln never sees 0.
    class normal_stream
    {
    public:
        explicit normal_stream(std::uint64_t state) : uniform_(state) {}
        double next();

    private:
        splitmix64 uniform_;
        double spare_ = 0;
        bool has_spare_ = false;
    };

    /// Indices of the parameter streams, so supplying one matrix never shifts another's numbers.
    enum class parameter_stream : std::uint64_t
    {
        w_q = 0,
        w_k = 1,
        w_v = 2,
        w_o = 3,
        w_1 = 4,
        w_2 = 5,
        // The recurrent network's, numbered apart from the streams the other operations of
        // efficient attention may add after 8.
        rnn_w_x = 13,
        rnn_w_h = 14
    };

    /// Streams of generated inputs, numbered after the parameter streams.
    enum class input_stream : std::uint64_t
    {
        random_matrix = 6,
        scaling_experiment = 7,
        attention_dropout = 8,
        /// sparseAttention's random keys (BigBird), drawn as sparse_attention.hpp says.
        sparse_random_keys = 12,
        /// Q, K and V of measure_cost, drawn one after another from this one stream.
        cost_inputs = 9,
        /// The one uniform number of lab.sample's draw.
        sample_draw = 10,
        /// The seeds of a generation's steps, one number per generated token.
        generation_steps = 11
    };

    /// The starting state of stream k for a seed: seed·256 + k (below 2⁴⁰).
    std::uint64_t stream_state(std::uint32_t seed, std::uint64_t k);

    /**
     * @brief The seed of step `step` (from 0) of a generation seeded `seed`: the top 32 bits of
     * number `step` of stream seed·256 + 11. Each step samples its token as sample() does with
     * this seed, so a step's draw depends on the seed and the step alone, never on the tokens
     * drawn before it, and lab.sample given this seed repeats it.
     *
     * splitmix64 reaches that number without drawing the ones before it: after `step` numbers
     * its state is the start + step·increment (mod 2⁶⁴).
     */
    std::uint32_t generation_step_seed(std::uint32_t seed, std::uint64_t step);

    /// FNV-1a, 64-bit, over the bytes of `bytes`, continuing from `hash` (the offset basis by
    /// default): for each byte, hash ^= byte; hash *= 0x100000001B3 (mod 2⁶⁴).
    std::uint64_t fnv1a64(const std::string& bytes, std::uint64_t hash = 0xCBF29CE484222325ULL);

    /**
     * @brief The starting state of a token's embedding stream.
     *
     * FNV-1a 64 over the seed's 4 bytes (least significant first) followed by the token's bytes
     * (UTF-8), with the top bit then set. Seed streams start below 2⁴⁰, so no token stream starts
     * where a seed stream does, and a token's stream depends on nothing but the seed and itself.
     */
    std::uint64_t token_stream_state(std::uint32_t seed, const std::string& token);

    /// (rows × cols) standard normal draws from the stream, filled row by row.
    matrix draw_normal(std::size_t rows, std::size_t cols, normal_stream& stream);

    /// (rows × cols) draws (2u − 1)·limit, uniform in [−limit, limit), filled row by row.
    matrix draw_uniform(std::size_t rows, std::size_t cols, splitmix64& generator, double limit);

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
