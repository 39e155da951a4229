#include <cmath>
#include <string>

#include <catch2/catch.hpp>

#include "attn/cross_entropy.hpp"
#include "attn/error.hpp"
#include "attn/next_token_loss.hpp"
#include "finite_difference.hpp"
#include "tensor_matchers.hpp"

namespace next_token_loss_tests
{
    using Catch::Matchers::Message;
    using Catch::Matchers::WithinAbs;
    using Catch::Matchers::WithinRel;

    const attn::matrix hidden = attn_test::sample(4, 3, 0.2);
    const attn::matrix unembedding = attn_test::sample(5, 3, 0.7);
    const attn::vector targets = {1, 4, 1, 0};

    TEST_CASE("the logits are hidden·unembeddingᵀ and the loss is crossEntropy's of them",
              "[next-token-loss]")
    {
        const auto t = attn::next_token_loss(hidden, unembedding, targets);
        CHECK_THAT(t.logits, attn_test::MatrixWithinAbs(
                                 attn::matmul(hidden, attn::matrix(xt::transpose(unembedding))),
                                 1e-15));
        const auto reference = attn::cross_entropy(t.logits, targets);
        CHECK_THAT(t.probabilities, attn_test::MatrixWithinAbs(reference.probabilities, 1e-15));
        CHECK_THAT(t.losses, attn_test::within_abs<attn::vector>(reference.row_losses, 1e-14));
        CHECK_THAT(t.loss, WithinRel(reference.loss, 1e-15));
        for (std::size_t i = 0; i < 4; ++i)
        {
            double sum = 0;
            for (std::size_t j = 0; j < 5; ++j)
            {
                CHECK_THAT(std::exp(t.log_probabilities(i, j)),
                           WithinRel(t.probabilities(i, j), 1e-15));
                sum += t.probabilities(i, j);
            }
            CHECK_THAT(sum, WithinAbs(1.0, 1e-15));
        }
    }

    TEST_CASE("a target far below its row's max gets a finite loss from the log-sum-exp",
              "[next-token-loss]")
    {
        const auto t = attn::next_token_loss(attn::matrix{{30, 0}}, attn::matrix{{20, 0}, {-20, 0}},
                                             attn::vector{1});
        CHECK(t.probabilities(0, 1) == 0.0); // e^−1200 underflows
        CHECK(t.log_probabilities(0, 1) == -1200.0);
        CHECK(t.loss == 1200.0);
    }

    TEST_CASE("every gradient matches a central finite difference of the loss",
              "[next-token-loss]")
    {
        const auto t = attn::next_token_loss_backward(hidden, unembedding, targets);
        CHECK_THAT(t.grad_hidden, attn_test::MatchesSlopes(hidden, [&](const attn::matrix& h) {
                       return attn::next_token_loss(h, unembedding, targets).loss;
                   }));
        CHECK_THAT(t.grad_unembedding,
                   attn_test::MatchesSlopes(unembedding, [&](const attn::matrix& u) {
                       return attn::next_token_loss(hidden, u, targets).loss;
                   }));
        const auto forward = attn::next_token_loss(hidden, unembedding, targets);
        CHECK_THAT(t.grad_logits, attn_test::MatchesSlopes(forward.logits, [&](const attn::matrix& z) {
                       return attn::cross_entropy(z, targets).loss;
                   }));
    }

    TEST_CASE("a tied model's gradient of its one matrix is the sum of both uses",
              "[next-token-loss]")
    {
        // hidden = rows of the table itself, so the table reaches the loss twice.
        const attn::matrix table = unembedding;
        const attn::vector ids = {2, 0, 3};
        const attn::vector next = {0, 3, 4};
        const auto rows_of = [&](const attn::matrix& e)
        {
            attn::matrix h = xt::empty<double>({3, 3});
            for (std::size_t i = 0; i < 3; ++i)
            {
                xt::row(h, i) = xt::row(e, static_cast<std::size_t>(ids(i)));
            }
            return h;
        };
        const auto t = attn::next_token_loss_backward(rows_of(table), table, next);
        attn::matrix both = t.grad_unembedding;
        for (std::size_t i = 0; i < 3; ++i)
        {
            xt::row(both, static_cast<std::size_t>(ids(i))) += xt::row(t.grad_hidden, i);
        }
        CHECK_THAT(both, attn_test::MatchesSlopes(table, [&](const attn::matrix& e) {
                       return attn::next_token_loss(rows_of(e), e, next).loss;
                   }));
    }

    TEST_CASE("a bad hidden, unembedding or target is refused naming it",
              "[next-token-loss][errors]")
    {
        SECTION("a target outside the vocabulary, naming its row and the vocabulary's size")
        {
            CHECK_THROWS_MATCHES(attn::next_token_loss(hidden, unembedding, attn::vector{1, 5, 1, 0}),
                                 attn::attention_error,
                                 Message("targets[1]: expected a token id, a whole number from 0 "
                                         "to 4 (unembedding has 5 rows, one per token), got 5"));
        }
        SECTION("one target too few")
        {
            CHECK_THROWS_MATCHES(attn::next_token_loss(hidden, unembedding, attn::vector{1, 2, 3}),
                                 attn::attention_error,
                                 Message("targets: expected 4 numbers (one target per row of "
                                         "hidden), got 3"));
        }
        SECTION("an unembedding of another width than hidden")
        {
            CHECK_THROWS_MATCHES(
                attn::next_token_loss(hidden, attn::matrix{{1, 2}, {3, 4}}, targets),
                attn::attention_error,
                Message("unembedding: expected a matrix of shape 2×3 (vocab × d_model, d_model "
                        "the width of hidden), got 2×2"));
        }
        SECTION("a hidden value that is not finite")
        {
            attn::matrix bad = hidden;
            bad(2, 1) = NAN;
            CHECK_THROWS_WITH(attn::next_token_loss(bad, unembedding, targets),
                              "hidden[2][1]: expected a finite number, got NaN");
        }
        SECTION("logits that overflow")
        {
            CHECK_THROWS_WITH(attn::next_token_loss(attn::matrix{{1e200}}, attn::matrix{{1e200}},
                                                    attn::vector{0}),
                              Catch::Matchers::StartsWith("hidden: expected values small enough "
                                                          "for logits"));
        }
        SECTION("the backward refuses as the forward does")
        {
            CHECK_THROWS_WITH(attn::next_token_loss_backward(hidden, unembedding,
                                                             attn::vector{1, 2, 3, -1}),
                              Catch::Matchers::StartsWith("targets[3]: expected a token id"));
        }
    }
} // namespace next_token_loss_tests
