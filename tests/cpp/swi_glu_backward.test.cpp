#include <cmath>
#include <limits>

#include <catch2/catch.hpp>

#include "attn/error.hpp"
#include "attn/swi_glu_backward.hpp"
#include "numeric_gradient.hpp"
#include "tensor_matchers.hpp"

namespace swi_glu_backward_tests
{
    using Catch::Matchers::Message;
    using Catch::Matchers::WithinAbs;

    namespace
    {
        struct network
        {
            attn::matrix input = attn_test::sample(3, 4);
            attn::matrix w_gate = 0.8 * attn_test::sample(4, 6, 0.9);
            attn::matrix w_up = 0.8 * attn_test::sample(4, 6, 2.1);
            attn::matrix w_down = 0.8 * attn_test::sample(6, 4, 1.4);
            attn::matrix grad_output = attn_test::sample(3, 4, 3.1);

            double loss(const attn::matrix& x, const attn::matrix& gate, const attn::matrix& up,
                        const attn::matrix& down) const
            {
                return attn_test::weighted_sum(attn::swi_glu(x, gate, up, down).output,
                                               grad_output);
            }
        };
    } // namespace

    TEST_CASE("every SwiGLU gradient matches a central finite difference of Σ output ∘ gradOutput",
              "[swi-glu][backward]")
    {
        const network n;
        const auto t = attn::swi_glu_backward(n.input, n.w_gate, n.w_up, n.w_down, n.grad_output);
        const double margin = 1e-8;
        CHECK_THAT(t.grad_input, attn_test::MatrixWithinAbs(
                                     attn_test::numeric_gradient(
                                         n.input, [&](const attn::matrix& x)
                                         { return n.loss(x, n.w_gate, n.w_up, n.w_down); }),
                                     margin));
        CHECK_THAT(t.grad_w_gate,
                   attn_test::MatrixWithinAbs(attn_test::numeric_gradient(
                                                  n.w_gate, [&](const attn::matrix& w)
                                                  { return n.loss(n.input, w, n.w_up, n.w_down); }),
                                              margin));
        CHECK_THAT(t.grad_w_up, attn_test::MatrixWithinAbs(
                                    attn_test::numeric_gradient(
                                        n.w_up, [&](const attn::matrix& w)
                                        { return n.loss(n.input, n.w_gate, w, n.w_down); }),
                                    margin));
        CHECK_THAT(t.grad_w_down,
                   attn_test::MatrixWithinAbs(attn_test::numeric_gradient(
                                                  n.w_down, [&](const attn::matrix& w)
                                                  { return n.loss(n.input, n.w_gate, n.w_up, w); }),
                                              margin));
        CHECK_THAT(t.grad_output, attn_test::MatrixEquals(n.grad_output));
    }

    TEST_CASE("gradGate and gradUp match finite differences of the loss in gate and up, with the "
              "other held",
              "[swi-glu][backward]")
    {
        const network n;
        const auto forward = attn::swi_glu(n.input, n.w_gate, n.w_up, n.w_down);
        const auto t = attn::swi_glu_backward(n.input, n.w_gate, n.w_up, n.w_down, n.grad_output);
        const auto from_gate_and_up = [&](const attn::matrix& gate, const attn::matrix& up)
        {
            attn::matrix hidden = gate;
            for (std::size_t k = 0; k < hidden.size(); ++k)
            {
                hidden.data()[k] = attn::silu(gate.data()[k]) * up.data()[k];
            }
            return attn_test::weighted_sum(attn::matmul(hidden, n.w_down), n.grad_output);
        };
        CHECK_THAT(t.grad_gate,
                   attn_test::MatrixWithinAbs(
                       attn_test::numeric_gradient(forward.gate, [&](const attn::matrix& g)
                                                   { return from_gate_and_up(g, forward.up); }),
                       1e-8));
        CHECK_THAT(t.grad_up,
                   attn_test::MatrixWithinAbs(
                       attn_test::numeric_gradient(forward.up, [&](const attn::matrix& u)
                                                   { return from_gate_and_up(forward.gate, u); }),
                       1e-8));
        for (std::size_t k = 0; k < t.grad_hidden.size(); ++k)
        {
            CHECK(t.grad_activated.data()[k] == t.grad_hidden.data()[k] * forward.up.data()[k]);
            CHECK(t.grad_up.data()[k] == t.grad_hidden.data()[k] * forward.activated.data()[k]);
        }
    }

    TEST_CASE("SiLU′ matches a finite difference of SiLU across its range", "[swi-glu][backward]")
    {
        for (const double x : {-30.0, -5.0, -1.2, -0.3, 0.0, 0.4, 2.0, 7.5, 30.0})
        {
            CAPTURE(x);
            const double h = 1e-5;
            CHECK_THAT(attn::silu_derivative(x),
                       WithinAbs((attn::silu(x + h) - attn::silu(x - h)) / (2 * h), 1e-9));
        }
    }

    TEST_CASE("the SwiGLU backward pass from a forward trace equals the checked operation bit for "
              "bit",
              "[swi-glu][backward]")
    {
        const network n;
        const auto checked =
            attn::swi_glu_backward(n.input, n.w_gate, n.w_up, n.w_down, n.grad_output);
        const auto from = attn::detail::swi_glu_backward_from(
            n.input, n.w_gate, n.w_up, n.w_down, attn::swi_glu(n.input, n.w_gate, n.w_up, n.w_down),
            n.grad_output);
        CHECK_THAT(from.grad_input, attn_test::MatrixEquals(checked.grad_input));
        CHECK_THAT(from.grad_w_gate, attn_test::MatrixEquals(checked.grad_w_gate));
        CHECK_THAT(from.grad_w_up, attn_test::MatrixEquals(checked.grad_w_up));
        CHECK_THAT(from.grad_w_down, attn_test::MatrixEquals(checked.grad_w_down));
        CHECK_THAT(from.grad_gate, attn_test::MatrixEquals(checked.grad_gate));
    }

    TEST_CASE("the SwiGLU weight gradients equal matmul of the transposed input bit for bit",
              "[swi-glu][backward]")
    {
        // The kernel forms inputᵀ·gradGate without transposing; the sums must still run in
        // matmul's order, so native and wasm agree to the bit.
        const network n;
        const auto t = attn::swi_glu_backward(n.input, n.w_gate, n.w_up, n.w_down, n.grad_output);
        const attn::matrix input_t = xt::transpose(n.input);
        CHECK_THAT(t.grad_w_gate, attn_test::MatrixEquals(attn::matmul(input_t, t.grad_gate)));
        CHECK_THAT(t.grad_w_up, attn_test::MatrixEquals(attn::matmul(input_t, t.grad_up)));
        const attn::matrix hidden_t =
            xt::transpose(attn::swi_glu(n.input, n.w_gate, n.w_up, n.w_down).hidden);
        CHECK_THAT(t.grad_w_down, attn_test::MatrixEquals(attn::matmul(hidden_t, n.grad_output)));
    }

    TEST_CASE("a bad SwiGLU gradient or argument is refused with a message naming it",
              "[swi-glu][backward][errors]")
    {
        const network n;
        SECTION("a gradOutput of another shape than the output")
        {
            CHECK_THROWS_MATCHES(
                attn::swi_glu_backward(n.input, n.w_gate, n.w_up, n.w_down,
                                       attn_test::sample(3, 6)),
                attn::attention_error,
                Message("gradOutput: expected a matrix of shape 3×4 (the shape of output, n × "
                        "d_model), got 3×6"));
        }
        SECTION("a gradOutput that is not finite")
        {
            attn::matrix bad = n.grad_output;
            bad(2, 3) = INFINITY;
            CHECK_THROWS_MATCHES(
                attn::swi_glu_backward(n.input, n.w_gate, n.w_up, n.w_down, bad),
                attn::attention_error,
                Message("gradOutput[2][3]: expected a finite number, got Infinity"));
        }
        SECTION("the forward's arguments keep the forward's checks and names")
        {
            CHECK_THROWS_MATCHES(
                attn::swi_glu_backward(n.input, n.w_gate, n.w_up, attn_test::sample(4, 4),
                                       n.grad_output),
                attn::attention_error,
                Message("wDown: expected a matrix of shape 6×4 (d_ff × d_model), got 4×4"));
        }
        SECTION("a gradOutput so large that the weight gradient overflows")
        {
            // hidden = SiLU(10)·10 ≈ 99.995, so gradWDown = hidden·1e307 is past the double range.
            const attn::matrix ten = {{10}};
            CHECK_THROWS_MATCHES(
                attn::swi_glu_backward(attn::matrix{{1}}, ten, ten, ten, attn::matrix{{1e307}}),
                attn::attention_error,
                Message("gradOutput: expected values small enough for gradWDown to stay within "
                        "double range, got gradWDown[0][0] = Infinity"));
        }
    }
} // namespace swi_glu_backward_tests
