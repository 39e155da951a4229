#include <cstddef>
#include <numeric>
#include <string>
#include <tuple>

#include <catch2/catch.hpp>

#include "attn/error.hpp"
#include "attn/kv_cache.hpp"
#include "attn/multi_head_attention.hpp"
#include "tensor_matchers.hpp"

namespace kv_cache_tests
{
    using Catch::Matchers::Contains;
    using Catch::Matchers::WithinAbs;

    namespace
    {
        /// Seeded weights with every bias given, or none, so both forms of x·W + b are covered.
        attn::multi_head_params params_for(std::size_t d_model, bool biases)
        {
            attn::multi_head_params p;
            if (biases)
            {
                p.b_q = attn::vector(xt::row(attn_test::sample(1, d_model, 3), 0));
                p.b_k = attn::vector(xt::row(attn_test::sample(1, d_model, 4), 0));
                p.b_v = attn::vector(xt::row(attn_test::sample(1, d_model, 5), 0));
                p.b_o = attn::vector(xt::row(attn_test::sample(1, d_model, 6), 0));
            }
            return p;
        }

        /// The same layer run on the whole input at once under the causal mask.
        attn::multi_head_trace recomputed(const attn::matrix& x, const attn::multi_head_params& p,
                                          std::size_t heads, std::uint32_t seed)
        {
            attn::multi_head_options options;
            options.heads = heads;
            options.seed = seed;
            options.attention.mask = attn::attention_mask::causal();
            return attn::multi_head_attention(x, x, x, p, options);
        }
    } // namespace

    TEST_CASE("decoding with a KV cache gives multi-head attention's causal output within 1e-12",
              "[kv]")
    {
        const auto [n, d_model, heads] = GENERATE(table<std::size_t, std::size_t, std::size_t>(
            {{1, 1, 1}, {3, 2, 1}, {5, 8, 2}, {7, 8, 4}, {12, 6, 3}, {16, 16, 8}}));
        const bool biases = GENERATE(false, true);
        CAPTURE(n, d_model, heads, biases);
        const attn::matrix x = attn_test::sample(n, d_model, 7);
        const auto params = params_for(d_model, biases);
        const auto decoded = attn::kv_cache_decode(x, params, heads, 21);
        const auto full = recomputed(x, params, heads, 21);
        CHECK_THAT(decoded.output, attn_test::MatrixWithinAbs(full.output, 1e-12));
        REQUIRE(decoded.positions.size() == n);
        CHECK(decoded.cache_cells == 2 * n * d_model);
    }

    TEST_CASE("each step caches the keys and values of every row so far and attends only over them",
              "[kv]")
    {
        const std::size_t n = 6, d_model = 4, heads = 2;
        const attn::matrix x = attn_test::sample(n, d_model, 2);
        const auto params = params_for(d_model, true);
        const auto decoded = attn::kv_cache_decode(x, params, heads, 5);
        const auto full = recomputed(x, params, heads, 5);
        for (const auto& step : decoded.positions)
        {
            const std::size_t t = step.position, cached = t + 1;
            CAPTURE(t);
            REQUIRE(attn::rows(step.keys) == cached);
            REQUIRE(attn::rows(step.values) == cached);
            CHECK_THAT(step.keys,
                       attn_test::MatrixWithinAbs(
                           xt::view(full.projected_key, xt::range(0, cached), xt::all()), 1e-12));
            CHECK_THAT(step.values,
                       attn_test::MatrixWithinAbs(
                           xt::view(full.projected_value, xt::range(0, cached), xt::all()), 1e-12));
            CHECK_THAT(attn::matrix(xt::view(step.query, xt::newaxis(), xt::all())),
                       attn_test::MatrixWithinAbs(
                           xt::view(full.projected_query, xt::range(t, t + 1), xt::all()), 1e-12));
            for (std::size_t h = 0; h < heads; ++h)
            {
                CAPTURE(h);
                // The causal weights of row t are the cached ones followed by zeros.
                const attn::matrix expected =
                    xt::view(full.weights, h, xt::range(t, t + 1), xt::range(0, cached));
                CHECK_THAT(attn::matrix(xt::view(step.weights, xt::range(h, h + 1), xt::all())),
                           attn_test::MatrixWithinAbs(expected, 1e-12));
                CHECK_THAT(xt::sum(xt::row(step.weights, h))(), WithinAbs(1, 1e-12));
            }
        }
    }

    TEST_CASE("the multiply-adds with the cache grow linearly and without it quadratically", "[kv]")
    {
        const std::size_t n = 9, d = 6;
        const auto decoded = attn::kv_cache_decode(attn_test::sample(n, d), {}, 3, 0);
        std::size_t with_total = 0, without_total = 0;
        for (const auto& step : decoded.positions)
        {
            const std::size_t p = step.position + 1;
            CAPTURE(p);
            CHECK(step.multiply_adds_with_cache == 4 * d * d + 2 * p * d);
            CHECK(step.multiply_adds_without_cache == 4 * p * d * d + 2 * p * p * d);
            with_total += step.multiply_adds_with_cache;
            without_total += step.multiply_adds_without_cache;
        }
        // Σ_p (4d² + 2pd) and Σ_p (4pd² + 2p²d) for p = 1 … n.
        CHECK(with_total == 4 * n * d * d + n * (n + 1) * d);
        CHECK(without_total == 2 * n * (n + 1) * d * d + n * (n + 1) * (2 * n + 1) * d / 3);
        // The first row has nothing cached to save.
        CHECK(decoded.positions[0].multiply_adds_with_cache ==
              decoded.positions[0].multiply_adds_without_cache);
    }

    TEST_CASE("bad KV cache arguments are refused naming the argument", "[kv][errors]")
    {
        const attn::matrix x = attn_test::sample(4, 6);
        SECTION("heads must divide d_model")
        {
            REQUIRE_THROWS_WITH(attn::kv_cache_decode(x, {}, 4, 0),
                                "heads: expected a divisor of d_model = 6, got 4");
        }
        SECTION("the input must be finite")
        {
            attn::matrix bad = x;
            bad(2, 1) = std::nan("");
            REQUIRE_THROWS_WITH(attn::kv_cache_decode(bad, {}, 1, 0), Contains("input[2][1]"));
        }
        SECTION("a given weight must be d_model × d_model")
        {
            attn::multi_head_params p;
            p.w_k = attn_test::sample(6, 5);
            REQUIRE_THROWS_WITH(attn::kv_cache_decode(x, p, 1, 0), Contains("wK: expected"));
        }
        SECTION("a given bias must have d_model numbers")
        {
            attn::multi_head_params p;
            p.b_o = attn::vector(xt::row(attn_test::sample(1, 5), 0));
            REQUIRE_THROWS_WITH(attn::kv_cache_decode(x, p, 1, 0), Contains("bO: expected"));
        }
        SECTION("the trace of every step's cache is bounded before anything is computed")
        {
            REQUIRE_THROWS_WITH(attn::kv_cache_decode(attn_test::sample(200, 64), {}, 1, 0),
                                "input: expected at most 2097152 cached keys and values over all "
                                "positions (n·(n+1)·d_model), got 200 × 201 × 64 = 2572800");
        }
        SECTION("values that overflow in the projection are refused, not returned as Infinity")
        {
            attn::matrix huge = x;
            huge.fill(1e300);
            attn::multi_head_params p;
            p.w_q = xt::ones<double>({6, 6}) * 1e300;
            REQUIRE_THROWS_WITH(attn::kv_cache_decode(huge, p, 1, 0), Contains("input: expected"));
        }
        SECTION("scores that overflow inside a head blame the input, the only matrix given")
        {
            attn::matrix huge = x;
            huge.fill(1e200);
            attn::multi_head_params p;
            p.w_q = p.w_k = xt::eye<double>(6);
            REQUIRE_THROWS_WITH(attn::kv_cache_decode(huge, p, 1, 0),
                                Contains("input: expected values small enough for scores"));
        }
    }
} // namespace kv_cache_tests
