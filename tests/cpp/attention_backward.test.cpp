#include <cmath>
#include <functional>
#include <limits>

#include <catch2/catch.hpp>

#include "attn/attention_backward.hpp"
#include "attn/error.hpp"
#include "finite_difference.hpp"
#include "tensor_matchers.hpp"

namespace attention_backward_tests
{
    using Catch::Matchers::Message;
    using Catch::Matchers::StartsWith;
    using Catch::Matchers::WithinAbs;

    namespace
    {
        const double negative_infinity = -std::numeric_limits<double>::infinity();

        /// The loss whose gradient with respect to the output is exactly G: L = Σ G ∘ output.
        double loss(const attn::matrix& query, const attn::matrix& key, const attn::matrix& value,
                    const attn::attention_options& options, const attn::matrix& grad_output)
        {
            return attn_test::dot(
                attn::scaled_dot_product_attention(query, key, value, options).output, grad_output);
        }

        /// Checks ∂L/∂Q, ∂L/∂K, ∂L/∂V of attention_backward against central differences of loss().
        void check_input_gradients(const attn::matrix& q, const attn::matrix& k,
                                   const attn::matrix& v, const attn::attention_options& options)
        {
            const attn::matrix g = attn_test::sample(attn::rows(q), attn::cols(v), 7);
            const auto t = attn::attention_backward(q, k, v, options, g);
            CHECK_THAT(t.grad_query,
                       attn_test::MatchesSlopes(q, [&](const attn::matrix& x)
                                                { return loss(x, k, v, options, g); }));
            CHECK_THAT(t.grad_key, attn_test::MatchesSlopes(k, [&](const attn::matrix& x)
                                                            { return loss(q, x, v, options, g); }));
            CHECK_THAT(t.grad_value,
                       attn_test::MatchesSlopes(v, [&](const attn::matrix& x)
                                                { return loss(q, k, x, options, g); }));
        }

        attn::attention_options with_mask(attn::matrix allowed, double fill = negative_infinity)
        {
            attn::attention_options options;
            options.mask = attn::attention_mask::from_matrix(std::move(allowed));
            options.mask_fill = fill;
            return options;
        }
    } // namespace

    TEST_CASE("the gradients of query, key and value match central finite differences of the loss",
              "[backward][attention-backward]")
    {
        SECTION("square, no mask")
        {
            check_input_gradients(attn_test::sample(4, 3), attn_test::sample(4, 3, 1),
                                  attn_test::sample(4, 3, 2), {});
        }
        SECTION("rectangular: 3 queries, 5 keys, d_k = 4, d_v = 2")
        {
            check_input_gradients(attn_test::sample(3, 4), attn_test::sample(5, 4, 1),
                                  attn_test::sample(5, 2, 2), {});
        }
        SECTION("causal mask")
        {
            attn::attention_options options;
            options.mask = attn::attention_mask::causal();
            check_input_gradients(attn_test::sample(4, 3), attn_test::sample(4, 3, 1),
                                  attn_test::sample(4, 3, 2), options);
        }
        SECTION("a fully masked row under a finite fill, where the maths is the plain softmax's")
        {
            check_input_gradients(attn_test::sample(3, 2), attn_test::sample(4, 2, 1),
                                  attn_test::sample(4, 3, 2),
                                  with_mask({{1, 0, 1, 1}, {0, 0, 0, 0}, {0, 1, 1, 0}}, -1e9));
        }
        SECTION("a fully masked row under −∞")
        {
            check_input_gradients(attn_test::sample(3, 2), attn_test::sample(4, 2, 1),
                                  attn_test::sample(4, 3, 2),
                                  with_mask({{1, 0, 1, 1}, {0, 0, 0, 0}, {0, 1, 1, 0}}));
        }
    }

    TEST_CASE("gradWeights and gradScaled match finite differences of the loss through the softmax",
              "[backward][attention-backward]")
    {
        const attn::matrix q = attn_test::sample(3, 4), k = attn_test::sample(5, 4, 1),
                           v = attn_test::sample(5, 2, 2), g = attn_test::sample(3, 2, 7);
        const auto forward = attn::scaled_dot_product_attention(q, k, v);
        const auto t = attn::attention_backward(q, k, v, {}, g);
        CHECK_THAT(t.grad_weights,
                   attn_test::MatchesSlopes(forward.weights, [&](const attn::matrix& w)
                                            { return attn_test::dot(attn::matmul(w, v), g); }));
        CHECK_THAT(
            t.grad_scaled,
            attn_test::MatchesSlopes(
                forward.scaled, [&](const attn::matrix& s)
                { return attn_test::dot(attn::matmul(attn::softmax_rows(s).weights, v), g); }));
    }

    TEST_CASE("gradScores is gradScaled / √d_k, and each row of gradScaled sums to 0",
              "[backward][attention-backward]")
    {
        // Softmax weights sum to 1 whatever the logits, so shifting a whole row of logits changes
        // nothing: the gradient along (1, 1, …, 1) is 0.
        const auto t =
            attn::attention_backward(attn_test::sample(3, 4), attn_test::sample(5, 4, 1),
                                     attn_test::sample(5, 2, 2), {}, attn_test::sample(3, 2, 7));
        CHECK_THAT(t.grad_scores, attn_test::MatrixWithinAbs(t.grad_scaled / 2.0, 1e-16));
        for (std::size_t i = 0; i < 3; ++i)
        {
            CHECK_THAT(xt::sum(xt::row(t.grad_scaled, i))(), WithinAbs(0.0, 1e-15));
        }
    }

    TEST_CASE("a fully masked row under −∞ gets zero gradients, never NaN",
              "[backward][attention-backward][mask]")
    {
        const auto t = attn::attention_backward(
            attn_test::sample(3, 2), attn_test::sample(4, 2, 1), attn_test::sample(4, 3, 2),
            with_mask({{1, 0, 1, 1}, {0, 0, 0, 0}, {0, 1, 1, 0}}), attn_test::sample(3, 3, 7));
        CHECK_THAT(t.grad_scaled, attn_test::AllFinite());
        CHECK_THAT(t.grad_query, attn_test::AllFinite());
        CHECK_THAT(t.grad_key, attn_test::AllFinite());
        CHECK_THAT(t.grad_value, attn_test::AllFinite());
        for (std::size_t j = 0; j < 4; ++j)
        {
            CHECK(t.grad_scaled(1, j) == 0.0);
            CHECK(t.grad_scores(1, j) == 0.0);
        }
        for (std::size_t c = 0; c < 2; ++c)
        {
            CHECK(t.grad_query(1, c) == 0.0);
        }
    }

    TEST_CASE("a blocked cell passes no gradient to its score, even under a finite fill",
              "[backward][attention-backward][mask]")
    {
        const attn::matrix allowed = {{1, 0, 1, 1}, {0, 0, 0, 0}, {0, 1, 1, 0}};
        const auto t = attn::attention_backward(
            attn_test::sample(3, 2), attn_test::sample(4, 2, 1), attn_test::sample(4, 3, 2),
            with_mask(allowed, -1e9), attn_test::sample(3, 3, 7));
        for (std::size_t i = 0; i < 3; ++i)
        {
            for (std::size_t j = 0; j < 4; ++j)
            {
                if (allowed(i, j) == 0)
                {
                    INFO("cell [" << i << "][" << j << "]");
                    CHECK(t.grad_scaled(i, j) == 0.0);
                }
            }
        }
        // The fully masked row's uniform weights 1/4 still carried its output gradient to V.
        CHECK(t.grad_weights(1, 0) != 0.0);
    }

    TEST_CASE("the unchecked form on the caller's forward trace gives the operation's numbers",
              "[backward][attention-backward]")
    {
        const attn::matrix q = attn_test::sample(3, 4), k = attn_test::sample(5, 4, 1),
                           v = attn_test::sample(5, 2, 2), g = attn_test::sample(3, 2, 7);
        attn::attention_options options;
        options.mask = attn::attention_mask::causal();
        const auto forward = attn::scaled_dot_product_attention(q, k, v, options);
        const auto from = attn::detail::attention_backward_from(q, k, v, forward, g);
        const auto t = attn::attention_backward(q, k, v, options, g);
        CHECK_THAT(from.grad_query, attn_test::MatrixEquals(t.grad_query));
        CHECK_THAT(from.grad_key, attn_test::MatrixEquals(t.grad_key));
        CHECK_THAT(from.grad_value, attn_test::MatrixEquals(t.grad_value));
        CHECK_THAT(from.grad_output, attn_test::MatrixEquals(g));
    }

    TEST_CASE("attentionBackward refuses a bad gradOutput, or a bad forward argument, naming it",
              "[backward][attention-backward][errors]")
    {
        const attn::matrix q = attn_test::sample(3, 4), k = attn_test::sample(5, 4, 1),
                           v = attn_test::sample(5, 2, 2);
        SECTION("gradOutput of the wrong shape names the output's shape")
        {
            CHECK_THROWS_MATCHES(attn::attention_backward(q, k, v, {}, attn_test::sample(3, 4)),
                                 attn::attention_error,
                                 Message("gradOutput: expected a matrix of shape 3×2 (n × d_v, the "
                                         "shape of the output), got 3×4"));
        }
        SECTION("a gradOutput cell that is not finite")
        {
            attn::matrix g = attn_test::sample(3, 2);
            g(2, 1) = std::nan("");
            CHECK_THROWS_WITH(attn::attention_backward(q, k, v, {}, g),
                              StartsWith("gradOutput[2][1]: expected a finite number"));
        }
        SECTION("a gradient that overflows blames gradOutput")
        {
            attn::matrix g = attn_test::sample(3, 2);
            g(0, 0) = 1e308;
            g(0, 1) = 1e308;
            CHECK_THROWS_WITH(
                attn::attention_backward(q, k, 1e10 * v, {}, g),
                StartsWith("gradOutput: expected values small enough for gradWeights"));
        }
        SECTION("the forward's own checks come first")
        {
            CHECK_THROWS_MATCHES(
                attn::attention_backward(q, attn_test::sample(5, 3), v, {},
                                         attn_test::sample(3, 2)),
                attn::attention_error,
                Message("key: expected 4 columns (d_k, the width of query), got 3"));
        }
    }
} // namespace attention_backward_tests
