#ifndef ATTN_DESCRIBE_OPERATIONS_HPP
#define ATTN_DESCRIBE_OPERATIONS_HPP

/// @file operations.hpp
/// @brief Every engine operation, in the order the API lists them. Each is described once in
/// its own header (arguments, how it calls the kernel, its trace's fields, whether the lite
/// engine has it); the bindings, the C++ golden tests and the describe tool (docs, types) all
/// iterate this list. It is the one list of operations, and it has to be written: C++17 has no
/// way to collect the types declared in a set of headers at compile time.

#include <tuple>
#include <type_traits>

#include "attn/describe/attention.hpp"
#include "attn/describe/attention_backward.hpp"
#include "attn/describe/attention_rollout.hpp"
#include "attn/describe/byte_pair_encoding.hpp"
#include "attn/describe/character_tokenizer.hpp"
#include "attn/describe/chunked_attention.hpp"
#include "attn/describe/cross_entropy.hpp"
#include "attn/describe/decoder_layer.hpp"
#include "attn/describe/decoder_layer_backward.hpp"
#include "attn/describe/decoder_layer_decode.hpp"
#include "attn/describe/diagnose.hpp"
#include "attn/describe/draw_numbers.hpp"
#include "attn/describe/diagnose_alibi.hpp"
#include "attn/describe/diagnose_grouped_query.hpp"
#include "attn/describe/diagnose_rope.hpp"
#include "attn/describe/diagnose_sliding_window.hpp"
#include "attn/describe/diagnose_tokenizer.hpp"
#include "attn/describe/encoder_layer.hpp"
#include "attn/describe/encoder_layer_backward.hpp"
#include "attn/describe/embedding_lookup.hpp"
#include "attn/describe/entropy.hpp"
#include "attn/describe/explain.hpp"
#include "attn/describe/explain_backward.hpp"
#include "attn/describe/explain_layers.hpp"
#include "attn/describe/feed_forward.hpp"
#include "attn/describe/feed_forward_backward.hpp"
#include "attn/describe/flash_attention.hpp"
#include "attn/describe/kv_cache.hpp"
#include "attn/describe/layer_norm.hpp"
#include "attn/describe/layer_norm_backward.hpp"
#include "attn/describe/linear_attention.hpp"
#include "attn/describe/matrix_difference.hpp"
#include "attn/describe/measure_cost.hpp"
#include "attn/describe/multi_head_attention.hpp"
#include "attn/describe/multi_head_attention_backward.hpp"
#include "attn/describe/next_token_loss.hpp"
#include "attn/describe/pair_counts.hpp"
#include "attn/describe/permutation_test.hpp"
#include "attn/describe/positional_encoding.hpp"
#include "attn/describe/random_matrix.hpp"
#include "attn/describe/rms_norm.hpp"
#include "attn/describe/rms_norm_backward.hpp"
#include "attn/describe/rnn.hpp"
#include "attn/describe/rope.hpp"
#include "attn/describe/rope_backward.hpp"
#include "attn/describe/sample.hpp"
#include "attn/describe/scaling_experiment.hpp"
#include "attn/describe/softmax.hpp"
#include "attn/describe/softmax_jacobian.hpp"
#include "attn/describe/sparse_attention.hpp"
#include "attn/describe/swi_glu.hpp"
#include "attn/describe/swi_glu_backward.hpp"
#include "attn/describe/token_embedding.hpp"
#include "attn/describe/work.hpp"
#include "attn/describe/word_attention.hpp"

namespace attn::describe
{
    using all_operations = std::tuple<
        softmax_operation, attention_operation, multi_head_attention_operation,
        positional_encoding_operation, layer_norm_operation, feed_forward_operation,
        layer_norm_backward_operation, feed_forward_backward_operation, encoder_layer_operation,
        attention_entropy_operation, random_matrix_operation, embed_tokens_operation,
        add_positional_encoding_operation, position_similarity_operation,
        scaling_experiment_operation, softmax_jacobian_operation, explain_attention_operation,
        permutation_test_operation, cross_entropy_operation, attention_backward_operation,
        multi_head_attention_backward_operation, encoder_layer_backward_operation,
        explain_attention_backward_operation, linear_attention_operation,
        sparse_attention_operation, rnn_forward_operation, kv_cache_decode_operation,
        kv_cache_memory_operation, matrix_difference_operation, flash_attention_operation,
        chunked_attention_operation, measure_cost_operation, measure_cost_growth_operation,
        diagnose_operation, explain_linear_operation, explain_positional_encoding_operation,
        rope_operation, diagnose_rope_operation, diagnose_alibi_operation,
        diagnose_grouped_query_operation, diagnose_sliding_window_operation, rms_norm_operation,
        rms_norm_backward_operation, swi_glu_operation, swi_glu_backward_operation,
        rope_backward_operation, decoder_layer_operation, decoder_layer_backward_operation,
        decoder_layer_decode_operation,
        train_tokenizer_operation, tokenize_operation, character_tokenizer_operation,
        count_pairs_operation, diagnose_tokenizer_operation, sample_operation,
        attention_rollout_operation, embedding_lookup_operation,
        embedding_lookup_backward_operation, next_token_loss_operation,
        next_token_loss_backward_operation, word_attention_operation, draw_numbers_operation>;

    /// Whether the lite engine binds Operation: its description says `static constexpr bool
    /// lite = true;`. The lite engine is the page's landing build (`{ training: false }`): the
    /// forward passes of the lessons on plain, multi-head and masked attention, positions, the
    /// encoder layer, entropy and scaling, with their explanations and the grading of answers.
    /// The backward passes and the lessons on efficient attention and its cost use the full
    /// engine, which the page loads when one of those lessons opens: leaving them out takes
    /// about a fifth off the landing page's wasm (docs/benchmarks-page.md). The lite build still
    /// names every operation (without its arguments), so the façade can name the build an
    /// absent one needs.
    template <class Operation, class = void> struct in_lite_engine : std::false_type
    {
    };
    template <class Operation>
    struct in_lite_engine<Operation, std::void_t<decltype(Operation::lite)>>
        : std::bool_constant<Operation::lite>
    {
    };

    /// The operations of `Operations` (a std::tuple) the lite engine binds, in the same order.
    template <class Operations> struct lite_only;
    template <class... Operations> struct lite_only<std::tuple<Operations...>>
    {
        using type =
            decltype(std::tuple_cat(std::conditional_t<in_lite_engine<Operations>::value,
                                                       std::tuple<Operations>, std::tuple<>>{}...));
    };

    using lite_operations = lite_only<all_operations>::type;

    /// Calls f(Operation{}) for every operation of `Operations`, in order.
    template <class Operations = all_operations, class F> void for_each_operation(F&& f)
    {
        std::apply([&](auto... operation) { (f(operation), ...); }, Operations{});
    }

    /// What `Operation::run` returns: its trace type (or matrix).
    template <class Operation>
    using result_of = decltype(Operation::run(std::declval<request_reader<struct any_source>&>()));
} // namespace attn::describe

#endif
