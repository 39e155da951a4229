#include <cmath>

#include <catch2/catch.hpp>

#include "attn/error.hpp"
#include "attn/random.hpp"
#include "attn/rnn.hpp"
#include "tensor_matchers.hpp"

namespace rnn_tests
{
    using Catch::Matchers::WithinAbs;

    TEST_CASE("each state is tanh(x_t·W_x + h_{t−1}·W_h + b), starting from h_0 = 0", "[rnn]")
    {
        const attn::matrix input = {{1, 0}, {0.5, -1}, {2, 1}};
        attn::rnn_params p;
        p.w_x = attn::matrix{{0.5, -0.2, 0.1}, {0.3, 0.4, -0.6}};
        p.w_h = attn::matrix{{0.1, 0.2, 0.0}, {-0.3, 0.1, 0.5}, {0.2, 0.0, -0.1}};
        p.b = attn::vector{0.05, -0.05, 0.0};
        attn::rnn_options o;
        o.hidden = 3;
        const auto t = attn::rnn_forward(input, p, o);
        attn::vector h = xt::zeros<double>({3});
        for (std::size_t step = 0; step < 3; ++step)
        {
            attn::vector next = xt::zeros<double>({3});
            for (std::size_t j = 0; j < 3; ++j)
            {
                double a = (*p.b)(j);
                for (std::size_t c = 0; c < 2; ++c)
                    a += input(step, c) * (*p.w_x)(c, j);
                for (std::size_t c = 0; c < 3; ++c)
                    a += h(c) * (*p.w_h)(c, j);
                next(j) = std::tanh(a);
            }
            h = next;
            for (std::size_t j = 0; j < 3; ++j)
                CHECK_THAT(t.states(step, j), WithinAbs(h(j), 1e-15));
        }
        CHECK(t.multiply_adds == 3 * (2 * 3 + 3 * 3));
        CHECK(t.peak_cells == 9);
    }

    TEST_CASE(
        "omitted weights are seeded Xavier draws from streams 13 and 14, hidden defaults to d",
        "[rnn]")
    {
        const attn::matrix input = attn_test::sample(4, 3);
        attn::rnn_options o;
        o.seed = 5;
        const auto t = attn::rnn_forward(input, {}, o);
        CHECK_THAT(t.w_x, attn_test::MatrixEquals(
                              attn::xavier_uniform(3, 3, 5, attn::parameter_stream::rnn_w_x)));
        CHECK_THAT(t.w_h, attn_test::MatrixEquals(
                              attn::xavier_uniform(3, 3, 5, attn::parameter_stream::rnn_w_h)));
        CHECK(t.b.size() == 0);
        CHECK(t.states.shape()[1] == 3);
        CHECK(xt::all(xt::abs(t.states) < 1));
    }

    TEST_CASE("the recurrent network names the argument of every bad input", "[rnn][errors]")
    {
        const attn::matrix input = attn_test::sample(3, 2);
        attn::rnn_options zero;
        zero.hidden = 0;
        REQUIRE_THROWS_WITH(attn::rnn_forward(input, {}, zero),
                            "hidden: expected a size from 1 to 1024, got 0");
        attn::rnn_params wrong_x;
        wrong_x.w_x = attn_test::sample(3, 2);
        REQUIRE_THROWS_WITH(attn::rnn_forward(input, wrong_x),
                            Catch::Matchers::StartsWith("wX: expected"));
        attn::rnn_params wrong_h;
        wrong_h.w_h = attn_test::sample(2, 3);
        REQUIRE_THROWS_WITH(attn::rnn_forward(input, wrong_h),
                            Catch::Matchers::StartsWith("wH: expected"));
        attn::rnn_params wrong_b;
        wrong_b.b = attn::vector{1, 2, 3};
        REQUIRE_THROWS_WITH(attn::rnn_forward(input, wrong_b),
                            Catch::Matchers::StartsWith("b: expected"));
    }

    TEST_CASE("the recurrent network steps through 4096 inputs and refuses 4097", "[rnn][limits]")
    {
        const auto t = attn::rnn_forward(attn_test::sample(4096, 4), {});
        CHECK(t.peak_cells == 4096 * 4);
        CHECK_THAT(t.states, attn_test::AllFinite());
        REQUIRE_THROWS_WITH(attn::rnn_forward(attn_test::sample(4097, 4), {}),
                            "input: expected at most 4096 rows and 1024 columns, got 4097×4");
    }
} // namespace rnn_tests
