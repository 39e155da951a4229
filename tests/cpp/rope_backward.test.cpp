#include <cmath>
#include <limits>

#include <catch2/catch.hpp>

#include "attn/error.hpp"
#include "attn/rope_backward.hpp"
#include "numeric_gradient.hpp"
#include "tensor_matchers.hpp"

namespace rope_backward_tests
{
    using Catch::Matchers::Message;
    using Catch::Matchers::WithinAbs;

    TEST_CASE("RoPE's input gradient matches a central finite difference of Σ output ∘ gradOutput "
              "in both pairings",
              "[rope][backward]")
    {
        const attn::rope_convention convention =
            GENERATE(attn::rope_convention::half, attn::rope_convention::interleaved);
        CAPTURE(convention == attn::rope_convention::half ? "half" : "interleaved");
        const attn::matrix input = attn_test::sample(4, 6);
        const attn::vector positions = {0, 3, -2.5, 4096};
        const attn::matrix grad_output = attn_test::sample(4, 6, 1.9);
        const auto t = attn::rope_backward(input, positions, 100, convention, grad_output);
        CHECK_THAT(t.grad_input, attn_test::MatrixWithinAbs(
                                     attn_test::numeric_gradient(
                                         input,
                                         [&](const attn::matrix& x) {
                                             return attn_test::weighted_sum(
                                                 attn::rope(x, positions, 100, convention).output,
                                                 grad_output);
                                         }),
                                     1e-9));
        CHECK_THAT(t.grad_output, attn_test::MatrixEquals(grad_output));
    }

    TEST_CASE("the gradient is gradOutput turned back: rotating it forward again gives gradOutput, "
              "and each row keeps its length",
              "[rope][backward]")
    {
        const attn::matrix input = attn_test::sample(3, 8, 0.5);
        const attn::vector positions = {0, 1, 7};
        const attn::matrix grad_output = attn_test::sample(3, 8, 2.4);
        const auto t =
            attn::rope_backward(input, positions, 10000, attn::rope_convention::half, grad_output);
        const auto turned = attn::rope(t.grad_input, positions, 10000, attn::rope_convention::half);
        CHECK_THAT(turned.output, attn_test::MatrixWithinAbs(grad_output, 1e-15));
        for (std::size_t r = 0; r < 3; ++r)
        {
            CHECK_THAT(xt::sum(xt::square(xt::row(t.grad_input, r)))(),
                       WithinAbs(xt::sum(xt::square(xt::row(grad_output, r)))(), 1e-13));
        }
        // Position 0 does not turn: its gradient passes through unchanged.
        CHECK_THAT(attn::matrix(xt::view(t.grad_input, xt::range(0, 1), xt::all())),
                   attn_test::MatrixEquals(xt::view(grad_output, xt::range(0, 1), xt::all())));
    }

    TEST_CASE("the RoPE backward pass from a forward trace equals the checked operation bit for "
              "bit",
              "[rope][backward]")
    {
        const attn::matrix input = attn_test::sample(3, 4, 0.2);
        const attn::vector positions = {2, 0.5, 9};
        const attn::matrix grad_output = attn_test::sample(3, 4, 1.1);
        const auto checked = attn::rope_backward(input, positions, 500,
                                                 attn::rope_convention::interleaved, grad_output);
        const auto from = attn::detail::rope_backward_from(
            attn::rope(input, positions, 500, attn::rope_convention::interleaved),
            attn::rope_convention::interleaved, grad_output);
        CHECK_THAT(from.grad_input, attn_test::MatrixEquals(checked.grad_input));
    }

    TEST_CASE("a bad RoPE gradient or argument is refused with a message naming it",
              "[rope][backward][errors]")
    {
        const attn::matrix input = {{1, 2, 3, 4}, {5, 6, 7, 8}};
        const attn::vector positions = {0, 1};
        const attn::matrix grad_output = {{1, 0, -1, 2}, {0.5, 0.5, 0, 1}};
        const auto half = attn::rope_convention::half;
        SECTION("a gradOutput of another shape than the output")
        {
            CHECK_THROWS_MATCHES(
                attn::rope_backward(input, positions, 10000, half, attn::matrix{{1, 2, 3, 4}}),
                attn::attention_error,
                Message("gradOutput: expected a matrix of shape 2×4 (the shape of input, n × d), "
                        "got 1×4"));
        }
        SECTION("a gradOutput that is not finite")
        {
            attn::matrix bad = grad_output;
            bad(0, 3) = std::numeric_limits<double>::quiet_NaN();
            CHECK_THROWS_MATCHES(attn::rope_backward(input, positions, 10000, half, bad),
                                 attn::attention_error,
                                 Message("gradOutput[0][3]: expected a finite number, got NaN"));
        }
        SECTION("the forward's arguments keep the forward's checks and names")
        {
            CHECK_THROWS_MATCHES(attn::rope_backward(attn::matrix{{1, 2, 3}}, attn::vector{0},
                                                     10000, half, attn::matrix{{1, 2, 3}}),
                                 attn::attention_error,
                                 Message("input: expected an even number of columns (RoPE "
                                         "rotates pairs), got 3"));
            CHECK_THROWS_MATCHES(
                attn::rope_backward(input, attn::vector{0}, 10000, half, grad_output),
                attn::attention_error,
                Message("positions: expected 2 numbers (one per row of input), got 1"));
        }
        SECTION("a gradOutput so large that turning it overflows")
        {
            // At position 1 with d = 2 the angle is 1 radian: 1.7e308·(cos 1 + sin 1) overflows.
            CHECK_THROWS_MATCHES(
                attn::rope_backward(attn::matrix{{1, 1}, {1, 1}}, positions, 10000, half,
                                    attn::matrix{{0, 0}, {1.7e308, 1.7e308}}),
                attn::attention_error,
                Message("gradOutput: expected values small enough for gradInput to stay within "
                        "double range, got gradInput[1][0] = Infinity"));
        }
    }
} // namespace rope_backward_tests
