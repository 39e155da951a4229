#include <cmath>
#include <limits>

#include <catch2/catch.hpp>

#include "attn/error.hpp"
#include "attn/rms_norm.hpp"
#include "tensor_matchers.hpp"

namespace rms_norm_tests
{
    using Catch::Matchers::Message;
    using Catch::Matchers::WithinAbs;

    TEST_CASE("with the default γ every output row has a mean square of about 1 but keeps its mean",
              "[rms-norm]")
    {
        const attn::matrix input = 3.0 * attn_test::sample(4, 6) + 2.0;
        const auto t = attn::rms_norm(input);
        for (std::size_t i = 0; i < 4; ++i)
        {
            CAPTURE(i);
            const auto row = xt::row(t.output, i);
            const double mean_square = xt::mean(xt::square(row))();
            // Exactly meanSquare / (meanSquare + eps): eps keeps it just under 1.
            CHECK_THAT(mean_square,
                       WithinAbs(t.mean_square(i) / (t.mean_square(i) + attn::default_rms_norm_eps),
                                 1e-14));
            CHECK_THAT(t.mean_square(i),
                       WithinAbs(xt::mean(xt::square(xt::row(input, i)))(), 1e-13));
            CHECK_THAT(t.rms(i), WithinAbs(std::sqrt(t.mean_square(i) + 1e-6), 1e-15));
            // No mean is subtracted: a row of positive numbers stays positive.
            CHECK(xt::mean(row)() > 0.5);
        }
        CHECK(t.output == t.normalized);
        CHECK(t.eps == 1e-6);
        CHECK_THAT(t.gamma, attn_test::VectorEquals(attn::vector(xt::ones<double>({6}))));
    }

    TEST_CASE("the mean square divides by d and eps goes inside the square root", "[rms-norm]")
    {
        const auto t = attn::rms_norm(attn::matrix{{1, 2, 3, 4}}, std::nullopt, 0.5);
        CHECK(t.mean_square(0) == 7.5);
        CHECK(t.rms(0) == std::sqrt(8.0));
        CHECK_THAT(t.normalized(0, 3), WithinAbs(4 / std::sqrt(8.0), 1e-15));
    }

    TEST_CASE("γ scales each column after normalising and nothing is added", "[rms-norm]")
    {
        const attn::matrix input = attn_test::sample(3, 5);
        const attn::vector gamma = {2, -1, 0.5, 1, 3};
        const auto t = attn::rms_norm(input, gamma);
        for (std::size_t i = 0; i < 3; ++i)
        {
            for (std::size_t j = 0; j < 5; ++j)
            {
                CHECK(t.normalized(i, j) == input(i, j) / t.rms(i));
                CHECK(t.output(i, j) == t.normalized(i, j) * gamma(j));
            }
        }
    }

    TEST_CASE("scaling a row does not change its normalized values once its mean square "
              "outweighs eps",
              "[rms-norm]")
    {
        const attn::matrix input = attn_test::sample(2, 6, 0.4);
        const auto small = attn::rms_norm(input, std::nullopt, 1e-12);
        const auto large = attn::rms_norm(1000.0 * input, std::nullopt, 1e-12);
        CHECK_THAT(large.normalized, attn_test::MatrixWithinAbs(small.normalized, 1e-11));
        // With LLaMA's eps the small row moves by about eps/2 relative, the large one not at all.
        const auto llama = attn::rms_norm(input);
        CHECK_THAT(llama.normalized, attn_test::MatrixWithinAbs(small.normalized, 2e-6));
        CHECK_THAT(llama.normalized, !attn_test::MatrixWithinAbs(small.normalized, 1e-7));
    }

    TEST_CASE("a row of zeros has rms √eps and normalises to zeros instead of dividing by zero",
              "[rms-norm]")
    {
        const auto t = attn::rms_norm(attn::matrix{{0, 0, 0}}, attn::vector{1, 2, 3}, 1e-4);
        CHECK(t.mean_square(0) == 0);
        CHECK(t.rms(0) == 0.01);
        CHECK_THAT(t.output, attn_test::MatrixEquals(attn::matrix{{0, 0, 0}}));
    }

    TEST_CASE("a bad RMS norm argument is refused with a message naming it", "[rms-norm][errors]")
    {
        const attn::matrix input = {{1, 2, 3}, {4, 5, 7}};
        SECTION("a gamma of the wrong length")
        {
            CHECK_THROWS_MATCHES(attn::rms_norm(input, attn::vector{1, 2}), attn::attention_error,
                                 Message("gamma: expected 3 numbers (one per column of input), "
                                         "got 2"));
        }
        SECTION("eps at or below 0, above 1, or not a number")
        {
            CHECK_THROWS_MATCHES(
                attn::rms_norm(input, std::nullopt, 0), attn::attention_error,
                Message("eps: expected a small positive number (at most 1) such as 1e-6, got 0"));
            CHECK_THROWS_MATCHES(
                attn::rms_norm(input, std::nullopt, -1e-6), attn::attention_error,
                Message("eps: expected a small positive number (at most 1) such as 1e-6, got "
                        "-1e-06"));
            CHECK_THROWS_MATCHES(
                attn::rms_norm(input, std::nullopt, 2), attn::attention_error,
                Message("eps: expected a small positive number (at most 1) such as 1e-6, got 2"));
            CHECK_THROWS_MATCHES(
                attn::rms_norm(input, std::nullopt, std::numeric_limits<double>::infinity()),
                attn::attention_error,
                Message("eps: expected a small positive number (at most 1) such as 1e-6, got "
                        "Infinity"));
            CHECK_THROWS_MATCHES(
                attn::rms_norm(input, std::nullopt, std::numeric_limits<double>::quiet_NaN()),
                attn::attention_error,
                Message("eps: expected a small positive number (at most 1) such as 1e-6, got NaN"));
        }
        SECTION("an input or gamma that is not finite")
        {
            attn::matrix bad = input;
            bad(1, 2) = std::numeric_limits<double>::quiet_NaN();
            CHECK_THROWS_MATCHES(attn::rms_norm(bad), attn::attention_error,
                                 Message("input[1][2]: expected a finite number, got NaN"));
            CHECK_THROWS_MATCHES(attn::rms_norm(input, attn::vector{1, INFINITY, 1}),
                                 attn::attention_error,
                                 Message("gamma[1]: expected a finite number, got Infinity"));
        }
        SECTION("an input so large that its mean square overflows")
        {
            CHECK_THROWS_MATCHES(
                attn::rms_norm(attn::matrix{{1, 2, 3}, {1e200, 0, 0}}), attn::attention_error,
                Message("input: expected values small enough for the mean square to stay within "
                        "double range, got meanSquare[1] = Infinity"));
        }
        SECTION("a gamma so large that the output overflows")
        {
            // normalized[0][3] = 4 / √(mean(x²) + eps) ≈ 2, and 2·1e308 is past the double range.
            CHECK_THROWS_MATCHES(
                attn::rms_norm(attn::matrix{{0, 0, 0, 4}}, attn::vector{1, 1, 1, 1e308}),
                attn::attention_error,
                Message("gamma: expected values small enough for output to stay within double "
                        "range, got output[0][3] = Infinity"));
        }
    }
} // namespace rms_norm_tests
