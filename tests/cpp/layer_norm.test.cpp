#include <cmath>

#include <catch2/catch.hpp>

#include "attn/layer_norm.hpp"
#include "tensor_matchers.hpp"

namespace layer_norm_tests
{
    using Catch::Matchers::WithinAbs;

    TEST_CASE("with the default γ and β every output row has mean 0 and variance about 1",
              "[layer-norm]")
    {
        const attn::matrix input = 3.0 * attn_test::sample(4, 6) + 2.0;
        const auto t = attn::layer_norm(input);
        for (std::size_t i = 0; i < 4; ++i)
        {
            CAPTURE(i);
            const auto row = xt::row(t.output, i);
            const double mean = xt::mean(row)();
            const double variance = xt::mean(xt::square(row - mean))();
            CHECK_THAT(mean, WithinAbs(0.0, 1e-15));
            CHECK_THAT(variance, WithinAbs(1.0, 1e-4));
            // Exactly variance / (variance + eps): eps keeps it just under 1.
            CHECK_THAT(
                variance,
                WithinAbs(t.variance(i) / (t.variance(i) + attn::default_layer_norm_eps), 1e-14));
            CHECK_THAT(t.mean(i), WithinAbs(xt::mean(xt::row(input, i))(), 1e-14));
        }
        CHECK(t.output == t.normalized);
        CHECK_THAT(t.gamma, attn_test::VectorEquals(attn::vector(xt::ones<double>({6}))));
        CHECK_THAT(t.beta, attn_test::VectorEquals(attn::vector(xt::zeros<double>({6}))));
    }

    TEST_CASE("the variance is biased: it divides by d, as PyTorch does", "[layer-norm]")
    {
        const auto t = attn::layer_norm(attn::matrix{{1, 2, 3, 4}});
        CHECK(t.mean(0) == 2.5);
        CHECK(t.variance(0) == 1.25);
    }

    TEST_CASE("γ scales and β shifts each column after normalising", "[layer-norm]")
    {
        const attn::matrix input = attn_test::sample(3, 5);
        const attn::vector gamma = {2, -1, 0.5, 1, 3};
        const attn::vector beta = {0, 1, -2, 0.25, 4};
        const auto t = attn::layer_norm(input, gamma, beta);
        for (std::size_t i = 0; i < 3; ++i)
        {
            for (std::size_t j = 0; j < 5; ++j)
            {
                CHECK_THAT(t.output(i, j),
                           WithinAbs(t.normalized(i, j) * gamma(j) + beta(j), 1e-15));
            }
        }
    }

    TEST_CASE("a constant row normalises to zeros instead of dividing by zero", "[layer-norm]")
    {
        const auto t =
            attn::layer_norm(attn::matrix{{7, 7, 7}}, std::nullopt, attn::vector{1, 2, 3});
        CHECK(t.variance(0) == 0);
        CHECK_THAT(t.normalized, attn_test::MatrixEquals(attn::matrix{{0, 0, 0}}));
        CHECK_THAT(t.output, attn_test::MatrixEquals(attn::matrix{{1, 2, 3}}));
    }

    TEST_CASE("a larger eps shrinks the normalized values", "[layer-norm]")
    {
        const attn::matrix input = {{0.01, -0.01, 0.02, -0.02}};
        const auto small = attn::layer_norm(input, std::nullopt, std::nullopt, 1e-5);
        const auto large = attn::layer_norm(input, std::nullopt, std::nullopt, 1e-3);
        CHECK(std::abs(large.normalized(0, 2)) < std::abs(small.normalized(0, 2)));
        CHECK_THAT(large.normalized(0, 2),
                   WithinAbs(0.02 / std::sqrt(large.variance(0) + 1e-3), 1e-15));
    }
} // namespace layer_norm_tests
