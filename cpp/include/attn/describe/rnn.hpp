#ifndef ATTN_DESCRIBE_RNN_HPP
#define ATTN_DESCRIBE_RNN_HPP

#include "attn/describe/common_arguments.hpp"
#include "attn/rnn.hpp"

namespace attn::describe
{
    template <> struct fields_of<rnn_trace>
    {
        static constexpr const char* type_name = "RnnForwardTrace";
        template <class V> static void visit(const rnn_trace& t, V& v)
        {
            v.field("wX", t.w_x, "d × hidden, as used");
            v.field("wH", t.w_h, "hidden × hidden, as used");
            v.optional("b", t.b, t.b.size() != 0, "only when given");
            v.field("states", t.states, "n × hidden: row t = tanh(x_t·W_x + h_{t−1}·W_h + b)");
            v.field("multiplyAdds", t.multiply_adds, "n·(d·hidden + hidden²), step after step");
            v.field("peakCells", t.peak_cells, "the states, n·hidden");
        }
    };

    struct rnn_forward_operation
    {
        static constexpr const char* name = "rnnForward";
        static constexpr const char* title = "A minimal recurrent network (Elman)";
        static constexpr argument input = sequence_matrix_argument("input", "n × d", "one row per step, n ≤ 4096");
        static constexpr argument hidden = optional_integer(
            "hidden", size_low, size_high, "width of the state h", 0, "d");
        static constexpr argument w_x =
            optional_matrix("wX", "d × hidden", "input weights", xavier);
        static constexpr argument w_h =
            optional_matrix("wH", "hidden × hidden", "recurrent weights", xavier);
        static constexpr argument b = optional_vector("b", "hidden", "bias", "no bias");
        static constexpr argument arguments[] = {input, hidden, seed, w_x, w_h, b};

        template <class In> static rnn_trace run(In& in)
        {
            const matrix x = in.matrix(input);
            rnn_options options;
            options.hidden = in.optional_integer(hidden);
            options.seed = read_seed(in);
            rnn_params params;
            params.w_x = in.optional_matrix(w_x);
            params.w_h = in.optional_matrix(w_h);
            params.b = in.optional_vector(b);
            return rnn_forward(x, params, options);
        }
    };
} // namespace attn::describe

#endif
