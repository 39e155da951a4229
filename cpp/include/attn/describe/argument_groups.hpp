#ifndef ATTN_DESCRIBE_ARGUMENT_GROUPS_HPP
#define ATTN_DESCRIBE_ARGUMENT_GROUPS_HPP

/// @file argument_groups.hpp
/// @brief The arguments several operations take together, named once for the façade's types
/// (web/lib/operations.d.ts): a course author can declare `const masking: MaskingArgs` and
/// spread it into any call that takes a mask. Only the describe tool reads this list.

#include "attn/describe/attention.hpp"
#include "attn/describe/common_arguments.hpp"

namespace attn::describe
{
    constexpr argument masking_arguments[] = {mask, mask_fill};
    constexpr argument dropout_arguments[] = {dropout, dropout_seed};
    constexpr argument query_key_value_arguments[] = {attention_operation::query,
                                                      attention_operation::key,
                                                      attention_operation::value, mask, mask_fill};
    constexpr argument projection_arguments[] = {w_q, w_k, w_v, w_o, b_q, b_k, b_v, b_o};
    constexpr argument sequence_arguments[] = {sequence_query, sequence_key, sequence_value,
                                               sequence_mask,  mask_fill,    trace};

    constexpr argument_group argument_groups[] = {
        {"MaskingArgs", "which keys each query may attend to, and what blocked scores become",
         masking_arguments},
        {"DropoutArgs", "dropout on the attention weights, for training (docs/engine.md, Dropout)",
         dropout_arguments},
        {"QueryKeyValueArgs", "the query, key and value of one attention, with its mask",
         query_key_value_arguments},
        {"ProjectionArgs", "the weights and biases of multi-head attention's projections",
         projection_arguments},
        {"SequenceArgs",
         "the query, key and value of a scale operation: up to maxSequence (4096) rows each",
         sequence_arguments},
    };
} // namespace attn::describe

#endif
