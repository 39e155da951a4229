#include <cmath>

#include <catch2/catch.hpp>

#include "attn/positional_encoding.hpp"
#include "tensor_matchers.hpp"

using Catch::Matchers::WithinAbs;

TEST_CASE("position 0 encodes as 0, 1, 0, 1, …", "[pe]")
{
    const std::size_t d = GENERATE(1, 2, 7, 16);
    CAPTURE(d);
    const attn::matrix pe = attn::positional_encoding(3, d);
    for (std::size_t j = 0; j < d; ++j)
    {
        CHECK(pe(0, j) == (j % 2 == 0 ? 0.0 : 1.0));
    }
}

TEST_CASE("columns interleave sin and cos of pos / 10000^(2i/d)", "[pe]")
{
    const std::size_t length = 12, d = 10;
    const attn::matrix pe = attn::positional_encoding(length, d);
    REQUIRE(attn::rows(pe) == length);
    REQUIRE(attn::cols(pe) == d);
    for (std::size_t pos = 0; pos < length; ++pos)
    {
        for (std::size_t i = 0; 2 * i < d; ++i)
        {
            CAPTURE(pos, i);
            const double angle = static_cast<double>(pos) / std::pow(10000.0, 2.0 * i / d);
            CHECK_THAT(pe(pos, 2 * i), WithinAbs(std::sin(angle), 1e-12));
            CHECK_THAT(pe(pos, 2 * i + 1), WithinAbs(std::cos(angle), 1e-12));
            // Each sin/cos pair is a point on the unit circle.
            CHECK_THAT(pe(pos, 2 * i) * pe(pos, 2 * i) + pe(pos, 2 * i + 1) * pe(pos, 2 * i + 1),
                       WithinAbs(1.0, 1e-15));
        }
    }
    SECTION("column 0 is sin(pos): the shortest wavelength")
    {
        CHECK_THAT(pe(5, 0), WithinAbs(std::sin(5.0), 1e-15));
    }
}

TEST_CASE("an odd width ends with a sine that has no cosine partner", "[pe]")
{
    const std::size_t length = 6, d = 7;
    const attn::matrix pe = attn::positional_encoding(length, d);
    REQUIRE(attn::cols(pe) == d);
    for (std::size_t pos = 0; pos < length; ++pos)
    {
        CAPTURE(pos);
        const double angle = static_cast<double>(pos) / std::pow(10000.0, 6.0 / 7.0);
        CHECK_THAT(pe(pos, 6), WithinAbs(std::sin(angle), 1e-12));
    }
    SECTION("the columns before it are those of the even width's pairs, divided by d = 7")
    {
        const double angle = 4.0 / std::pow(10000.0, 4.0 / 7.0);
        CHECK_THAT(pe(4, 5), WithinAbs(std::cos(angle), 1e-12));
    }
}

TEST_CASE("every encoding value lies in [−1, 1]", "[pe]")
{
    const attn::matrix pe = attn::positional_encoding(100, 33);
    CHECK(xt::amax(xt::abs(pe))() <= 1.0);
    CHECK_THAT(pe, attn_test::AllFinite());
}
