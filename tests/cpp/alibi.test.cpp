// ALiBi's slopes and biases (Press et al. 2022, arXiv:2108.12409), against the values of the
// reference code's get_slopes.

#include <cmath>

#include <catch2/catch.hpp>

#include "attn/alibi.hpp"
#include "attn/error.hpp"
#include "tensor_matchers.hpp"

namespace alibi_tests
{
    TEST_CASE("8 heads get the slopes 1/2, 1/4, …, 1/256", "[alibi]")
    {
        const attn::vector slopes = attn::alibi_slopes(8);
        REQUIRE(slopes.size() == 8);
        for (std::size_t k = 0; k < 8; ++k)
        {
            CAPTURE(k);
            CHECK(slopes(k) == std::ldexp(1.0, -static_cast<int>(k + 1)));
        }
    }

    TEST_CASE("a power of two H gets 2^(−8(k+1)/H)", "[alibi]")
    {
        const std::size_t heads = GENERATE(1, 2, 4, 16);
        const attn::vector slopes = attn::alibi_slopes(heads);
        for (std::size_t k = 0; k < heads; ++k)
        {
            CAPTURE(heads, k);
            CHECK_THAT(slopes(k), Catch::Matchers::WithinRel(
                                      std::pow(2.0, -8.0 * (k + 1) / heads), 1e-15));
        }
        SECTION("one head's slope is 2^(−8)")
        {
            CHECK(attn::alibi_slopes(1)(0) == 1.0 / 256);
        }
    }

    TEST_CASE("other head counts take every other slope of the next power of two", "[alibi]")
    {
        // get_slopes(6) = get_slopes(4) + get_slopes(8)[0::2][:2].
        CHECK_THAT(attn::alibi_slopes(6),
                   attn_test::VectorEquals(attn::vector{0.25, 0.0625, 0.015625, 0.00390625, 0.5,
                                                        0.125}));
        // get_slopes(3) = get_slopes(2) + get_slopes(4)[0::2][:1].
        CHECK_THAT(attn::alibi_slopes(3), attn_test::VectorEquals(attn::vector{
                                              1.0 / 16, 1.0 / 256, 0.25}));
        SECTION("12 heads: 8 of 8, then 4 of 16 falling between them")
        {
            const attn::vector slopes = attn::alibi_slopes(12);
            for (std::size_t j = 0; j < 4; ++j)
            {
                CHECK_THAT(slopes(8 + j),
                           Catch::Matchers::WithinRel(std::pow(2.0, -0.5 * (2 * j + 1)), 1e-15));
            }
        }
    }

    TEST_CASE("the bias is −slope·|i − j|, 0 on the diagonal and symmetric", "[alibi]")
    {
        const attn::matrix bias = attn::alibi_bias(0.25, 3, 4);
        CHECK_THAT(bias, attn_test::MatrixEquals(attn::matrix{{0, -0.25, -0.5, -0.75},
                                                              {-0.25, 0, -0.25, -0.5},
                                                              {-0.5, -0.25, 0, -0.25}}));
    }

    TEST_CASE("alibi names the argument it refuses", "[alibi][errors]")
    {
        REQUIRE_THROWS_AS(attn::alibi_slopes(0), attn::attention_error);
        REQUIRE_THROWS_WITH(attn::alibi_slopes(0),
                            Catch::Matchers::StartsWith("heads: expected"));
        REQUIRE_THROWS_WITH(attn::alibi_bias(std::nan(""), 2, 2),
                            "slope: expected a finite number, got NaN");
    }
} // namespace alibi_tests
