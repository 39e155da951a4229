#include <cmath>
#include <vector>

#include <catch2/catch.hpp>

#include "attn/attention.hpp"
#include "tensor_matchers.hpp"

namespace attention_tests
{
    using Catch::Matchers::WithinAbs;
    using Catch::Matchers::WithinRel;

    TEST_CASE("the worked example gives the tutorial's rounded numbers", "[attention]")
    {
        // One query [1, 2] against keys [1, 0], [0, 1], [1, 1].
        const attn::matrix query = {{1, 2}};
        const attn::matrix key = {{1, 0}, {0, 1}, {1, 1}};
        const attn::matrix value = {{0.5, 0.3}, {0.8, 0.2}, {0.1, 0.9}};
        const auto t = attn::scaled_dot_product_attention(query, key, value);

        SECTION("scores are the dot products 1, 2, 3")
        {
            CHECK_THAT(t.scores, attn_test::MatrixEquals(attn::matrix{{1, 2, 3}}));
        }
        SECTION("scaled divides by √2: 0.707, 1.414, 2.121")
        {
            CHECK_THAT(t.sqrt_d_k, WithinRel(std::sqrt(2.0), 1e-15));
            CHECK_THAT(t.scaled(0, 0), WithinAbs(0.707, 5e-4));
            CHECK_THAT(t.scaled(0, 1), WithinAbs(1.414, 5e-4));
            CHECK_THAT(t.scaled(0, 2), WithinAbs(2.121, 5e-4));
        }
        SECTION("weights are 0.140, 0.284, 0.576")
        {
            CHECK_THAT(t.weights(0, 0), WithinAbs(0.140, 5e-4));
            CHECK_THAT(t.weights(0, 1), WithinAbs(0.284, 5e-4));
            CHECK_THAT(t.weights(0, 2), WithinAbs(0.576, 5e-4));
        }
        SECTION("output is 0.355, 0.617")
        {
            CHECK_THAT(t.output(0, 0), WithinAbs(0.355, 5e-4));
            CHECK_THAT(t.output(0, 1), WithinAbs(0.617, 5e-4));
        }
        SECTION("without a mask the trace has no mask and no fully masked rows")
        {
            CHECK_FALSE(t.has_mask);
            CHECK(t.fully_masked_rows.empty());
        }
    }

    TEST_CASE("each row of attention weights sums to 1", "[attention]")
    {
        const auto t = attn::scaled_dot_product_attention(
            attn_test::sample(6, 4), attn_test::sample(9, 4, 1), attn_test::sample(9, 3, 2));
        for (std::size_t i = 0; i < 6; ++i)
        {
            CHECK_THAT(xt::sum(xt::row(t.weights, i))(), WithinAbs(1.0, 1e-14));
        }
    }

    TEST_CASE("cross-attention takes n ≠ m queries and keys and d_v ≠ d_k", "[attention]")
    {
        using row = std::tuple<std::size_t, std::size_t, std::size_t, std::size_t>;
        const auto [n, m, d_k, d_v] =
            GENERATE(table<std::size_t, std::size_t, std::size_t, std::size_t>(
                {row{3, 5, 4, 6}, row{5, 2, 3, 1}, row{1, 7, 2, 5}, row{4, 1, 6, 2}}));
        CAPTURE(n, m, d_k, d_v);
        const auto t = attn::scaled_dot_product_attention(
            attn_test::sample(n, d_k), attn_test::sample(m, d_k, 1), attn_test::sample(m, d_v, 2));
        CHECK(attn::rows(t.scores) == n);
        CHECK(attn::cols(t.scores) == m);
        CHECK(attn::rows(t.weights) == n);
        CHECK(attn::cols(t.weights) == m);
        CHECK(attn::rows(t.output) == n);
        CHECK(attn::cols(t.output) == d_v);
        CHECK(t.softmax.row_max.size() == n);
        CHECK_THAT(t.sqrt_d_k, WithinRel(std::sqrt(static_cast<double>(d_k)), 1e-15));
        CHECK_THAT(t.output, attn_test::MatrixWithinAbs(
                                 attn::matmul(t.weights, attn_test::sample(m, d_v, 2)), 0));
    }

    TEST_CASE(
        "permuting the rows of the self-attention input permutes the output rows the same way",
        "[attention]")
    {
        // Without positional encoding attention has no notion of order.
        const attn::matrix x = attn_test::sample(5, 4);
        const std::vector<std::size_t> order = {3, 0, 4, 2, 1};
        const attn::matrix px = attn_test::permute_rows(x, order);
        const auto t = attn::scaled_dot_product_attention(x, x, x);
        const auto pt = attn::scaled_dot_product_attention(px, px, px);
        CHECK_THAT(pt.output,
                   attn_test::MatrixWithinAbs(attn_test::permute_rows(t.output, order), 1e-12));

        SECTION("and permuting only the keys and values together leaves the output unchanged")
        {
            const auto kt = attn::scaled_dot_product_attention(x, px, px);
            CHECK_THAT(kt.output, attn_test::MatrixWithinAbs(t.output, 1e-12));
        }
    }

    TEST_CASE("scaled scores of size 1e4 give finite weights and output", "[attention]")
    {
        // d_k = 1, so scaled = scores: 1e4, −1e4 and a near tie 9999.5.
        const attn::matrix key = {{100}, {-100}, {99.995}};
        const attn::matrix value = {{1, 0}, {0, 1}, {0.5, 0.5}};
        const double q = GENERATE(100.0, -100.0);
        const auto t = attn::scaled_dot_product_attention(attn::matrix{{q}}, key, value);
        CAPTURE(q);
        CHECK_THAT(t.softmax.exps, attn_test::AllFinite());
        CHECK_THAT(t.weights, attn_test::AllFinite());
        CHECK_THAT(t.output, attn_test::AllFinite());
        CHECK_THAT(xt::sum(t.weights)(), WithinAbs(1.0, 1e-15));
        if (q > 0)
        {
            CHECK(t.weights(0, 1) == 0);
            CHECK_THAT(t.weights(0, 0), WithinAbs(1 / (1 + std::exp(-0.5)), 1e-12));
        }
        else
        {
            CHECK_THAT(t.weights(0, 1), WithinAbs(1.0, 1e-15));
        }
    }
} // namespace attention_tests
