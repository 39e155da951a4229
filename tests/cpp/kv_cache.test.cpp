#include <cmath>
#include <cstddef>
#include <limits>
#include <numeric>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include <catch2/catch.hpp>

#include "attn/alibi.hpp"
#include "attn/error.hpp"
#include "attn/kv_cache.hpp"
#include "attn/multi_head_attention.hpp"
#include "attn/random.hpp"
#include "attn/rope.hpp"
#include "attn/softmax.hpp"
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

        attn::kv_cache_options with_heads(std::size_t heads, std::uint32_t seed = 0)
        {
            attn::kv_cache_options o;
            o.heads = heads;
            o.seed = seed;
            return o;
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

        /// What the decoded layer computes, written as the whole layer at once: every row
        /// projected, each head's queries and keys rotated at positions 0 … n−1 under rope, or
        /// ALiBi's −slope·|i − j| on its scaled scores, query head h attending with key/value
        /// head ⌊h·g/h⌋ under the causal mask, or the window's with its sinks. Built from the
        /// kernels' pieces (products, row softmax), apart from the decoder and from
        /// multi_head_attention.
        attn::matrix full_layer(const attn::matrix& x, const attn::resolved_multi_head_params& p,
                                const attn::kv_cache_options& o)
        {
            const std::size_t n = attn::rows(x), d_model = attn::cols(x), h = o.heads;
            const std::size_t g = o.kv_heads.value_or(h), d_k = d_model / h;
            const attn::matrix q = attn::linear(x, p.w_q, p.b_q);
            const attn::matrix k = attn::linear(x, p.w_k, p.b_k);
            const attn::matrix v = attn::linear(x, p.w_v, p.b_v);
            attn::matrix allowed = xt::zeros<double>({n, n});
            for (std::size_t i = 0; i < n; ++i)
            {
                for (std::size_t j = 0; j <= i; ++j)
                {
                    const bool in_window = !o.window || j + *o.window > i || j < o.sinks.value_or(0);
                    allowed(i, j) = in_window ? 1 : 0;
                }
            }
            const auto head_columns = [&](const attn::matrix& m, std::size_t head)
            {
                attn::matrix cols = xt::view(m, xt::all(), xt::range(head * d_k, (head + 1) * d_k));
                if (o.positional != attn::head_positions::rope)
                {
                    return cols;
                }
                return attn::rope(cols, xt::arange<double>(double(n)), o.rope_base, o.rope_pairing)
                    .output;
            };
            attn::matrix concat = xt::empty<double>({n, d_model});
            for (std::size_t head = 0; head < h; ++head)
            {
                const std::size_t group = head * g / h;
                const attn::matrix kv_values =
                    xt::view(v, xt::all(), xt::range(group * d_k, (group + 1) * d_k));
                attn::matrix scaled =
                    attn::matmul_transposed(head_columns(q, head), head_columns(k, group)) /
                    std::sqrt(double(d_k));
                if (o.positional == attn::head_positions::alibi)
                {
                    scaled += attn::alibi_bias(attn::alibi_slopes(h)(head), n, n);
                }
                const attn::matrix blocked = xt::where(
                    xt::equal(allowed, 1.0), scaled, -std::numeric_limits<double>::infinity());
                xt::view(concat, xt::all(), xt::range(head * d_k, (head + 1) * d_k)) =
                    attn::matmul(attn::softmax_rows(blocked).weights, kv_values);
            }
            return attn::linear(concat, p.w_o, p.b_o);
        }

        /// A divisor of `of` drawn from `random`.
        std::size_t some_divisor(std::size_t of, std::mt19937& random)
        {
            std::vector<std::size_t> divisors;
            for (std::size_t k = 1; k <= of; ++k)
            {
                if (of % k == 0)
                {
                    divisors.push_back(k);
                }
            }
            return divisors[std::uniform_int_distribution<std::size_t>(0, divisors.size() - 1)(
                random)];
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
        const auto decoded = attn::kv_cache_decode(x, params, with_heads(heads, 21));
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
        const auto decoded = attn::kv_cache_decode(x, params, with_heads(heads, 5));
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
        const auto decoded = attn::kv_cache_decode(attn_test::sample(n, d), {}, with_heads(3, 0));
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
            REQUIRE_THROWS_WITH(attn::kv_cache_decode(x, {}, with_heads(4, 0)),
                                "heads: expected a divisor of d_model = 6, got 4");
        }
        SECTION("the input must be finite")
        {
            attn::matrix bad = x;
            bad(2, 1) = std::nan("");
            REQUIRE_THROWS_WITH(attn::kv_cache_decode(bad, {}, with_heads(1, 0)), Contains("input[2][1]"));
        }
        SECTION("a given weight must be d_model × d_model")
        {
            attn::multi_head_params p;
            p.w_k = attn_test::sample(6, 5);
            REQUIRE_THROWS_WITH(attn::kv_cache_decode(x, p, with_heads(1, 0)), Contains("wK: expected"));
        }
        SECTION("a given bias must have d_model numbers")
        {
            attn::multi_head_params p;
            p.b_o = attn::vector(xt::row(attn_test::sample(1, 5), 0));
            REQUIRE_THROWS_WITH(attn::kv_cache_decode(x, p, with_heads(1, 0)), Contains("bO: expected"));
        }
        SECTION("the trace of every step's cache is bounded before anything is computed")
        {
            REQUIRE_THROWS_WITH(attn::kv_cache_decode(attn_test::sample(200, 64), {}, with_heads(1, 0)),
                                "input: expected at most 2097152 cached keys and values over all "
                                "positions (n·(n+1)·d_model), got 200 × 201 × 64 = 2572800");
        }
        SECTION("values that overflow in the projection are refused, not returned as Infinity")
        {
            attn::matrix huge = x;
            huge.fill(1e300);
            attn::multi_head_params p;
            p.w_q = xt::ones<double>({6, 6}) * 1e300;
            REQUIRE_THROWS_WITH(attn::kv_cache_decode(huge, p, with_heads(1, 0)), Contains("input: expected"));
        }
        SECTION("scores that overflow inside a head blame the input, the only matrix given")
        {
            attn::matrix huge = x;
            huge.fill(1e200);
            attn::multi_head_params p;
            p.w_q = p.w_k = xt::eye<double>(6);
            REQUIRE_THROWS_WITH(attn::kv_cache_decode(huge, p, with_heads(1, 0)),
                                Contains("input: expected values small enough for scores"));
        }
    }
    TEST_CASE("grouped, rotary and windowed decoding gives the whole layer's output row for row "
              "within 1e-12, over many random shapes",
              "[kv]")
    {
        std::mt19937 random(28);
        for (int trial = 0; trial < 120; ++trial)
        {
            const std::size_t n = std::uniform_int_distribution<std::size_t>(1, 14)(random);
            const std::size_t d_k = std::uniform_int_distribution<std::size_t>(1, 4)(random) * 2;
            const std::size_t heads = std::uniform_int_distribution<std::size_t>(1, 6)(random);
            attn::kv_cache_options o;
            o.heads = heads;
            o.kv_heads = some_divisor(heads, random);
            o.seed = static_cast<std::uint32_t>(trial);
            const attn::head_positions kinds[] = {attn::head_positions::none,
                                                  attn::head_positions::rope,
                                                  attn::head_positions::alibi};
            o.positional = kinds[trial % 3];
            o.rope_pairing = trial % 2 == 0 ? attn::rope_convention::half
                                          : attn::rope_convention::interleaved;
            o.rope_base = trial % 4 == 0 ? 500000.0 : 10000.0;
            if (trial % 5 != 0)
            {
                o.window = std::uniform_int_distribution<std::size_t>(1, n + 1)(random);
                if (trial % 2 == 0)
                {
                    o.sinks = std::uniform_int_distribution<std::size_t>(0, 3)(random);
                }
            }
            const bool biases = trial % 4 == 1;
            const std::size_t d_model = heads * d_k;
            CAPTURE(trial, n, d_model, heads, *o.kv_heads, int(o.positional), o.window.value_or(0),
                    o.sinks.value_or(0), biases);
            attn::multi_head_params p;
            if (biases)
            {
                const std::size_t w = *o.kv_heads * d_k;
                p.b_q = attn::vector(xt::row(attn_test::sample(1, d_model, 3), 0));
                p.b_k = attn::vector(xt::row(attn_test::sample(1, w, 4), 0));
                p.b_v = attn::vector(xt::row(attn_test::sample(1, w, 5), 0));
                p.b_o = attn::vector(xt::row(attn_test::sample(1, d_model, 6), 0));
            }
            const attn::matrix x = attn_test::sample(n, d_model, trial);
            const auto decoded = attn::kv_cache_decode(x, p, o);
            REQUIRE(attn::cols(decoded.params.w_k) == *o.kv_heads * d_k);
            CHECK_THAT(decoded.output,
                       attn_test::MatrixWithinAbs(full_layer(x, decoded.params, o), 1e-12));
        }
    }

    TEST_CASE("decoding gives multiHeadAttention's rows with the same kvHeads, positional, "
              "window and sinks within 1e-12, over many random shapes",
              "[kv]")
    {
        std::mt19937 random(2028);
        for (int trial = 0; trial < 90; ++trial)
        {
            const std::size_t n = std::uniform_int_distribution<std::size_t>(1, 12)(random);
            const std::size_t d_k = std::uniform_int_distribution<std::size_t>(1, 3)(random) * 2;
            const std::size_t heads = std::uniform_int_distribution<std::size_t>(1, 5)(random);
            const attn::head_positions kinds[] = {attn::head_positions::none,
                                                  attn::head_positions::rope,
                                                  attn::head_positions::alibi};
            attn::multi_head_options full;
            full.heads = heads;
            full.kv_heads = some_divisor(heads, random);
            full.seed = static_cast<std::uint32_t>(100 + trial);
            full.positional = kinds[(trial / 2) % 3];
            full.rope_base = trial % 4 == 0 ? 500.0 : 10000.0;
            full.rope_pairing =
                trial % 2 ? attn::rope_convention::interleaved : attn::rope_convention::half;
            if (trial % 3 != 0)
            {
                full.window = std::uniform_int_distribution<std::size_t>(1, n + 1)(random);
                full.sinks = std::uniform_int_distribution<std::size_t>(0, 2)(random);
            }
            else
            {
                full.attention.mask = attn::attention_mask::causal();
            }
            attn::kv_cache_options o;
            o.heads = full.heads;
            o.kv_heads = full.kv_heads;
            o.seed = full.seed;
            o.positional = full.positional;
            o.rope_base = full.rope_base;
            o.rope_pairing = full.rope_pairing;
            o.window = full.window;
            o.sinks = full.sinks;
            const attn::matrix x = attn_test::sample(n, heads * d_k, 50 + trial);
            CAPTURE(trial, n, heads, *o.kv_heads, int(o.positional), o.window.value_or(0),
                    o.sinks.value_or(0));
            const auto decoded = attn::kv_cache_decode(x, {}, o);
            const auto layer = attn::multi_head_attention(x, x, x, {}, full);
            CHECK_THAT(decoded.output, attn_test::MatrixWithinAbs(layer.output, 1e-12));
            CHECK_THAT(decoded.params.w_k, attn_test::MatrixEquals(layer.params.w_k));
            if (o.positional == attn::head_positions::alibi)
            {
                CHECK_THAT(decoded.alibi_slopes, attn_test::VectorEquals(layer.alibi_slopes));
            }
            // Each step's weights are the layer's row over the positions the cache holds.
            for (const auto& step : decoded.positions)
            {
                for (std::size_t h = 0; h < heads; ++h)
                {
                    for (std::size_t i = 0; i < step.cached_positions.size(); ++i)
                    {
                        CHECK_THAT(step.weights(h, i),
                                   WithinAbs(layer.weights(h, step.position, step.cached_positions[i]),
                                             1e-12));
                    }
                }
            }
        }
    }

    TEST_CASE("under ALiBi each step adds −slope·(t − j) for every cached position j",
              "[kv]")
    {
        attn::kv_cache_options o = with_heads(4, 2);
        o.kv_heads = 1;
        o.positional = attn::head_positions::alibi;
        o.window = 2;
        o.sinks = 1;
        const auto decoded = attn::kv_cache_decode(attn_test::sample(5, 8, 3), {}, o);
        CHECK_THAT(decoded.alibi_slopes,
                   attn_test::VectorEquals(attn::vector{0.25, 0.0625, 0.015625, 0.00390625}));
        const auto& last = decoded.positions.back(); // t = 4 holds 0, 3, 4
        REQUIRE(last.cached_positions == std::vector<std::size_t>{0, 3, 4});
        CHECK_THAT(last.bias, attn_test::MatrixEquals(attn::matrix{{-1, -0.25, 0},
                                                                   {-0.25, -0.0625, 0},
                                                                   {-0.0625, -0.015625, 0},
                                                                   {-0.015625, -0.00390625, 0}}));
        // Without ALiBi there is no bias.
        CHECK(attn::kv_cache_decode(attn_test::sample(5, 8, 3), {}, with_heads(4, 2))
                  .positions.back()
                  .bias.size() == 0);
    }

    TEST_CASE("omitted narrow key and value weights are drawn as multi-head attention draws them",
              "[kv]")
    {
        attn::kv_cache_options o = with_heads(4, 9);
        o.kv_heads = 2;
        const auto decoded = attn::kv_cache_decode(attn_test::sample(3, 8), {}, o);
        CHECK_THAT(decoded.params.w_k,
                   attn_test::MatrixEquals(attn::xavier_uniform(8, 4, 9, attn::parameter_stream::w_k)));
        CHECK_THAT(decoded.params.w_v,
                   attn_test::MatrixEquals(attn::xavier_uniform(8, 4, 9, attn::parameter_stream::w_v)));
        CHECK(decoded.kv_heads == 2);
        // As many key/value heads as heads is the layer without the option, number for number.
        o.kv_heads = 4;
        const auto same = attn::kv_cache_decode(attn_test::sample(3, 8), {}, o);
        const auto plain = attn::kv_cache_decode(attn_test::sample(3, 8), {}, with_heads(4, 9));
        CHECK_THAT(same.output, attn_test::MatrixEquals(plain.output));
    }

    TEST_CASE("under a window of 3 with 2 sinks the cache holds positions 0, 1 and the last 3, "
              "each key rotated once at its own position",
              "[kv]")
    {
        const std::size_t n = 8, d_model = 8;
        attn::kv_cache_options o = with_heads(4, 3);
        o.kv_heads = 2;
        o.window = 3;
        o.sinks = 2;
        o.positional = attn::head_positions::rope;
        const attn::matrix x = attn_test::sample(n, d_model, 1);
        const auto decoded = attn::kv_cache_decode(x, {}, o);
        const std::vector<std::vector<std::size_t>> expected = {
            {0}, {0, 1}, {0, 1, 2}, {0, 1, 2, 3}, {0, 1, 2, 3, 4},
            {0, 1, 3, 4, 5}, {0, 1, 4, 5, 6}, {0, 1, 5, 6, 7}};
        // Every key, rotated at its position, as the whole layer has it.
        const attn::matrix k = attn::linear(x, decoded.params.w_k, decoded.params.b_k);
        const std::size_t d_k = 2;
        for (const auto& step : decoded.positions)
        {
            CAPTURE(step.position);
            CHECK(step.cached_positions == expected[step.position]);
            const std::size_t held = step.cached_positions.size();
            REQUIRE(attn::rows(step.keys) == held);
            REQUIRE(attn::cols(step.keys) == 4); // 2 key/value heads of 2
            REQUIRE(attn::rows(step.weights) == 4);
            REQUIRE(attn::cols(step.weights) == held);
            for (std::size_t i = 0; i < held; ++i)
            {
                const std::size_t j = step.cached_positions[i];
                for (std::size_t g = 0; g < 2; ++g)
                {
                    const attn::matrix key_j =
                        xt::view(k, xt::range(j, j + 1), xt::range(g * d_k, (g + 1) * d_k));
                    const attn::matrix rotated =
                        attn::rope(key_j, {double(j)}, 10000, attn::rope_convention::half).output;
                    CHECK_THAT(attn::matrix(xt::view(step.keys, xt::range(i, i + 1),
                                                     xt::range(g * d_k, (g + 1) * d_k))),
                               attn_test::MatrixWithinAbs(rotated, 1e-15));
                }
            }
            CHECK(step.multiply_adds_with_cache == 2 * 64 + 2 * 8 * 4 + 2 * held * 8);
            const std::size_t p = step.position + 1;
            CHECK(step.multiply_adds_without_cache == p * (2 * 64 + 2 * 8 * 4) + 2 * p * p * 8);
        }
        // At the end: positions 0, 1, 5, 6, 7, each a key and a value 4 wide.
        CHECK(decoded.cache_cells == 2 * 4 * 5);
    }

    TEST_CASE("new KV cache arguments that describe no layer are refused naming the argument",
              "[kv][errors]")
    {
        const attn::matrix x = attn_test::sample(4, 6);
        attn::kv_cache_options o = with_heads(3);
        SECTION("kvHeads must divide heads, and 0 divides nothing")
        {
            o.kv_heads = 2;
            REQUIRE_THROWS_WITH(attn::kv_cache_decode(x, {}, o),
                                "kvHeads: expected a divisor of heads = 3, got 2");
            o.kv_heads = 0;
            REQUIRE_THROWS_WITH(attn::kv_cache_decode(x, {}, o),
                                "kvHeads: expected a divisor of heads = 3, got 0");
        }
        SECTION("a given key weight is kvHeads·d_k wide")
        {
            o.kv_heads = 1;
            attn::multi_head_params p;
            p.w_k = attn_test::sample(6, 6);
            REQUIRE_THROWS_WITH(attn::kv_cache_decode(x, p, o),
                                "wK: expected a matrix of shape 6×2 (d_model × kvHeads·d_k), got 6×6");
        }
        SECTION("a window keeps at least one key, and sinks need a window")
        {
            o.window = 0;
            REQUIRE_THROWS_WITH(attn::kv_cache_decode(x, {}, o),
                                "window: expected a whole number ≥ 1 (the keys each query sees, "
                                "itself included), got 0");
            o.window = std::nullopt;
            o.sinks = 2;
            REQUIRE_THROWS_WITH(attn::kv_cache_decode(x, {}, o),
                                "sinks: expected a window beside it (sinks are the first keys kept "
                                "visible past a sliding window), got sinks = 2 without window");
        }
        SECTION("rope needs heads of even width and a base > 0")
        {
            attn::kv_cache_options r = with_heads(2); // d_k = 3
            r.positional = attn::head_positions::rope;
            REQUIRE_THROWS_WITH(attn::kv_cache_decode(x, {}, r),
                                "positional: expected 'none' or 'alibi' with an odd d_k = "
                                "d_model / heads = 3 (RoPE rotates pairs of columns), got 'rope'");
            o.positional = attn::head_positions::rope;
            o.rope_base = 0;
            REQUIRE_THROWS_WITH(attn::kv_cache_decode(x, {}, o),
                                "ropeBase: expected a finite number > 0, got 0");
        }
        SECTION("positional is one of none, rope or alibi")
        {
            REQUIRE_THROWS_WITH(attn::parse_head_positions("positional", "sinusoid"),
                                "positional: expected 'none', 'rope' or 'alibi', got 'sinusoid'");
        }
    }
} // namespace kv_cache_tests
