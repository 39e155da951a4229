#include <cmath>
#include <limits>

#include <catch2/catch.hpp>

#include "attn/softmax.hpp"
#include "tensor_matchers.hpp"

namespace softmax_tests
{
    using Catch::Matchers::WithinAbs;
    using Catch::Matchers::WithinRel;

    namespace
    {
        const double inf = std::numeric_limits<double>::infinity();
    }

    TEST_CASE("every row of softmax weights sums to 1", "[softmax]")
    {
        const attn::matrix logits = 3.0 * attn_test::sample(5, 7);
        const auto t = attn::softmax_rows(logits);
        for (std::size_t i = 0; i < 5; ++i)
        {
            double sum = 0;
            for (std::size_t j = 0; j < 7; ++j)
            {
                CHECK(t.weights(i, j) > 0);
                sum += t.weights(i, j);
            }
            CHECK_THAT(sum, WithinAbs(1.0, 1e-15));
            CHECK_THAT(t.row_sum(i), WithinRel(xt::sum(xt::row(t.exps, i))(), 1e-15));
        }
    }

    TEST_CASE("softmax subtracts the row max, so the largest exponential is exactly 1", "[softmax]")
    {
        const attn::matrix logits = {{1, 3, 2}, {-5, -7, -6}};
        const auto t = attn::softmax_rows(logits);
        CHECK(t.row_max(0) == 3);
        CHECK(t.row_max(1) == -5);
        CHECK(t.exps(0, 1) == 1);
        CHECK(t.exps(1, 0) == 1);
        // Shifting a row does not change its weights.
        CHECK_THAT(t.weights,
                   attn_test::MatrixWithinAbs(attn::softmax_rows(logits + 100.0).weights, 1e-15));
    }

    TEST_CASE("logits of size 1e4 give finite weights, never NaN or infinity", "[softmax]")
    {
        const attn::matrix logits = {
            {1e4, -1e4, 9999.5, 0}, {-1e4, -1e4, -1e4, -1e4}, {1e4, 1e4, -1e4, 1e4}};
        const auto t = attn::softmax_rows(logits);
        CHECK_THAT(t.exps, attn_test::AllFinite());
        CHECK_THAT(t.weights, attn_test::AllFinite());
        // e^0 : e^−0.5 between the near tie; −1e4 and 0 vanish next to 1e4.
        CHECK_THAT(t.weights(0, 0), WithinAbs(1 / (1 + std::exp(-0.5)), 1e-15));
        CHECK(t.weights(0, 1) == 0);
        CHECK(t.weights(0, 3) == 0);
        SECTION("equal large logits share the weight evenly")
        {
            for (std::size_t j = 0; j < 4; ++j)
            {
                CHECK_THAT(t.weights(1, j), WithinAbs(0.25, 1e-15));
            }
            CHECK_THAT(t.weights(2, 0), WithinAbs(1.0 / 3, 1e-15));
            CHECK(t.weights(2, 2) == 0);
        }
    }

    TEST_CASE("a row that is entirely −∞ attends to nothing: zero weights, no NaN",
              "[softmax][mask]")
    {
        const attn::matrix logits = {{-inf, -inf, -inf}, {0.5, -inf, 1.5}};
        const auto t = attn::softmax_rows(logits);
        CHECK(t.row_max(0) == -inf);
        CHECK(t.row_sum(0) == 0);
        CHECK_THAT(t.exps, attn_test::AllFinite());
        CHECK_THAT(t.weights, attn_test::AllFinite());
        for (std::size_t j = 0; j < 3; ++j)
        {
            CHECK(t.weights(0, j) == 0);
        }
        SECTION("a −∞ cell in an otherwise finite row gets weight exactly 0")
        {
            CHECK(t.weights(1, 1) == 0);
            CHECK_THAT(t.weights(1, 0) + t.weights(1, 2), WithinAbs(1.0, 1e-15));
        }
    }

    TEST_CASE("a single column gets all the weight", "[softmax]")
    {
        const auto t = attn::softmax_rows(attn::matrix{{-3}, {0}, {1e4}});
        for (std::size_t i = 0; i < 3; ++i)
        {
            CHECK(t.weights(i, 0) == 1);
        }
    }
} // namespace softmax_tests
