#ifndef ATTN_DESCRIBE_SPARSE_ATTENTION_HPP
#define ATTN_DESCRIBE_SPARSE_ATTENTION_HPP

#include <algorithm>
#include <cstring>
#include <initializer_list>

#include "attn/describe/attention.hpp"
#include "attn/describe/work.hpp"
#include "attn/sparse_attention.hpp"
#include "attn/work_estimates.hpp"

namespace attn::describe
{
    /// Passes on to v every field but those named in `skipped`: attention's `output` is written
    /// once, beside keysPerRow, traced or lean; its dropout fields never occur here.
    template <class V> struct fields_except
    {
        V& v;
        std::initializer_list<const char*> skipped;

        bool keeps(const char* name) const
        {
            return std::none_of(skipped.begin(), skipped.end(),
                                [&](const char* s) { return std::strcmp(name, s) == 0; });
        }
        template <class T> void field(const char* name, const T& value, words doc)
        {
            if (keeps(name))
            {
                v.field(name, value, doc);
            }
        }
        template <class T> void optional(const char* name, const T& value, bool present, words doc)
        {
            if (keeps(name))
            {
                v.optional(name, value, present, doc);
            }
        }
    };

    template <> struct fields_of<sparse_attention_full>
    {
        template <class V> static void visit(const sparse_attention_full& t, V& v)
        {
            fields_except<V> others{v, {"output", "dropoutMask", "droppedWeights"}};
            fields_of<attention_trace>::visit(t.attention, others);
        }
    };

    template <> struct fields_of<sparse_attention_lean>
    {
        template <class V> static void visit(const sparse_attention_lean&, V&) {}
    };

    template <> struct fields_of<sparse_attention_trace>
    {
        static constexpr const char* type_name = "SparseAttentionTrace";
        template <class V> static void visit(const sparse_attention_trace& t, V& v)
        {
            v.one_of(t.detail);
            v.field("output", t.output, "pass 5: weights·V over the allowed keys");
            v.field("keysPerRow", t.keys_per_row, "allowed keys of each query");
            v.field("peakCells", t.peak_cells,
                    "Σ keysPerRow: the weights the lean path keeps, never n × n");
        }
    };

    struct sparse_attention_operation
    {
        static constexpr const char* name = "sparseAttention";
        static constexpr const char* title = "Sparse attention (Longformer window, BigBird random)";
        static constexpr argument query =
            sequence_matrix_argument("query", "n × d_k", "one row per token, n ≤ 4096");
        static constexpr argument key =
            sequence_matrix_argument("key", "n × d_k", "one row per token");
        static constexpr argument value =
            sequence_matrix_argument("value", "n × d_v", "one row per token");
        static constexpr argument window =
            integer_argument("window", 0, static_cast<double>(max_sequence),
                             "key j allowed for query i when |i − j| ≤ window");
        static constexpr argument global_tokens = optional_sequence_vector(
            "globalTokens", "g", "tokens attending to and attended by every token, g ≤ n",
            "none");
        static constexpr argument random_per_row = optional_integer(
            "randomPerRow", 0, static_cast<double>(max_sequence),
            "extra random keys per query (BigBird), at most n", 0, "0");
        static constexpr argument seed = optional_integer(
            "seed", 0, 4294967295.0, "seed of the random keys; same seed, same pattern", 0, "0");
        static constexpr argument arguments[] = {query,          key,  value,     window,
                                                 global_tokens,  random_per_row, seed, mask_fill,
                                                 trace};

        static constexpr work_budget budget{
            6e9,
            "(d_k + d_v) per allowed cell, the cells counted as n · min(n, 2·window + 1 + g + "
            "randomPerRow) + g·n (at most n²)",
            "Measured: n = 4096, d = 256, window 512 took 3.2 s of CPU through the wasm build in "
            "Node, arguments and result included, 6.6e8 multiply-adds a second: 6e9 is about 9 s "
            "(node scripts/bench/work-budgets.mjs)."};

        /// Named in a refusal: whichever of the pattern's parts allows the most keys per row.
        template <class In> static work_estimate work(In& in)
        {
            const extent q = in.extent(query), v = in.extent(value);
            const double w = double(in.integer(window)), r = double(in.integer(random_per_row));
            const double g = double(in.extent(global_tokens).rows);
            const double most = std::max({2 * w + 1, g, r});
            return {sparse_attention_work(double(q.rows), double(q.cols), double(v.cols), w, g, r),
                    most == 2 * w + 1 ? window.name
                    : most == g       ? global_tokens.name
                                      : random_per_row.name};
        }

        template <class In> static sparse_attention_trace run(In& in)
        {
            const matrix q = in.matrix(query), k = in.matrix(key), v = in.matrix(value);
            sparse_attention_options options;
            options.window = in.integer(window);
            if (const auto tokens = in.optional_vector(global_tokens))
            {
                options.global_tokens = *tokens;
            }
            options.random_per_row = in.integer(random_per_row);
            options.seed = static_cast<std::uint32_t>(in.integer(seed));
            options.mask_fill = in.number(mask_fill);
            options.trace = in.boolean(trace);
            return sparse_attention(q, k, v, options);
        }
    };
} // namespace attn::describe

#endif
