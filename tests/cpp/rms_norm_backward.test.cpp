#include <cmath>
#include <limits>

#include <catch2/catch.hpp>

#include "attn/error.hpp"
#include "attn/rms_norm_backward.hpp"
#include "numeric_gradient.hpp"
#include "tensor_matchers.hpp"

namespace rms_norm_backward_tests
{
    using Catch::Matchers::Message;
    using Catch::Matchers::WithinAbs;

    TEST_CASE(
        "every RMS norm gradient matches a central finite difference of Σ output ∘ gradOutput",
        "[rms-norm][backward]")
    {
        const double eps = GENERATE(1e-6, 1e-2);
        CAPTURE(eps);
        const attn::matrix input = 2.0 * attn_test::sample(4, 5) + 0.5;
        const attn::vector gamma = {1.5, 0.5, -1, 2, 0.75};
        const attn::matrix grad_output = attn_test::sample(4, 5, 2.0);
        const auto t = attn::rms_norm_backward(input, gamma, eps, grad_output);
        const auto loss = [&](const attn::matrix& x, const attn::vector& g)
        { return attn_test::weighted_sum(attn::rms_norm(x, g, eps).output, grad_output); };

        CHECK_THAT(t.grad_input, attn_test::MatrixWithinAbs(
                                     attn_test::numeric_gradient(input, [&](const attn::matrix& x)
                                                                 { return loss(x, gamma); }),
                                     1e-8));
        CHECK_THAT(t.grad_gamma, attn_test::within_abs<attn::vector>(
                                     attn_test::numeric_gradient(gamma, [&](const attn::vector& g)
                                                                 { return loss(input, g); }),
                                     1e-8));
        CHECK_THAT(t.grad_output, attn_test::MatrixEquals(grad_output));
    }

    TEST_CASE("gradRms is the finite-difference slope of the loss in each row's rms with x held",
              "[rms-norm][backward]")
    {
        // The loss as a function of the rms alone: Σ (x / r)·γ ∘ gradOutput over the row.
        const attn::matrix input = attn_test::sample(3, 4, 0.3);
        const attn::vector gamma = {2, -1, 0.5, 3};
        const attn::matrix grad_output = attn_test::sample(3, 4, 0.8);
        const auto forward = attn::rms_norm(input, gamma);
        const auto t = attn::rms_norm_backward(input, gamma, 1e-6, grad_output);
        const attn::vector numeric = attn_test::numeric_gradient(
            forward.rms,
            [&](const attn::vector& r)
            {
                double sum = 0;
                for (std::size_t i = 0; i < 3; ++i)
                {
                    for (std::size_t j = 0; j < 4; ++j)
                    {
                        sum += input(i, j) / r(i) * gamma(j) * grad_output(i, j);
                    }
                }
                return sum;
            });
        CHECK_THAT(t.grad_rms, attn_test::within_abs<attn::vector>(numeric, 1e-8));
        for (std::size_t i = 0; i < 3; ++i)
        {
            for (std::size_t j = 0; j < 4; ++j)
            {
                CHECK(t.grad_normalized(i, j) == grad_output(i, j) * gamma(j));
            }
        }
    }

    TEST_CASE("each row's input gradient is orthogonal to the row once eps is negligible, since "
              "scaling a row does not change its output",
              "[rms-norm][backward]")
    {
        const attn::matrix input = 3.0 * attn_test::sample(3, 6);
        const auto t =
            attn::rms_norm_backward(input, std::nullopt, 1e-12, attn_test::sample(3, 6, 0.4));
        for (std::size_t i = 0; i < 3; ++i)
        {
            CHECK_THAT(xt::sum(xt::row(t.grad_input, i) * xt::row(input, i))(),
                       WithinAbs(0.0, 1e-10));
        }
    }

    TEST_CASE("a row of zeros gets the finite gradient gradNormalized/√eps", "[rms-norm][backward]")
    {
        const attn::matrix grad_output = {{1, -2, 0.5, 3}};
        const attn::vector gamma = {1, 2, 3, 4};
        const double eps = 1e-6;
        const auto t = attn::rms_norm_backward(attn::matrix{{0, 0, 0, 0}}, gamma, eps, grad_output);
        REQUIRE_THAT(t.grad_input, attn_test::AllFinite());
        for (std::size_t j = 0; j < 4; ++j)
        {
            CHECK_THAT(t.grad_input(0, j),
                       WithinAbs(grad_output(0, j) * gamma(j) / std::sqrt(eps), 1e-9));
        }
        CHECK(t.grad_rms(0) == 0);
        CHECK_THAT(t.grad_gamma, attn_test::VectorEquals(attn::vector{0, 0, 0, 0}));
    }

    TEST_CASE("the RMS norm backward pass from a forward trace equals the checked operation bit "
              "for bit",
              "[rms-norm][backward]")
    {
        const attn::matrix input = attn_test::sample(3, 5, 0.2);
        const attn::vector gamma = {1, 2, 3, 4, 5};
        const attn::matrix grad_output = attn_test::sample(3, 5, 1.7);
        const auto checked = attn::rms_norm_backward(input, gamma, 1e-3, grad_output);
        const auto from = attn::detail::rms_norm_backward_from(
            input, attn::rms_norm(input, gamma, 1e-3), grad_output);
        CHECK_THAT(from.grad_input, attn_test::MatrixEquals(checked.grad_input));
        CHECK_THAT(from.grad_normalized, attn_test::MatrixEquals(checked.grad_normalized));
        CHECK_THAT(from.grad_rms, attn_test::VectorEquals(checked.grad_rms));
        CHECK_THAT(from.grad_gamma, attn_test::VectorEquals(checked.grad_gamma));
    }

    TEST_CASE("a bad RMS norm gradient or argument is refused with a message naming it",
              "[rms-norm][backward][errors]")
    {
        const attn::matrix input = {{1, 2, 3}, {4, 5, 7}};
        const attn::matrix grad_output = {{1, 0, -1}, {0.5, 0.5, 0}};
        SECTION("a gradOutput of another shape than the output")
        {
            CHECK_THROWS_MATCHES(
                attn::rms_norm_backward(input, std::nullopt, 1e-6, attn::matrix{{1, 2, 3}}),
                attn::attention_error,
                Message("gradOutput: expected a matrix of shape 2×3 (the shape of input, n × d), "
                        "got 1×3"));
        }
        SECTION("a gradOutput that is not finite")
        {
            attn::matrix bad = grad_output;
            bad(1, 0) = std::numeric_limits<double>::quiet_NaN();
            CHECK_THROWS_MATCHES(attn::rms_norm_backward(input, std::nullopt, 1e-6, bad),
                                 attn::attention_error,
                                 Message("gradOutput[1][0]: expected a finite number, got NaN"));
        }
        SECTION("the forward's arguments keep the forward's checks and names")
        {
            CHECK_THROWS_MATCHES(
                attn::rms_norm_backward(input, attn::vector{1, 2}, 1e-6, grad_output),
                attn::attention_error,
                Message("gamma: expected 3 numbers (one per column of input), got 2"));
            CHECK_THROWS_MATCHES(
                attn::rms_norm_backward(input, std::nullopt, 0, grad_output), attn::attention_error,
                Message("eps: expected a small positive number (at most 1) such as 1e-6, got 0"));
        }
        SECTION("a gradOutput so large that its sum over rows overflows")
        {
            CHECK_THROWS_MATCHES(
                attn::rms_norm_backward(attn::matrix{{1, 1, 1}, {1, 1, 1}}, std::nullopt, 1e-6,
                                        attn::matrix{{1e308, 0, 0}, {1e308, 0, 0}}),
                attn::attention_error,
                Message("gradOutput: expected values small enough for gradGamma to stay within "
                        "double range, got gradGamma[0] = Infinity"));
        }
    }
} // namespace rms_norm_backward_tests
