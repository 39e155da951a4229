#include <cmath>

#include <catch2/catch.hpp>

#include "attn/positional_encoding.hpp"
#include "tensor_matchers.hpp"

namespace positional_encoding_tests
{
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
                CHECK_THAT(pe(pos, 2 * i) * pe(pos, 2 * i) +
                               pe(pos, 2 * i + 1) * pe(pos, 2 * i + 1),
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

    TEST_CASE("adding the encoding gives input + PE, row i getting position i", "[pe]")
    {
        const attn::matrix x = attn_test::sample(5, 6);
        const auto t = attn::add_positional_encoding(x);
        CHECK_THAT(t.encoding, attn_test::MatrixEquals(attn::positional_encoding(5, 6)));
        CHECK_THAT(t.output, attn_test::MatrixEquals(x + t.encoding));
    }

    TEST_CASE("PE·PEᵀ depends only on the distance between positions", "[pe]")
    {
        // For even d, PE(i)·PE(j) = Σ_k cos((i − j)·ω_k): a function of i − j alone.
        const auto t = attn::position_similarity(20, 16);
        REQUIRE(attn_test::shape(t.similarity) == "20×20");
        CHECK_THAT(t.similarity,
                   attn_test::MatrixEquals(attn::matmul_transposed(t.encoding, t.encoding)));
        CHECK_THAT(t.similarity, attn_test::MatrixWithinAbs(xt::transpose(t.similarity), 0));
        for (std::size_t i = 0; i + 3 < 20; ++i)
        {
            CAPTURE(i);
            CHECK_THAT(t.similarity(i, i), WithinAbs(8.0, 1e-12)); // d/2 sin² + cos² pairs
            CHECK_THAT(t.similarity(i, i + 3), WithinAbs(t.similarity(0, 3), 1e-12));
        }
    }

    TEST_CASE("cosine similarity has an exact 1 on the diagonal and stays within [−1, 1]", "[pe]")
    {
        const std::size_t d = GENERATE(2, 7, 64);
        CAPTURE(d);
        const auto t = attn::position_similarity(50, d);
        for (std::size_t i = 0; i < 50; ++i)
        {
            CHECK(t.cosine(i, i) == 1.0);
            CHECK(t.norms(i) == std::sqrt(t.similarity(i, i)));
            for (std::size_t j = 0; j < 50; ++j)
            {
                CHECK(std::abs(t.cosine(i, j)) <= 1.0);
            }
        }
        CHECK_THAT(t.cosine(3, 5),
                   WithinAbs(t.similarity(3, 5) / (t.norms(3) * t.norms(5)), 1e-15));
    }

    TEST_CASE("with d_model = 1 position 0 encodes as 0, and its cosine is 0, not NaN", "[pe]")
    {
        const auto t = attn::position_similarity(3, 1);
        CHECK(t.norms(0) == 0);
        for (std::size_t j = 0; j < 3; ++j)
        {
            CHECK(t.cosine(0, j) == 0);
            CHECK(t.cosine(j, 0) == 0);
        }
        CHECK(t.cosine(1, 1) == 1);
    }
} // namespace positional_encoding_tests
