#include "attn/rnn.hpp"

#include <cmath>
#include <string>

#include "attn/error.hpp"
#include "attn/random.hpp"

namespace attn
{
    namespace
    {
        matrix weight_or_xavier(const std::optional<matrix>& given, const char* name,
                                std::size_t rows, std::size_t cols, const char* shape,
                                std::uint32_t seed, parameter_stream stream)
        {
            if (!given)
            {
                return xavier_uniform(rows, cols, seed, stream);
            }
            detail::check_matrix_shape(name, *given, rows, cols, shape);
            return *given;
        }
    } // namespace

    rnn_trace rnn_forward(const matrix& input, const rnn_params& params,
                          const rnn_options& options)
    {
        // Shape contract: input (n × d), W_x (d × h), W_h (h × h), b (h) → states (n × h).
        detail::check_matrix("input", input);
        const std::size_t n = rows(input), d = cols(input);
        const std::size_t h = options.hidden.value_or(d);
        detail::check_dimension("hidden", h);
        rnn_trace t;
        t.w_x = weight_or_xavier(params.w_x, "wX", d, h, "d × hidden", options.seed,
                                 parameter_stream::rnn_w_x);
        t.w_h = weight_or_xavier(params.w_h, "wH", h, h, "hidden × hidden", options.seed,
                                 parameter_stream::rnn_w_h);
        if (params.b)
        {
            detail::check_vector("b", *params.b, h, "hidden, one per column of wX");
            t.b = *params.b;
        }
        t.multiply_adds = static_cast<double>(n) * static_cast<double>(d * h + h * h);
        t.peak_cells = n * h;
        t.states = xt::empty<double>({n, h});

        const double* x = input.data();
        const double* w_x = t.w_x.data();
        const double* w_h = t.w_h.data();
        double* states = t.states.data();
        for (std::size_t step = 0; step < n; ++step)
        {
            double* a = states + step * h; // the pre-activation, then h_t in place
            // pass 1: a = b (or 0).
            for (std::size_t j = 0; j < h; ++j)
            {
                a[j] = t.b.size() != 0 ? t.b(j) : 0.0;
            }
            // pass 2: a += x_t·W_x, the input's share.
            for (std::size_t c = 0; c < d; ++c)
            {
                const double x_c = x[step * d + c];
                const double* w_row = w_x + c * h;
                for (std::size_t j = 0; j < h; ++j)
                {
                    a[j] += x_c * w_row[j];
                }
            }
            // pass 3: a += h_{t−1}·W_h, the memory's share; h_0 = 0 adds nothing. This is the
            // step that cannot start before the previous one ends.
            if (step > 0)
            {
                const double* previous = states + (step - 1) * h;
                for (std::size_t c = 0; c < h; ++c)
                {
                    const double h_c = previous[c];
                    const double* w_row = w_h + c * h;
                    for (std::size_t j = 0; j < h; ++j)
                    {
                        a[j] += h_c * w_row[j];
                    }
                }
            }
            // pass 4: h_t = tanh(a), squashed into (−1, 1), so the state never grows.
            for (std::size_t j = 0; j < h; ++j)
            {
                if (std::isnan(a[j]))
                {
                    // +∞ and −∞ products met: inputs or weights near the top of double range.
                    detail::fail("input",
                                 "values small enough for x·W_x + h·W_h + b to stay within "
                                 "double range",
                                 "NaN at step " + std::to_string(step) + ", unit " +
                                     std::to_string(j));
                }
                a[j] = std::tanh(a[j]);
            }
        }
        return t;
    }
} // namespace attn
