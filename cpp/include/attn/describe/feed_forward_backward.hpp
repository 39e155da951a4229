#ifndef ATTN_DESCRIBE_FEED_FORWARD_BACKWARD_HPP
#define ATTN_DESCRIBE_FEED_FORWARD_BACKWARD_HPP

#include "attn/describe/feed_forward.hpp"
#include "attn/feed_forward_backward.hpp"

namespace attn::describe
{
    template <> struct fields_of<feed_forward_backward_trace>
    {
        static constexpr const char* type_name = "FeedForwardBackwardTrace";
        template <class V> static void visit(const feed_forward_backward_trace& t, V& v)
        {
            v.field("gradOutput", t.grad_output, "∂L/∂output, as given");
            // An omitted bias has no gradient: absent, not zeros.
            v.optional("gradB2", t.grad_b2, t.grad_b2.size() != 0,
                       "pass 1: Σ over rows of gradOutput; only when b2 was given");
            v.field("gradW2", t.grad_w2, "pass 1: activatedᵀ·gradOutput");
            v.field("gradActivated", t.grad_activated, "pass 1: gradOutput·W2ᵀ");
            v.field("gradHidden", t.grad_hidden,
                    "pass 2: gradActivated ∘ activation′(hidden); ReLU′(0) = 0, "
                    "GELU′(x) = Φ(x) + x·φ(x)");
            v.optional("gradB1", t.grad_b1, t.grad_b1.size() != 0,
                       "pass 3: Σ over rows of gradHidden; only when b1 was given");
            v.field("gradW1", t.grad_w1, "pass 3: inputᵀ·gradHidden");
            v.field("gradInput", t.grad_input, "pass 3: gradHidden·W1ᵀ");
        }
    };

    /// The forward's arguments, then gradOutput.
    struct feed_forward_backward_operation
    {
        static constexpr const char* name = "feedForwardBackward";
        static constexpr const char* title = "Feed-forward, backward";
        static constexpr argument grad_output =
            matrix_argument("gradOutput", "n × d_model", "∂L/∂output, one row per token");
        static constexpr argument arguments[] = {
            feed_forward_operation::input, feed_forward_operation::w1, feed_forward_operation::b1,
            feed_forward_operation::w2,    feed_forward_operation::b2, activation_choice,
            grad_output};

        template <class In> static feed_forward_backward_trace run(In& in)
        {
            const matrix x = in.matrix(feed_forward_operation::input);
            const matrix first = in.matrix(feed_forward_operation::w1);
            const auto first_bias = in.optional_vector(feed_forward_operation::b1);
            const matrix second = in.matrix(feed_forward_operation::w2);
            const auto second_bias = in.optional_vector(feed_forward_operation::b2);
            const activation act =
                parse_activation(activation_choice.name, in.choice(activation_choice));
            return feed_forward_backward(x, first, first_bias, second, second_bias, act,
                                         in.matrix(grad_output));
        }
    };
} // namespace attn::describe

#endif
