#include <cmath>
#include <limits>

#include <catch2/catch.hpp>

#include "attn/error.hpp"
#include "attn/matrix_difference.hpp"
#include "tensor_matchers.hpp"

namespace matrix_difference_tests
{
    using Catch::Matchers::Message;

    TEST_CASE(
        "the difference is left − right cell by cell, and its largest size is found with its cell",
        "[matrix-difference]")
    {
        const attn::matrix left = {{1, 2, 3}, {4, 5, 6}};
        const attn::matrix right = {{1, 2.5, 3}, {4, 5, 3}};
        const auto t = attn::matrix_difference(left, right);
        CHECK_THAT(t.difference, attn_test::MatrixEquals(attn::matrix{{0, -0.5, 0}, {0, 0, 3}}));
        CHECK(t.max_abs_difference == 3);
        CHECK(t.max_row == 1);
        CHECK(t.max_column == 2);
        CHECK(t.identical_cells == 4);
        CHECK(t.cells == 6);
    }

    TEST_CASE("a negative difference counts by its size, and the first of equal sizes is kept",
              "[matrix-difference]")
    {
        const auto t = attn::matrix_difference({{0, -2}, {2, 0}}, {{0, 0}, {0, 0}});
        CHECK(t.max_abs_difference == 2);
        CHECK(t.max_row == 0);
        CHECK(t.max_column == 1);
    }

    TEST_CASE("identical matrices differ by exactly 0 at (0, 0), every cell the same double",
              "[matrix-difference]")
    {
        const attn::matrix a = attn_test::sample(3, 4);
        const auto t = attn::matrix_difference(a, a);
        CHECK(t.max_abs_difference == 0);
        CHECK(t.max_row == 0);
        CHECK(t.max_column == 0);
        CHECK(t.identical_cells == 12);
    }

    TEST_CASE("one unit in the last place is a difference and not an identical cell",
              "[matrix-difference]")
    {
        const double x = 0.1;
        const double next = std::nextafter(x, 1.0);
        const auto t = attn::matrix_difference({{x}}, {{next}});
        CHECK(t.max_abs_difference == next - x);
        CHECK(t.max_abs_difference > 0);
        CHECK(t.identical_cells == 0);
    }

    TEST_CASE(
        "shapes that differ, non-finite cells and an overflowing difference are refused by name",
        "[matrix-difference]")
    {
        CHECK_THROWS_MATCHES(
            attn::matrix_difference({{1, 2}}, {{1}, {2}}), attn::attention_error,
            Message("right: expected a matrix of shape 1×2 (the shape of left), got 2×1"));
        const double inf = std::numeric_limits<double>::infinity();
        CHECK_THROWS_WITH(attn::matrix_difference({{inf}}, {{1}}),
                          Catch::Matchers::StartsWith("left[0][0]: "));
        CHECK_THROWS_MATCHES(
            attn::matrix_difference({{1e308}}, {{-1e308}}), attn::attention_error,
            Message("left: expected values small enough for difference to stay within "
                    "double range, got difference[0][0] = Infinity"));
    }
} // namespace matrix_difference_tests
