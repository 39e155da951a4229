#ifndef ATTN_DESCRIBE_FEED_FORWARD_HPP
#define ATTN_DESCRIBE_FEED_FORWARD_HPP

#include "attn/describe/argument.hpp"
#include "attn/describe/fields.hpp"
#include "attn/feed_forward.hpp"

namespace attn::describe
{
    constexpr choice_set activations{"activation", "relu|gelu",
                                     "the feed-forward network's activation function"};
    constexpr argument activation_choice = choice_argument(
        "activation", activations, true, "relu, or exact GELU 0.5·x·(1 + erf(x/√2))");

    template <> struct fields_of<feed_forward_trace>
    {
        static constexpr const char* type_name = "FeedForwardTrace";
        template <class V> static void visit(const feed_forward_trace& t, V& v)
        {
            v.field("hidden", t.hidden, "x·W1 + b1");
            v.field("activated", t.activated, "activation(hidden)");
            v.field("output", t.output, "activated·W2 + b2");
        }
    };

    struct feed_forward_operation
    {
        static constexpr const char* name = "feedForward";
        static constexpr const char* title = "Feed-forward";
        static constexpr bool lite = true;
        static constexpr argument input =
            matrix_argument("input", "n × d_model", "one row per token");
        static constexpr argument w1 = matrix_argument("w1", "d_model × d_ff", "first layer");
        static constexpr argument b1 = optional_vector("b1", "d_ff", "first bias", "no bias");
        static constexpr argument w2 = matrix_argument("w2", "d_ff × d_model", "second layer");
        static constexpr argument b2 = optional_vector("b2", "d_model", "second bias", "no bias");
        static constexpr argument arguments[] = {input, w1, b1, w2, b2, activation_choice};

        template <class In> static feed_forward_trace run(In& in)
        {
            const matrix x = in.matrix(input), first = in.matrix(w1);
            const auto first_bias = in.optional_vector(b1);
            const matrix second = in.matrix(w2);
            const auto second_bias = in.optional_vector(b2);
            const activation act =
                parse_activation(activation_choice.name, in.choice(activation_choice));
            return feed_forward(x, first, first_bias, second, second_bias, act);
        }
    };
} // namespace attn::describe

#endif
