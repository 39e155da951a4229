#include "attn/swi_glu.hpp"

#include <cmath>

#include "attn/error.hpp"

namespace attn
{
    double sigmoid(double x)
    {
        return 1.0 / (1.0 + std::exp(-x));
    }

    double silu(double x)
    {
        return x * sigmoid(x);
    }

    double silu_derivative(double x)
    {
        // d/dx [x·σ(x)] = σ(x) + x·σ(x)·(1 − σ(x)).
        const double s = sigmoid(x);
        return s * (1.0 + x * (1.0 - s));
    }

    namespace detail
    {
        swi_glu_trace swi_glu_unchecked(const matrix& input, const matrix& w_gate,
                                        const matrix& w_up, const matrix& w_down)
        {
            // Shape contract: input (n × d_model), w_gate and w_up (d_model × d_ff), w_down
            // (d_ff × d_model) → gate, up, activated, hidden (n × d_ff), output (n × d_model).
            swi_glu_trace t;
            // pass 1: two projections of each position to d_ff, the gate and the value it gates.
            t.gate = matmul(input, w_gate);
            check_finite_result("input", "gate", t.gate);
            t.up = matmul(input, w_up);
            check_finite_result("input", "up", t.up);
            // pass 2: SiLU of the gate, cell by cell, x·σ(x); then the gate multiplies up.
            t.sigmoid = t.gate;
            for (double& x : t.sigmoid)
            {
                x = sigmoid(x);
            }
            t.activated = t.gate * t.sigmoid;
            t.hidden = t.activated * t.up;
            check_finite_result("input", "hidden", t.hidden);
            // pass 3: back to d_model.
            t.output = matmul(t.hidden, w_down);
            check_finite_result("wDown", "output", t.output);
            return t;
        }
    } // namespace detail

    swi_glu_trace swi_glu(const matrix& input, const matrix& w_gate, const matrix& w_up,
                          const matrix& w_down)
    {
        detail::check_matrix("input", input);
        detail::check_matrix("wGate", w_gate);
        const std::size_t d_model = cols(input), d_ff = cols(w_gate);
        detail::check_matrix_shape("wGate", w_gate, d_model, d_ff,
                                   "d_model rows, one per input column");
        detail::check_matrix_shape("wUp", w_up, d_model, d_ff,
                                   "the shape of wGate, d_model × d_ff");
        detail::check_matrix_shape("wDown", w_down, d_ff, d_model, "d_ff × d_model");
        return detail::swi_glu_unchecked(input, w_gate, w_up, w_down);
    }
} // namespace attn
