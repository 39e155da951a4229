#ifndef ATTN_DESCRIBE_CROSS_ENTROPY_HPP
#define ATTN_DESCRIBE_CROSS_ENTROPY_HPP

#include "attn/cross_entropy.hpp"
#include "attn/describe/argument.hpp"
#include "attn/describe/fields.hpp"

namespace attn::describe
{
    template <> struct fields_of<cross_entropy_trace>
    {
        static constexpr const char* type_name = "CrossEntropyTrace";
        template <class V> static void visit(const cross_entropy_trace& t, V& v)
        {
            v.field("loss", t.loss, "pass 3: the mean of rowLosses");
            v.field("rowLosses", t.row_losses, "pass 2: −ln probabilities[i][targets[i]]");
            v.field("probabilities", t.probabilities, "pass 1: row softmax of the logits");
            v.field("gradLogits", t.grad_logits,
                    "pass 4: ∂loss/∂logits = (probabilities − onehot) / n");
        }
    };

    struct cross_entropy_operation
    {
        static constexpr const char* name = "crossEntropy";
        static constexpr const char* title = "Cross-entropy loss and its gradient";
        static constexpr argument logits =
            matrix_argument("logits", "n × c", "finite numbers, one column per class");
        static constexpr argument targets =
            indices_argument("targets", "n", "each row's class, a whole number from 0 to c − 1");
        static constexpr argument arguments[] = {logits, targets};

        template <class In> static cross_entropy_trace run(In& in)
        {
            const matrix x = in.matrix(logits);
            return cross_entropy(x, in.vector(targets));
        }
    };
} // namespace attn::describe

#endif
