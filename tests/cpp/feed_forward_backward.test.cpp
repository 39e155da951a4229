#include <cmath>
#include <optional>

#include <catch2/catch.hpp>

#include "attn/error.hpp"
#include "attn/feed_forward_backward.hpp"
#include "numeric_gradient.hpp"
#include "tensor_matchers.hpp"

namespace feed_forward_backward_tests
{
    using Catch::Matchers::Message;
    using Catch::Matchers::WithinAbs;

    namespace
    {
        /// A small network whose hidden cells stay away from 0, so ReLU's kink does not fall
        /// inside a finite-difference step.
        struct network
        {
            attn::matrix input = attn_test::sample(3, 4);
            attn::matrix w1 = 0.8 * attn_test::sample(4, 6, 0.9);
            attn::vector b1 = {0.1, -0.2, 0.15, 0.05, -0.3, 0.25};
            attn::matrix w2 = 0.8 * attn_test::sample(6, 4, 1.4);
            attn::vector b2 = {-0.1, 0.2, 0.3, -0.05};
            attn::matrix grad_output = attn_test::sample(3, 4, 3.1);

            double loss(const attn::matrix& x, const attn::matrix& first,
                        const attn::vector& first_bias, const attn::matrix& second,
                        const attn::vector& second_bias, attn::activation act) const
            {
                return attn_test::weighted_sum(
                    attn::feed_forward(x, first, first_bias, second, second_bias, act).output,
                    grad_output);
            }
        };

        void check_vector_near(const attn::vector& actual, const attn::vector& expected,
                               double margin)
        {
            REQUIRE(actual.size() == expected.size());
            for (std::size_t j = 0; j < actual.size(); ++j)
            {
                CAPTURE(j);
                CHECK_THAT(actual(j), WithinAbs(expected(j), margin));
            }
        }
    } // namespace

    TEST_CASE("every feed-forward gradient matches a central finite difference of "
              "Σ output ∘ gradOutput",
              "[feed-forward][backward]")
    {
        const attn::activation act = GENERATE(attn::activation::relu, attn::activation::gelu);
        CAPTURE(act == attn::activation::relu ? "relu" : "gelu");
        const network n;
        for (const double h : attn::feed_forward(n.input, n.w1, n.b1, n.w2, n.b2, act).hidden)
        {
            REQUIRE(std::abs(h) > 1e-3); // no kink within the step
        }
        const auto t =
            attn::feed_forward_backward(n.input, n.w1, n.b1, n.w2, n.b2, act, n.grad_output);
        const double margin = 1e-8;
        CHECK_THAT(t.grad_input, attn_test::MatrixWithinAbs(
                                     attn_test::numeric_gradient(
                                         n.input, [&](const attn::matrix& x)
                                         { return n.loss(x, n.w1, n.b1, n.w2, n.b2, act); }),
                                     margin));
        CHECK_THAT(t.grad_w1, attn_test::MatrixWithinAbs(
                                  attn_test::numeric_gradient(
                                      n.w1, [&](const attn::matrix& w)
                                      { return n.loss(n.input, w, n.b1, n.w2, n.b2, act); }),
                                  margin));
        CHECK_THAT(t.grad_w2, attn_test::MatrixWithinAbs(
                                  attn_test::numeric_gradient(
                                      n.w2, [&](const attn::matrix& w)
                                      { return n.loss(n.input, n.w1, n.b1, w, n.b2, act); }),
                                  margin));
        check_vector_near(
            t.grad_b1,
            attn_test::numeric_gradient(n.b1, [&](const attn::vector& b)
                                        { return n.loss(n.input, n.w1, b, n.w2, n.b2, act); }),
            margin);
        check_vector_near(
            t.grad_b2,
            attn_test::numeric_gradient(n.b2, [&](const attn::vector& b)
                                        { return n.loss(n.input, n.w1, n.b1, n.w2, b, act); }),
            margin);
    }

    TEST_CASE("ReLU′(0) is 0 as in PyTorch and exact GELU′(0) is 1/2", "[feed-forward][backward]")
    {
        CHECK(attn::activation_derivative(attn::activation::relu, 0.0) == 0.0);
        CHECK(attn::activation_derivative(attn::activation::relu, -1e-300) == 0.0);
        CHECK(attn::activation_derivative(attn::activation::relu, 1e-300) == 1.0);
        CHECK(attn::activation_derivative(attn::activation::gelu, 0.0) == 0.5);
        // Φ(1) + φ(1), from tables of the normal distribution.
        CHECK_THAT(attn::activation_derivative(attn::activation::gelu, 1.0),
                   WithinAbs(0.8413447460685429 + 0.24197072451914337, 1e-15));

        SECTION("through the operation: a zero input row without biases has hidden exactly 0")
        {
            const attn::matrix input = {{0, 0}, {1, -2}};
            const attn::matrix w1 = {{1, -1, 0.5}, {0.25, 2, -1}};
            const attn::matrix w2 = {{1, 0}, {0, 1}, {1, 1}};
            const attn::matrix grad_output = {{1, 2}, {3, -1}};
            const auto relu = attn::feed_forward_backward(input, w1, std::nullopt, w2, std::nullopt,
                                                          attn::activation::relu, grad_output);
            const auto gelu = attn::feed_forward_backward(input, w1, std::nullopt, w2, std::nullopt,
                                                          attn::activation::gelu, grad_output);
            for (std::size_t j = 0; j < 3; ++j)
            {
                CHECK(relu.grad_hidden(0, j) == 0.0);
                CHECK(gelu.grad_hidden(0, j) == 0.5 * gelu.grad_activated(0, j));
            }
        }
    }

    TEST_CASE("an omitted bias has no gradient and a given one sums the gradient over rows",
              "[feed-forward][backward]")
    {
        const network n;
        const auto without = attn::feed_forward_backward(
            n.input, n.w1, std::nullopt, n.w2, std::nullopt, attn::activation::relu, n.grad_output);
        CHECK(without.grad_b1.size() == 0);
        CHECK(without.grad_b2.size() == 0);
        const auto with = attn::feed_forward_backward(n.input, n.w1, n.b1, n.w2, n.b2,
                                                      attn::activation::relu, n.grad_output);
        check_vector_near(with.grad_b2, attn::vector(xt::sum(n.grad_output, {0})), 1e-15);
        check_vector_near(with.grad_b1, attn::vector(xt::sum(with.grad_hidden, {0})), 1e-15);
    }

    TEST_CASE("the feed-forward backward pass from a forward trace equals the checked operation "
              "bit for bit",
              "[feed-forward][backward]")
    {
        const network n;
        const auto checked = attn::feed_forward_backward(n.input, n.w1, n.b1, n.w2, n.b2,
                                                         attn::activation::gelu, n.grad_output);
        const auto forward =
            attn::feed_forward(n.input, n.w1, n.b1, n.w2, n.b2, attn::activation::gelu);
        const auto from = attn::detail::feed_forward_backward_from(
            n.input, n.w1, n.w2, forward, attn::activation::gelu, n.grad_output);
        CHECK_THAT(from.grad_input, attn_test::MatrixEquals(checked.grad_input));
        CHECK_THAT(from.grad_w1, attn_test::MatrixEquals(checked.grad_w1));
        CHECK_THAT(from.grad_w2, attn_test::MatrixEquals(checked.grad_w2));
        CHECK_THAT(from.grad_b1, attn_test::VectorEquals(checked.grad_b1));
        CHECK_THAT(from.grad_b2, attn_test::VectorEquals(checked.grad_b2));
    }

    TEST_CASE("a bad feed-forward gradient or argument is refused with a message naming it",
              "[feed-forward][backward][errors]")
    {
        const network n;
        const auto run = [&](const attn::matrix& w2, const attn::matrix& grad_output)
        {
            return attn::feed_forward_backward(n.input, n.w1, n.b1, w2, n.b2,
                                               attn::activation::relu, grad_output);
        };
        SECTION("a gradOutput of another shape than the output")
        {
            CHECK_THROWS_MATCHES(run(n.w2, attn_test::sample(3, 6)), attn::attention_error,
                                 Message("gradOutput: expected a matrix of shape 3×4 (the shape of "
                                         "output, n × d_model), got 3×6"));
        }
        SECTION("a gradOutput that is not finite")
        {
            attn::matrix bad = n.grad_output;
            bad(2, 3) = -INFINITY;
            CHECK_THROWS_MATCHES(
                run(n.w2, bad), attn::attention_error,
                Message("gradOutput[2][3]: expected a finite number, got -Infinity"));
        }
        SECTION("the forward's arguments keep the forward's checks and names")
        {
            CHECK_THROWS_MATCHES(
                run(attn_test::sample(4, 4), n.grad_output), attn::attention_error,
                Message("w2: expected a matrix of shape 6×4 (d_ff × d_model), got 4×4"));
        }
        SECTION("a gradOutput so large that the weight gradient overflows")
        {
            attn::matrix huge = n.grad_output * 0.0;
            huge(0, 0) = 1e308;
            huge(1, 0) = 1e308;
            huge(2, 0) = 1e308;
            CHECK_THROWS_WITH(run(n.w2, huge), Catch::Matchers::StartsWith(
                                                   "gradOutput: expected values small enough for "
                                                   "gradB2 to stay within double range"));
        }
    }

    TEST_CASE("the weight gradients equal matmul of the transposed input bit for bit",
              "[feed-forward][backward]")
    {
        // The kernel forms inputᵀ·gradHidden without transposing; the sums must still run in
        // matmul's order, so native and wasm agree to the bit.
        const network n;
        const auto t = attn::feed_forward_backward(n.input, n.w1, n.b1, n.w2, n.b2,
                                                   attn::activation::gelu, n.grad_output);
        const attn::matrix input_t = xt::transpose(n.input);
        CHECK_THAT(t.grad_w1, attn_test::MatrixEquals(attn::matmul(input_t, t.grad_hidden)));
        const attn::matrix activated_t = xt::transpose(
            attn::feed_forward(n.input, n.w1, n.b1, n.w2, n.b2, attn::activation::gelu).activated);
        CHECK_THAT(t.grad_w2, attn_test::MatrixEquals(attn::matmul(activated_t, n.grad_output)));
    }
} // namespace feed_forward_backward_tests
