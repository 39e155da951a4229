#include <cmath>
#include <string>

#include <catch2/catch.hpp>

#include "attn/cross_entropy.hpp"
#include "attn/error.hpp"
#include "attn/softmax.hpp"
#include "tensor_matchers.hpp"

namespace cross_entropy_tests
{
    using Catch::Matchers::Message;
    using Catch::Matchers::WithinAbs;
    using Catch::Matchers::WithinRel;

    TEST_CASE("the loss is the mean over rows of −ln p[target], p being the row softmax",
              "[cross-entropy]")
    {
        const attn::matrix logits = {{2, 1, 0.1}, {0.5, 2.5, -1}};
        const attn::vector targets = {0, 2};
        const auto t = attn::cross_entropy(logits, targets);
        CHECK_THAT(t.probabilities, attn_test::MatrixEquals(attn::softmax_rows(logits).weights));
        const double first = -std::log(t.probabilities(0, 0));
        const double second = -std::log(t.probabilities(1, 2));
        CHECK_THAT(t.row_losses(0), WithinRel(first, 1e-14));
        CHECK_THAT(t.row_losses(1), WithinRel(second, 1e-14));
        CHECK_THAT(t.loss, WithinRel((first + second) / 2, 1e-14));
    }

    TEST_CASE("gradLogits is (probabilities − onehot) / n, and each of its rows sums to 0",
              "[cross-entropy]")
    {
        const attn::matrix logits = attn_test::sample(4, 5);
        const attn::vector targets = {4, 0, 2, 2};
        const auto t = attn::cross_entropy(logits, targets);
        for (std::size_t i = 0; i < 4; ++i)
        {
            double sum = 0;
            for (std::size_t j = 0; j < 5; ++j)
            {
                const double onehot = static_cast<double>(j) == targets(i) ? 1.0 : 0.0;
                CHECK_THAT(t.grad_logits(i, j),
                           WithinAbs((t.probabilities(i, j) - onehot) / 4, 1e-16));
                sum += t.grad_logits(i, j);
            }
            CHECK_THAT(sum, WithinAbs(0.0, 1e-16));
        }
    }

    TEST_CASE("gradLogits matches a central finite difference of the loss in every logit",
              "[cross-entropy]")
    {
        const attn::matrix logits = attn_test::sample(3, 4, 0.5);
        const attn::vector targets = {1, 3, 0};
        const auto t = attn::cross_entropy(logits, targets);
        const double h = 1e-5;
        for (std::size_t i = 0; i < 3; ++i)
        {
            for (std::size_t j = 0; j < 4; ++j)
            {
                attn::matrix up = logits, down = logits;
                up(i, j) += h;
                down(i, j) -= h;
                const double slope = (attn::cross_entropy(up, targets).loss -
                                      attn::cross_entropy(down, targets).loss) /
                                     (2 * h);
                INFO("logit [" << i << "][" << j << "]");
                CHECK_THAT(t.grad_logits(i, j), WithinAbs(slope, 1e-9));
            }
        }
    }

    TEST_CASE("logits a thousand apart give an exact, finite loss rather than −ln 0",
              "[cross-entropy]")
    {
        const auto t = attn::cross_entropy(attn::matrix{{1000, 0, -1000}}, attn::vector{2});
        CHECK(t.probabilities(0, 2) == 0.0); // e^−2000 underflows
        CHECK(t.row_losses(0) == 2000.0);    // but the log-sum-exp does not need it
        CHECK(t.loss == 2000.0);
        CHECK_THAT(t.grad_logits(0, 0), WithinAbs(1.0, 1e-15));
        CHECK(t.grad_logits(0, 2) == -1.0);
    }

    TEST_CASE("a bad target or logit is refused with a message naming it",
              "[cross-entropy][errors]")
    {
        const attn::matrix logits = {{1, 2, 3}, {0, 0, 0}};
        SECTION("a class index past the last class")
        {
            CHECK_THROWS_MATCHES(attn::cross_entropy(logits, attn::vector{0, 3}),
                                 attn::attention_error,
                                 Message("targets[1]: expected a whole number from 0 to 2, got 3"));
        }
        SECTION("a class index that is not whole")
        {
            CHECK_THROWS_MATCHES(
                attn::cross_entropy(logits, attn::vector{0.5, 1}), attn::attention_error,
                Message("targets[0]: expected a whole number from 0 to 2, got 0.5"));
        }
        SECTION("a negative class index")
        {
            CHECK_THROWS_MATCHES(
                attn::cross_entropy(logits, attn::vector{1, -1}), attn::attention_error,
                Message("targets[1]: expected a whole number from 0 to 2, got -1"));
        }
        SECTION("one target too few")
        {
            CHECK_THROWS_MATCHES(
                attn::cross_entropy(logits, attn::vector{1}), attn::attention_error,
                Message("targets: expected 2 numbers (one class per row of logits), got 1"));
        }
        SECTION("a logit that is not finite")
        {
            attn::matrix bad = logits;
            bad(1, 2) = -INFINITY;
            CHECK_THROWS_AS(attn::cross_entropy(bad, attn::vector{0, 1}), attn::attention_error);
            CHECK_THROWS_WITH(
                attn::cross_entropy(bad, attn::vector{0, 1}),
                Catch::Matchers::StartsWith("logits[1][2]: expected a finite number"));
        }
        SECTION("logits so far apart that the loss overflows")
        {
            CHECK_THROWS_MATCHES(
                attn::cross_entropy(attn::matrix{{1e308, -1e308}}, attn::vector{1}),
                attn::attention_error,
                Message("logits: expected values small enough for the loss to stay within double "
                        "range, got loss = Infinity"));
        }
    }
} // namespace cross_entropy_tests
