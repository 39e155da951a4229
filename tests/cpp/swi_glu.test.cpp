#include <cmath>
#include <limits>

#include <catch2/catch.hpp>

#include "attn/error.hpp"
#include "attn/swi_glu.hpp"
#include "tensor_matchers.hpp"

namespace swi_glu_tests
{
    using Catch::Matchers::Message;
    using Catch::Matchers::WithinAbs;

    TEST_CASE("SiLU is x·σ(x): 0 at 0, about x far above 0, about 0 far below, and finite where "
              "e^(−x) overflows",
              "[swi-glu]")
    {
        CHECK(attn::silu(0.0) == 0.0);
        CHECK(attn::sigmoid(0.0) == 0.5);
        // σ(1) = 1/(1 + 1/e).
        CHECK_THAT(attn::silu(1.0), WithinAbs(1.0 / (1.0 + std::exp(-1.0)), 1e-16));
        CHECK_THAT(attn::silu(40.0), WithinAbs(40.0, 1e-14));
        CHECK_THAT(attn::silu(-40.0), WithinAbs(0.0, 1e-15));
        CHECK(attn::silu(-1000.0) == 0.0);
        CHECK(attn::silu_derivative(0.0) == 0.5);
        CHECK(attn::silu_derivative(-1000.0) == 0.0);
        CHECK(attn::silu_derivative(1000.0) == 1.0);
        // SiLU has its minimum where SiLU′ = 0, near x = −1.2785.
        CHECK_THAT(attn::silu_derivative(-1.2784645427610738), WithinAbs(0.0, 1e-15));
    }

    TEST_CASE("SwiGLU gates x·W_up by SiLU(x·W_gate) cell by cell, then projects with W_down",
              "[swi-glu]")
    {
        const attn::matrix input = attn_test::sample(3, 4);
        const attn::matrix w_gate = 0.8 * attn_test::sample(4, 6, 0.9);
        const attn::matrix w_up = 0.8 * attn_test::sample(4, 6, 2.1);
        const attn::matrix w_down = 0.8 * attn_test::sample(6, 4, 1.4);
        const auto t = attn::swi_glu(input, w_gate, w_up, w_down);
        CHECK_THAT(t.gate, attn_test::MatrixEquals(attn::matmul(input, w_gate)));
        CHECK_THAT(t.up, attn_test::MatrixEquals(attn::matmul(input, w_up)));
        for (std::size_t i = 0; i < 3; ++i)
        {
            for (std::size_t j = 0; j < 6; ++j)
            {
                const double g = t.gate(i, j);
                CHECK_THAT(t.activated(i, j), WithinAbs(g / (1.0 + std::exp(-g)), 1e-15));
                CHECK(t.hidden(i, j) == t.activated(i, j) * t.up(i, j));
            }
        }
        CHECK_THAT(t.output, attn_test::MatrixEquals(attn::matmul(t.hidden, w_down)));
        CHECK(t.output.shape() == input.shape());
    }

    TEST_CASE("a row of zeros gives zeros throughout: no bias moves it", "[swi-glu]")
    {
        const auto t =
            attn::swi_glu(attn::matrix{{0, 0}}, attn::matrix{{1, 2, 3}, {4, 5, 6}},
                          attn::matrix{{1, 1, 1}, {1, 1, 1}}, attn::matrix{{1, 2}, {3, 4}, {5, 6}});
        CHECK_THAT(t.hidden, attn_test::MatrixEquals(attn::matrix{{0, 0, 0}}));
        CHECK_THAT(t.output, attn_test::MatrixEquals(attn::matrix{{0, 0}}));
    }

    TEST_CASE("a bad SwiGLU argument is refused with a message naming it", "[swi-glu][errors]")
    {
        const attn::matrix input = attn_test::sample(3, 4);
        const attn::matrix w = attn_test::sample(4, 6);
        const attn::matrix w_down = attn_test::sample(6, 4);
        SECTION("weights whose shapes do not chain")
        {
            CHECK_THROWS_MATCHES(attn::swi_glu(input, attn_test::sample(5, 6), w, w_down),
                                 attn::attention_error,
                                 Message("wGate: expected a matrix of shape 4×6 (d_model rows, one "
                                         "per input column), got 5×6"));
            CHECK_THROWS_MATCHES(attn::swi_glu(input, w, attn_test::sample(4, 5), w_down),
                                 attn::attention_error,
                                 Message("wUp: expected a matrix of shape 4×6 (the shape of wGate, "
                                         "d_model × d_ff), got 4×5"));
            CHECK_THROWS_MATCHES(attn::swi_glu(input, w, w, attn_test::sample(6, 3)),
                                 attn::attention_error,
                                 Message("wDown: expected a matrix of shape 6×4 (d_ff × d_model), "
                                         "got 6×3"));
        }
        SECTION("numbers that are not finite")
        {
            attn::matrix bad = w;
            bad(2, 1) = -INFINITY;
            CHECK_THROWS_MATCHES(attn::swi_glu(input, w, bad, w_down), attn::attention_error,
                                 Message("wUp[2][1]: expected a finite number, got -Infinity"));
            CHECK_THROWS_MATCHES(attn::swi_glu(input, bad, w, w_down), attn::attention_error,
                                 Message("wGate[2][1]: expected a finite number, got -Infinity"));
            attn::matrix bad_input = input;
            bad_input(0, 0) = std::numeric_limits<double>::quiet_NaN();
            CHECK_THROWS_MATCHES(attn::swi_glu(bad_input, w, w, w_down), attn::attention_error,
                                 Message("input[0][0]: expected a finite number, got NaN"));
        }
        SECTION("values so large that a product overflows")
        {
            const attn::matrix ones = {{1, 1}};
            const attn::matrix huge = {{1e308}, {1e308}};
            const attn::matrix one = {{1}};
            CHECK_THROWS_MATCHES(
                attn::swi_glu(ones, huge, attn::matrix{{1}, {1}}, attn::matrix{{1, 1}}),
                attn::attention_error,
                Message("input: expected values small enough for gate to stay "
                        "within double range, got gate[0][0] = Infinity"));
            CHECK_THROWS_MATCHES(attn::swi_glu(attn::matrix{{1e200}}, one, one, one),
                                 attn::attention_error,
                                 Message("input: expected values small enough for hidden to stay "
                                         "within double range, got hidden[0][0] = Infinity"));
        }
    }
} // namespace swi_glu_tests
