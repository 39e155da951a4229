// Rotary position embedding (Su et al. 2021, arXiv:2104.09864): the definition, its
// relative-position property, the two pairings and how one maps onto the other.

#include <cmath>
#include <limits>
#include <vector>

#include <catch2/catch.hpp>

#include "attn/error.hpp"
#include "attn/rope.hpp"
#include "tensor_matchers.hpp"

namespace rope_tests
{
    using attn::rope_convention;
    using Catch::Matchers::WithinAbs;

    namespace
    {
        attn::vector at(std::vector<double> positions)
        {
            attn::vector v = xt::empty<double>({positions.size()});
            std::copy(positions.begin(), positions.end(), v.begin());
            return v;
        }

        /// One row rotated to one position.
        attn::matrix rotated(const attn::matrix& row, double position, rope_convention c)
        {
            return attn::rope(row, at({position}), 10000, c).output;
        }

        double dot(const attn::matrix& a, const attn::matrix& b)
        {
            double sum = 0;
            for (std::size_t j = 0; j < attn::cols(a); ++j)
            {
                sum += a(0, j) * b(0, j);
            }
            return sum;
        }

        /// Column k of the 'interleaved' layout goes to column interleave_to_half(k) of the
        /// 'half' layout: 2i → i, 2i + 1 → i + d/2.
        std::size_t interleave_to_half(std::size_t k, std::size_t d)
        {
            return k % 2 == 0 ? k / 2 : k / 2 + d / 2;
        }

        attn::matrix to_half_layout(const attn::matrix& x)
        {
            const std::size_t d = attn::cols(x);
            attn::matrix y = xt::empty<double>({attn::rows(x), d});
            for (std::size_t r = 0; r < attn::rows(x); ++r)
            {
                for (std::size_t k = 0; k < d; ++k)
                {
                    y(r, interleave_to_half(k, d)) = x(r, k);
                }
            }
            return y;
        }
    } // namespace

    TEST_CASE("theta is base^(−2i/d) and the angles are position times theta", "[rope]")
    {
        const attn::matrix x = attn_test::sample(3, 8);
        const auto t = attn::rope(x, at({0, 2, 5.5}), 500, rope_convention::half);
        REQUIRE(t.theta.size() == 4);
        REQUIRE(attn::rows(t.angles) == 3);
        REQUIRE(attn::cols(t.angles) == 4);
        for (std::size_t i = 0; i < 4; ++i)
        {
            CAPTURE(i);
            CHECK_THAT(t.theta(i), WithinAbs(std::pow(500.0, -2.0 * i / 8.0), 1e-15));
            CHECK_THAT(t.angles(2, i), WithinAbs(5.5 * t.theta(i), 1e-15));
            CHECK_THAT(t.cos(1, i), WithinAbs(std::cos(2 * t.theta(i)), 1e-15));
            CHECK_THAT(t.sin(1, i), WithinAbs(std::sin(2 * t.theta(i)), 1e-15));
        }
        SECTION("pair 0 turns one radian per position")
        {
            CHECK(t.theta(0) == 1.0);
        }
    }

    TEST_CASE("position 0 leaves a row unchanged", "[rope]")
    {
        const rope_convention c = GENERATE(rope_convention::half, rope_convention::interleaved);
        const attn::matrix x = attn_test::sample(1, 6);
        CHECK_THAT(rotated(x, 0, c), attn_test::MatrixEquals(x));
    }

    TEST_CASE("'half' pairs column i with i + d/2 and 'interleaved' pairs 2i with 2i + 1",
              "[rope]")
    {
        // A row with a single 1 in column 0 turns into (cos, sin) of pair 0's angle: the sine
        // lands in column d/2 under 'half' and in column 1 under 'interleaved'.
        attn::matrix e0 = xt::zeros<double>({1, 6});
        e0(0, 0) = 1;
        const attn::matrix half = rotated(e0, 3, rope_convention::half);
        const attn::matrix interleaved = rotated(e0, 3, rope_convention::interleaved);
        CHECK_THAT(half(0, 0), WithinAbs(std::cos(3.0), 1e-15));
        CHECK_THAT(half(0, 3), WithinAbs(std::sin(3.0), 1e-15));
        CHECK(half(0, 1) == 0);
        CHECK_THAT(interleaved(0, 0), WithinAbs(std::cos(3.0), 1e-15));
        CHECK_THAT(interleaved(0, 1), WithinAbs(std::sin(3.0), 1e-15));
        CHECK(interleaved(0, 3) == 0);
    }

    TEST_CASE("a rotation keeps the length of every pair", "[rope]")
    {
        const rope_convention c = GENERATE(rope_convention::half, rope_convention::interleaved);
        const attn::matrix x = attn_test::sample(4, 8);
        const auto t = attn::rope(x, at({1, 17, -3, 250.25}), 10000, c);
        for (std::size_t r = 0; r < 4; ++r)
        {
            for (std::size_t i = 0; i < 4; ++i)
            {
                const std::size_t a = c == rope_convention::half ? i : 2 * i;
                const std::size_t b = c == rope_convention::half ? i + 4 : 2 * i + 1;
                CAPTURE(r, i);
                CHECK_THAT(std::hypot(t.output(r, a), t.output(r, b)),
                           WithinAbs(std::hypot(x(r, a), x(r, b)), 1e-14));
            }
        }
    }

    TEST_CASE("a rotated query and key meet in a dot product that depends on m − n only",
              "[rope]")
    {
        const rope_convention c = GENERATE(rope_convention::half, rope_convention::interleaved);
        CAPTURE(c == rope_convention::half);
        const attn::matrix q = attn_test::sample(1, 8, 1), k = attn_test::sample(1, 8, 2);
        const double near = dot(rotated(q, 7, c), rotated(k, 4, c));
        const double far = dot(rotated(q, 103, c), rotated(k, 100, c));
        CHECK_THAT(far, WithinAbs(near, 1e-12));
        SECTION("another distance gives another score")
        {
            CHECK(std::abs(dot(rotated(q, 7, c), rotated(k, 5, c)) - near) > 1e-3);
        }
        SECTION("at distance 0 it is the plain dot product, wherever the pair is")
        {
            CHECK_THAT(dot(rotated(q, 42, c), rotated(k, 42, c)), WithinAbs(dot(q, k), 1e-12));
        }
    }

    TEST_CASE("the conventions are one rotation seen through the permutation that interleaves "
              "halves",
              "[rope]")
    {
        // Moving column 2i to i and 2i + 1 to i + d/2 before 'half', or after 'interleaved',
        // gives the same numbers: weights laid out for one convention work with the other once
        // the columns of W_Q and W_K are permuted.
        const attn::matrix x = attn_test::sample(5, 8);
        const attn::vector positions = at({0, 1, 2, 9, 31});
        const auto interleaved = attn::rope(x, positions, 10000, rope_convention::interleaved);
        const auto half = attn::rope(to_half_layout(x), positions, 10000, rope_convention::half);
        CHECK_THAT(half.output, attn_test::MatrixEquals(to_half_layout(interleaved.output)));
        CHECK_THAT(half.angles, attn_test::MatrixEquals(interleaved.angles));
    }

    TEST_CASE("rope names the argument it refuses", "[rope][errors]")
    {
        const attn::matrix x = attn_test::sample(2, 4);
        const double nan = std::numeric_limits<double>::quiet_NaN();
        const double inf = std::numeric_limits<double>::infinity();
        SECTION("an odd width")
        {
            REQUIRE_THROWS_AS(attn::rope(attn_test::sample(2, 3), at({0, 1}), 10000,
                                         rope_convention::half),
                              attn::attention_error);
            REQUIRE_THROWS_WITH(
                attn::rope(attn_test::sample(2, 3), at({0, 1}), 10000, rope_convention::half),
                "input: expected an even number of columns (RoPE rotates pairs), got 3");
        }
        SECTION("positions of the wrong length, or not finite")
        {
            REQUIRE_THROWS_WITH(attn::rope(x, at({0, 1, 2}), 10000, rope_convention::half),
                                "positions: expected 2 numbers (one per row of input), got 3");
            REQUIRE_THROWS_WITH(attn::rope(x, at({0, nan}), 10000, rope_convention::half),
                                "positions[1]: expected a finite number, got NaN");
        }
        SECTION("a base that is not a finite number above 0")
        {
            for (const double base : {0.0, -2.0, nan, inf})
            {
                CAPTURE(base);
                REQUIRE_THROWS_WITH(attn::rope(x, at({0, 1}), base, rope_convention::half),
                                    "base: expected a finite number > 0, got " +
                                        attn::detail::format_number(base));
            }
        }
        SECTION("angles too large for a double")
        {
            REQUIRE_THROWS_WITH(attn::rope(x, at({0, 1e308}), 1e-300, rope_convention::half),
                                Catch::Matchers::StartsWith("positions: expected values small "
                                                            "enough for angles"));
        }
        SECTION("an unknown convention")
        {
            REQUIRE_THROWS_AS(attn::parse_rope_convention("convention", "Half"),
                              attn::attention_error);
            REQUIRE_THROWS_WITH(attn::parse_rope_convention("convention", "Half"),
                                "convention: expected 'half' or 'interleaved', got 'Half'");
            CHECK(attn::parse_rope_convention("convention", "interleaved") ==
                  rope_convention::interleaved);
        }
    }
} // namespace rope_tests
