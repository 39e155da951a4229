#include "attn/feed_forward.hpp"

#include <cmath>

#include "attn/error.hpp"

namespace attn
{
    activation parse_activation(const std::string& argument, const std::string& name)
    {
        const std::pair<const char*, activation> choices[] = {{"relu", activation::relu},
                                                              {"gelu", activation::gelu}};
        return detail::parse_choice(argument, name, choices);
    }

    namespace detail
    {
        feed_forward_trace feed_forward_unchecked(const matrix& input, const matrix& w1,
                                                  const vector& b1, const matrix& w2,
                                                  const vector& b2, activation act)
        {
            // Shape contract: input (n × d_model), w1 (d_model × d_ff), w2 (d_ff × d_model)
            // → hidden and activated (n × d_ff), output (n × d_model).
            feed_forward_trace t;
            // pass 1: widen each position to d_ff.
            t.hidden = linear(input, w1, b1);
            check_linear_result("input", "b1", "hidden", input, w1, b1, t.hidden);
            // pass 2: the non-linearity, applied cell by cell.
            t.activated = t.hidden;
            for (double& x : t.activated)
            {
                x = act == activation::relu ? (x > 0 ? x : 0.0)
                                            : 0.5 * x * (1.0 + std::erf(x / std::sqrt(2.0)));
            }
            // pass 3: back to d_model.
            t.output = linear(t.activated, w2, b2);
            check_linear_result("w2", "b2", "output", t.activated, w2, b2, t.output);
            return t;
        }
    } // namespace detail

    feed_forward_trace feed_forward(const matrix& input, const matrix& w1,
                                    const std::optional<vector>& b1, const matrix& w2,
                                    const std::optional<vector>& b2, activation act)
    {
        detail::check_matrix("input", input);
        detail::check_matrix("w1", w1);
        const std::size_t d_model = cols(input), d_ff = cols(w1);
        detail::check_matrix_shape("w1", w1, d_model, d_ff, "d_model rows, one per input column");
        detail::check_matrix_shape("w2", w2, d_ff, d_model, "d_ff × d_model");
        if (b1)
        {
            detail::check_vector("b1", *b1, d_ff, "d_ff, one per column of w1");
        }
        if (b2)
        {
            detail::check_vector("b2", *b2, d_model, "d_model, one per column of w2");
        }
        return detail::feed_forward_unchecked(input, w1, b1 ? *b1 : vector{}, w2,
                                              b2 ? *b2 : vector{}, act);
    }
} // namespace attn
