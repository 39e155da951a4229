#ifndef ATTN_DESCRIBE_ENTROPY_HPP
#define ATTN_DESCRIBE_ENTROPY_HPP

#include "attn/describe/argument.hpp"
#include "attn/describe/fields.hpp"
#include "attn/entropy.hpp"

namespace attn::describe
{
    template <> struct fields_of<entropy_trace>
    {
        static constexpr const char* type_name = "EntropyTrace";
        template <class V> static void visit(const entropy_trace& t, V& v)
        {
            v.field("entropy", t.entropy, "per row, −Σ w·ln w in nats");
            v.field("maxEntropy", t.max_entropy, "ln m, the entropy of uniform weights");
            v.field("meanEntropy", t.mean_entropy, "over all rows");
            v.field("minEntropy", t.min_entropy, "the smallest entry of entropy");
            v.field("maxRowEntropy", t.max_row_entropy, "the largest entry of entropy");
        }
    };

    struct attention_entropy_operation
    {
        static constexpr const char* name = "attentionEntropy";
        static constexpr const char* title = "Entropy";
        static constexpr bool lite = true;
        static constexpr argument weights = matrix_argument(
            "weights", "n × m", "rows ≥ 0 summing to 1, or all zero (a fully masked row)");
        static constexpr argument arguments[] = {weights};

        template <class In> static entropy_trace run(In& in)
        {
            return attention_entropy(in.matrix(weights));
        }
    };
} // namespace attn::describe

#endif
