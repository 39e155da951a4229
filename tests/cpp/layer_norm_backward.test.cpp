#include <cmath>
#include <limits>

#include <catch2/catch.hpp>

#include "attn/error.hpp"
#include "attn/layer_norm_backward.hpp"
#include "numeric_gradient.hpp"
#include "tensor_matchers.hpp"

namespace layer_norm_backward_tests
{
    using Catch::Matchers::Message;
    using Catch::Matchers::WithinAbs;

    TEST_CASE(
        "every layer norm gradient matches a central finite difference of Σ output ∘ gradOutput",
        "[layer-norm][backward]")
    {
        const attn::matrix input = 2.0 * attn_test::sample(4, 5) + 0.5;
        const attn::vector gamma = {1.5, 0.5, -1, 2, 0.75};
        const attn::vector beta = {0.1, -0.4, 0.2, 0, 1};
        const attn::matrix grad_output = attn_test::sample(4, 5, 2.0);
        const double eps = 1e-5;
        const auto t = attn::layer_norm_backward(input, gamma, beta, eps, grad_output);
        const auto loss = [&](const attn::matrix& x, const attn::vector& g, const attn::vector& b)
        { return attn_test::weighted_sum(attn::layer_norm(x, g, b, eps).output, grad_output); };

        const attn::matrix numeric_input = attn_test::numeric_gradient(
            input, [&](const attn::matrix& x) { return loss(x, gamma, beta); });
        CHECK_THAT(t.grad_input, attn_test::MatrixWithinAbs(numeric_input, 1e-8));
        const attn::vector numeric_gamma = attn_test::numeric_gradient(
            gamma, [&](const attn::vector& g) { return loss(input, g, beta); });
        const attn::vector numeric_beta = attn_test::numeric_gradient(
            beta, [&](const attn::vector& b) { return loss(input, gamma, b); });
        for (std::size_t j = 0; j < 5; ++j)
        {
            CAPTURE(j);
            CHECK_THAT(t.grad_gamma(j), WithinAbs(numeric_gamma(j), 1e-8));
            CHECK_THAT(t.grad_beta(j), WithinAbs(numeric_beta(j), 1e-8));
        }
        CHECK_THAT(t.grad_output, attn_test::MatrixEquals(grad_output));
    }

    TEST_CASE("gradBeta sums gradOutput over rows while gradGamma weights it by normalized and "
              "gradNormalized is gradOutput ∘ γ",
              "[layer-norm][backward]")
    {
        const attn::matrix input = attn_test::sample(3, 4);
        const attn::vector gamma = {2, -1, 0.5, 3};
        const attn::matrix grad_output = attn_test::sample(3, 4, 0.8);
        const auto forward = attn::layer_norm(input, gamma);
        const auto t = attn::layer_norm_backward(input, gamma, std::nullopt, 1e-5, grad_output);
        for (std::size_t j = 0; j < 4; ++j)
        {
            double beta_sum = 0, gamma_sum = 0;
            for (std::size_t i = 0; i < 3; ++i)
            {
                beta_sum += grad_output(i, j);
                gamma_sum += grad_output(i, j) * forward.normalized(i, j);
                CHECK(t.grad_normalized(i, j) == grad_output(i, j) * gamma(j));
            }
            CHECK_THAT(t.grad_beta(j), WithinAbs(beta_sum, 1e-15));
            CHECK_THAT(t.grad_gamma(j), WithinAbs(gamma_sum, 1e-15));
        }
    }

    TEST_CASE("each row's input gradient sums to zero since adding a constant to a row does not "
              "change its output",
              "[layer-norm][backward]")
    {
        const auto t = attn::layer_norm_backward(3.0 * attn_test::sample(3, 6), std::nullopt,
                                                 std::nullopt, 1e-5, attn_test::sample(3, 6, 0.4));
        for (std::size_t i = 0; i < 3; ++i)
        {
            CHECK_THAT(xt::sum(xt::row(t.grad_input, i))(), WithinAbs(0.0, 1e-13));
        }
    }

    TEST_CASE(
        "a constant row gets the finite gradient (ĝ − mean ĝ)/√eps instead of dividing by zero",
        "[layer-norm][backward]")
    {
        const attn::matrix input = {{7, 7, 7, 7}};
        const attn::matrix grad_output = {{1, -2, 0.5, 3}};
        const double eps = 1e-5;
        const auto t =
            attn::layer_norm_backward(input, std::nullopt, std::nullopt, eps, grad_output);
        REQUIRE_THAT(t.grad_input, attn_test::AllFinite());
        const double mean = (1 - 2 + 0.5 + 3) / 4.0;
        for (std::size_t j = 0; j < 4; ++j)
        {
            CHECK_THAT(t.grad_input(0, j),
                       WithinAbs((grad_output(0, j) - mean) / std::sqrt(eps), 1e-9));
        }
        CHECK_THAT(t.grad_gamma, attn_test::VectorEquals(attn::vector{0, 0, 0, 0}));
    }

    TEST_CASE("the backward pass from a forward trace equals the checked operation bit for bit",
              "[layer-norm][backward]")
    {
        const attn::matrix input = attn_test::sample(3, 5, 0.2);
        const attn::vector gamma = {1, 2, 3, 4, 5};
        const attn::matrix grad_output = attn_test::sample(3, 5, 1.7);
        const auto checked =
            attn::layer_norm_backward(input, gamma, std::nullopt, 1e-3, grad_output);
        const auto from = attn::detail::layer_norm_backward_from(
            attn::layer_norm(input, gamma, std::nullopt, 1e-3), 1e-3, grad_output);
        CHECK_THAT(from.grad_input, attn_test::MatrixEquals(checked.grad_input));
        CHECK_THAT(from.grad_normalized, attn_test::MatrixEquals(checked.grad_normalized));
        CHECK_THAT(from.grad_gamma, attn_test::VectorEquals(checked.grad_gamma));
        CHECK_THAT(from.grad_beta, attn_test::VectorEquals(checked.grad_beta));
    }

    TEST_CASE("a bad layer norm gradient or argument is refused with a message naming it",
              "[layer-norm][backward][errors]")
    {
        const attn::matrix input = {{1, 2, 3}, {4, 5, 7}};
        const attn::matrix grad_output = {{1, 0, -1}, {0.5, 0.5, 0}};
        SECTION("a gradOutput of another shape than the output")
        {
            CHECK_THROWS_MATCHES(
                attn::layer_norm_backward(input, std::nullopt, std::nullopt, 1e-5,
                                          attn::matrix{{1, 2, 3}}),
                attn::attention_error,
                Message("gradOutput: expected a matrix of shape 2×3 (the shape of input, n × d), "
                        "got 1×3"));
        }
        SECTION("a gradOutput that is not finite")
        {
            attn::matrix bad = grad_output;
            bad(1, 0) = std::numeric_limits<double>::quiet_NaN();
            CHECK_THROWS_MATCHES(
                attn::layer_norm_backward(input, std::nullopt, std::nullopt, 1e-5, bad),
                attn::attention_error,
                Message("gradOutput[1][0]: expected a finite number, got NaN"));
        }
        SECTION("the forward's arguments keep the forward's checks and names")
        {
            CHECK_THROWS_MATCHES(
                attn::layer_norm_backward(input, attn::vector{1, 2}, std::nullopt, 1e-5,
                                          grad_output),
                attn::attention_error,
                Message("gamma: expected 3 numbers (one per column of input), got 2"));
            CHECK_THROWS_MATCHES(
                attn::layer_norm_backward(input, std::nullopt, std::nullopt, 0, grad_output),
                attn::attention_error,
                Message("eps: expected a small positive number (at most 1) such as 1e-5, got 0"));
        }
        SECTION("a gradOutput so large that its sum over rows overflows")
        {
            CHECK_THROWS_MATCHES(
                attn::layer_norm_backward(input, std::nullopt, std::nullopt, 1e-5,
                                          attn::matrix{{1e308, 0, 0}, {1e308, 0, 0}}),
                attn::attention_error,
                Message(
                    "gradOutput: expected values small enough for gradBeta to stay within double "
                    "range, got gradBeta[0] = Infinity"));
        }
    }
} // namespace layer_norm_backward_tests
