#ifndef ATTN_DESCRIBE_ATTENTION_HPP
#define ATTN_DESCRIBE_ATTENTION_HPP

#include "attn/attention.hpp"
#include "attn/describe/common_arguments.hpp"
#include "attn/describe/softmax.hpp"

namespace attn::describe
{
    /// An attention_trace's bias and biased scores are described by the one caller that adds a
    /// bias, multi-head attention under ALiBi (HeadTrace), so plain attention's type has none.
    template <> struct fields_of<attention_trace>
    {
        static constexpr const char* type_name = "AttentionTrace";
        template <class V> static void visit(const attention_trace& t, V& v)
        {
            v.field("scores", t.scores, "pass 1: Q·Kᵀ");
            v.field("sqrtDk", t.sqrt_d_k, "√d_k, the divisor of pass 2");
            v.field("scaled", t.scaled, "pass 2: scores / √d_k");
            v.optional("mask", t.mask, t.has_mask, "0/1, 1 = attend; only with a mask");
            v.optional("masked", t.masked, t.has_mask,
                       "pass 3: scaled with blocked cells = maskFill; only with a mask");
            v.field("softmax", softmax_steps{t.softmax}, "pass 4 intermediates");
            v.field("weights", t.weights, "pass 4: row softmax");
            v.field("weightSums", t.weight_sums, "each row's Σ: 1, or 0 when fully masked");
            v.optional("dropoutMask", t.dropout_mask, t.has_dropout,
                       "0 or 1/(1 − p) per weight; only with dropout");
            v.optional("droppedWeights", t.dropped_weights, t.has_dropout,
                       "weights ∘ dropoutMask; only with dropout");
            v.field("output", t.output, "pass 5: weights·V (droppedWeights·V with dropout)");
            v.field("fullyMaskedRows", t.fully_masked_rows, "rows whose every key is blocked");
        }
    };

    struct attention_operation
    {
        static constexpr const char* name = "attention";
        static constexpr const char* title = "Scaled dot-product attention";
        static constexpr bool lite = true;
        static constexpr argument query = matrix_argument("query", "n × d_k", "one row per query");
        static constexpr argument key = matrix_argument("key", "m × d_k", "one row per key");
        static constexpr argument value = matrix_argument("value", "m × d_v", "one row per key");
        static constexpr argument arguments[] = {query,     key,     value,        mask,
                                                 mask_fill, dropout, dropout_seed, precision_choice};

        /// Every argument of the forward, read once here so the backward reads the same.
        struct request
        {
            matrix query, key, value;
            attention_options options;
        };

        template <class In> static request read(In& in)
        {
            return {in.matrix(query), in.matrix(key), in.matrix(value),
                    read_attention_options_with_dropout(in)};
        }

        template <class In> static attention_trace run(In& in)
        {
            request r = read(in);
            // Only the forward computes in float32; the backward reads the rest as it is.
            r.options.scalar = read_precision(in);
            return scaled_dot_product_attention(r.query, r.key, r.value, r.options);
        }
    };
} // namespace attn::describe

#endif
