#include <cmath>
#include <string>

#include <catch2/catch.hpp>

#include "attn/attention.hpp"
#include "attn/error.hpp"
#include "attn/linear_attention.hpp"
#include "tensor_matchers.hpp"

namespace linear_attention_tests
{
    using Catch::Matchers::Contains;
    using Catch::Matchers::WithinAbs;

    namespace
    {
        // The worked example of the attention lessons: one query, three keys.
        const attn::matrix example_query = {{1, 2}};
        const attn::matrix example_key = {{1, 0}, {0, 1}, {1, 1}};
        const attn::matrix example_value = {{0.5, 0.3}, {0.8, 0.2}, {0.1, 0.9}};

        attn::linear_attention_options causal(bool trace = true)
        {
            attn::linear_attention_options o;
            o.causal = true;
            o.trace = trace;
            return o;
        }

        attn::matrix rows_up_to(const attn::matrix& m, std::size_t last)
        {
            return xt::view(m, xt::range(0, last + 1), xt::all());
        }
    } // namespace

    TEST_CASE("φ is elu + 1: x + 1 above 0, eˣ at and below 0, so every feature is positive",
              "[linear]")
    {
        CHECK(attn::linear_attention_feature(2) == 3);
        CHECK(attn::linear_attention_feature(0) == 1);
        CHECK_THAT(attn::linear_attention_feature(-1), WithinAbs(std::exp(-1.0), 1e-16));
        CHECK(attn::linear_attention_feature(-30) > 0);
    }

    TEST_CASE("on the worked example the weights are φ(q)·φ(k) over their sum: 7, 8, 10 out of 25",
              "[linear]")
    {
        const auto t = attn::linear_attention(example_query, example_key, example_value);
        CHECK_THAT(t.feature_query, attn_test::MatrixEquals(attn::matrix{{2, 3}}));
        CHECK_THAT(t.feature_key, attn_test::MatrixEquals(attn::matrix{{2, 1}, {1, 2}, {2, 2}}));
        // state = φ(K)ᵀ·V, normalizer = φ(K)ᵀ·1.
        CHECK_THAT(t.state, attn_test::MatrixWithinAbs(attn::matrix{{2, 2.6}, {2.3, 2.5}}, 1e-15));
        CHECK_THAT(t.normalizer, attn_test::VectorEquals(attn::vector{5, 5}));
        // (7·v₀ + 8·v₁ + 10·v₂) / 25.
        CHECK_THAT(t.output, attn_test::MatrixWithinAbs(attn::matrix{{0.436, 0.508}}, 1e-15));
        CHECK(t.peak_cells == 2 * 2 + 1 * 2);
    }

    TEST_CASE("linear attention is not softmax attention: on the worked example the outputs differ "
              "by 0.081 and 0.109",
              "[linear]")
    {
        // Softmax weights are 0.140, 0.284, 0.576 (exp sharpens the scores 1, 2, 3); linear
        // attention's are 0.28, 0.32, 0.40 (φ(q)·φ(k) = 7, 8, 10 are closer together), so its
        // output leans less towards the best-matching key [0.1, 0.9].
        const auto linear = attn::linear_attention(example_query, example_key, example_value);
        const auto softmax =
            attn::scaled_dot_product_attention(example_query, example_key, example_value);
        CHECK_THAT(linear.output(0, 0) - softmax.output(0, 0), WithinAbs(0.081, 5e-4));
        CHECK_THAT(linear.output(0, 1) - softmax.output(0, 1), WithinAbs(-0.109, 5e-4));
    }

    TEST_CASE("the causal output at row i equals the non-causal output over rows 0 … i", "[linear]")
    {
        const attn::matrix q = attn_test::sample(6, 3), k = attn_test::sample(6, 3, 0.4),
                           v = attn_test::sample(6, 2, 0.9);
        const auto t = attn::linear_attention(q, k, v, causal());
        for (std::size_t i = 0; i < 6; ++i)
        {
            const auto prefix =
                attn::linear_attention(rows_up_to(q, i), rows_up_to(k, i), rows_up_to(v, i));
            CHECK_THAT(attn::matrix(xt::view(t.output, xt::range(i, i + 1), xt::all())),
                       attn_test::MatrixWithinAbs(
                           xt::view(prefix.output, xt::range(i, i + 1), xt::all()), 1e-14));
            CHECK_THAT(attn::matrix(xt::view(t.prefix_states, i, xt::all(), xt::all())),
                       attn_test::MatrixWithinAbs(prefix.state, 1e-14));
            CHECK_THAT(attn::vector(xt::view(t.prefix_normalizers, i, xt::all())),
                       attn_test::VectorEquals(prefix.normalizer));
        }
        // The last prefix is the whole sequence.
        const auto whole = attn::linear_attention(q, k, v);
        CHECK_THAT(t.state, attn_test::MatrixWithinAbs(whole.state, 1e-14));
    }

    TEST_CASE("trace false returns the same state, normalizer and output without features or "
              "prefixes",
              "[linear]")
    {
        const attn::matrix q = attn_test::sample(5, 4), k = attn_test::sample(5, 4, 0.3),
                           v = attn_test::sample(5, 3, 0.7);
        for (const bool is_causal : {false, true})
        {
            auto traced_options = causal(true), lean_options = causal(false);
            traced_options.causal = lean_options.causal = is_causal;
            const auto traced = attn::linear_attention(q, k, v, traced_options);
            const auto lean = attn::linear_attention(q, k, v, lean_options);
            CHECK_THAT(lean.output, attn_test::MatrixEquals(traced.output));
            CHECK_THAT(lean.state, attn_test::MatrixEquals(traced.state));
            CHECK(lean.feature_query.size() == 0);
            CHECK(lean.prefix_states.size() == 0);
            CHECK(lean.peak_cells == 4 * 3 + 5 * 3);
        }
    }

    TEST_CASE("linear attention names the argument of every bad input", "[linear][errors]")
    {
        const attn::matrix q = attn_test::sample(3, 2), v = attn_test::sample(3, 2);
        REQUIRE_THROWS_WITH(attn::linear_attention(q, attn_test::sample(3, 3), v),
                            "key: expected 2 columns (d_k, the width of query), got 3");
        REQUIRE_THROWS_WITH(attn::linear_attention(q, q, attn_test::sample(4, 2)),
                            "value: expected 3 rows (one per key), got 4");
        REQUIRE_THROWS_WITH(
            attn::linear_attention(q, attn_test::sample(4, 2), attn_test::sample(4, 2), causal()),
            "key: expected 3 rows (causal: key i is the i-th query's own token), got 4");
        SECTION("a query whose features all underflow is refused, not divided by 0")
        {
            REQUIRE_THROWS_WITH(attn::linear_attention(attn::matrix{{-800, -800}}, q, v),
                                Contains("query: expected values whose features") &&
                                    Contains("got φ(query[0])·normalizer = 0"));
        }
        SECTION("a causal trace of more than 2²¹ numbers asks for trace: false")
        {
            const attn::matrix long_q = xt::zeros<double>({1024, 64});
            REQUIRE_THROWS_WITH(attn::linear_attention(long_q, long_q, long_q, causal()),
                                Contains("trace: expected at most 2097152 numbers in the trace "
                                         "(features, state, prefix states and output; pass trace: "
                                         "false for the lean result)"));
            CHECK_NOTHROW(attn::linear_attention(long_q, long_q, long_q, causal(false)));
        }
    }

    TEST_CASE("causal linear attention runs over 4096 tokens lean, holding d_k·d_v + n·d_v cells",
              "[linear][limits]")
    {
        const attn::matrix x = attn_test::sample(4096, 8);
        const auto t = attn::linear_attention(x, x, x, causal(false));
        CHECK(t.peak_cells == 8 * 8 + 4096 * 8);
        CHECK_THAT(t.output, attn_test::AllFinite());
        REQUIRE_THROWS_WITH(attn::linear_attention(attn_test::sample(4097, 2), x, x),
                            "query: expected at most 4096 rows and 1024 columns, got 4097×2");
    }
} // namespace linear_attention_tests
