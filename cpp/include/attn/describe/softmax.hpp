#ifndef ATTN_DESCRIBE_SOFTMAX_HPP
#define ATTN_DESCRIBE_SOFTMAX_HPP

#include "attn/describe/argument.hpp"
#include "attn/describe/fields.hpp"
#include "attn/softmax.hpp"

namespace attn::describe
{
    /// A softmax trace's intermediates without its weights: inside an attention trace the
    /// weights are given once, at its top.
    struct softmax_steps
    {
        const softmax_trace& trace;
    };

    template <> struct fields_of<softmax_steps>
    {
        static constexpr const char* type_name = "SoftmaxSteps";
        template <class V> static void visit(const softmax_steps& s, V& v)
        {
            v.field("rowMax", s.trace.row_max, "max of each row; −∞ for a row that is all −∞");
            v.field("exps", s.trace.exps, "exp(x − rowMax)");
            v.field("rowSum", s.trace.row_sum, "Σ exps per row; 0 for an all −∞ row");
        }
    };

    template <> struct fields_of<softmax_trace>
    {
        static constexpr const char* type_name = "SoftmaxTrace";
        template <class V> static void visit(const softmax_trace& t, V& v)
        {
            fields_of<softmax_steps>::visit({t}, v);
            v.field("weights", t.weights, "exps / rowSum; a zero row where rowSum is 0");
        }
    };

    struct softmax_operation
    {
        static constexpr const char* name = "softmax";
        static constexpr const char* title = "Row softmax";
        static constexpr bool lite = true;
        static constexpr argument logits =
            matrix_argument("logits", "n × m", "finite numbers or −∞");
        static constexpr argument arguments[] = {logits};

        template <class In> static softmax_trace run(In& in)
        {
            return softmax_rows(in.matrix(logits));
        }
    };
} // namespace attn::describe

#endif
