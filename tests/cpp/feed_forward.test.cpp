#include <cmath>

#include <catch2/catch.hpp>

#include "attn/feed_forward.hpp"
#include "tensor_matchers.hpp"

namespace feed_forward_tests
{
    using Catch::Matchers::WithinAbs;

    namespace
    {
        /// FFN with identity weights, so activated is the activation of the input itself.
        attn::feed_forward_trace identity_network(const attn::matrix& input, attn::activation act)
        {
            const attn::matrix eye = xt::eye<double>(attn::cols(input));
            return attn::feed_forward(input, eye, std::nullopt, eye, std::nullopt, act);
        }

        double exact_gelu(double x)
        {
            return 0.5 * x * (1 + std::erf(x / std::sqrt(2.0)));
        }
    } // namespace

    TEST_CASE("GELU and ReLU differ for negative inputs", "[ffn]")
    {
        const attn::matrix input = {{-3, -1, -0.5, 0, 0.5, 1, 3}};
        const auto relu = identity_network(input, attn::activation::relu);
        const auto gelu = identity_network(input, attn::activation::gelu);
        SECTION("ReLU zeroes every negative input and keeps the rest")
        {
            CHECK_THAT(relu.activated,
                       attn_test::MatrixEquals(attn::matrix{{0, 0, 0, 0, 0.5, 1, 3}}));
            CHECK_THAT(relu.output, attn_test::MatrixEquals(relu.activated));
        }
        SECTION("GELU lets a little of a negative input through: gelu(−1) ≈ −0.1587")
        {
            CHECK_THAT(gelu.activated(0, 1), WithinAbs(-0.15865525393145707, 1e-15));
            for (std::size_t j = 0; j < 3; ++j)
            {
                CHECK(gelu.activated(0, j) < 0);
                CHECK(gelu.activated(0, j) != relu.activated(0, j));
            }
        }
        SECTION("GELU is the exact erf form, 0 at 0, and below x for positive x")
        {
            for (std::size_t j = 0; j < 7; ++j)
            {
                CHECK_THAT(gelu.activated(0, j), WithinAbs(exact_gelu(input(0, j)), 1e-15));
            }
            CHECK(gelu.activated(0, 3) == 0);
            CHECK(gelu.activated(0, 6) < 3);
            CHECK_THAT(gelu.activated(0, 6), WithinAbs(3, 0.005));
        }
    }

    TEST_CASE("the feed-forward network widens to d_ff and comes back to d_model", "[ffn]")
    {
        const attn::matrix input = attn_test::sample(3, 4);
        const attn::matrix w1 = attn_test::sample(4, 8, 1), w2 = attn_test::sample(8, 4, 2);
        const attn::vector b1 = xt::row(attn_test::sample(1, 8, 3), 0);
        const attn::vector b2 = xt::row(attn_test::sample(1, 4, 4), 0);
        const auto t = attn::feed_forward(input, w1, b1, w2, b2, attn::activation::relu);
        CHECK(attn::cols(t.hidden) == 8);
        CHECK(attn::cols(t.output) == 4);
        CHECK_THAT(t.hidden, attn_test::MatrixWithinAbs(attn::linear(input, w1, b1), 0));
        CHECK_THAT(t.output, attn_test::MatrixWithinAbs(attn::linear(t.activated, w2, b2), 0));

        SECTION("omitted biases are zeros")
        {
            const auto no_bias = attn::feed_forward(input, w1, std::nullopt, w2, std::nullopt,
                                                    attn::activation::gelu);
            const auto zero_bias =
                attn::feed_forward(input, w1, attn::vector(xt::zeros<double>({8})), w2,
                                   attn::vector(xt::zeros<double>({4})), attn::activation::gelu);
            CHECK_THAT(no_bias.output, attn_test::MatrixEquals(zero_bias.output));
        }
    }

    TEST_CASE("activations are named relu and gelu", "[ffn]")
    {
        CHECK(attn::parse_activation("activation", "relu") == attn::activation::relu);
        CHECK(attn::parse_activation("activation", "gelu") == attn::activation::gelu);
    }
} // namespace feed_forward_tests
