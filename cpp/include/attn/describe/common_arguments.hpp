#ifndef ATTN_DESCRIBE_COMMON_ARGUMENTS_HPP
#define ATTN_DESCRIBE_COMMON_ARGUMENTS_HPP

/// @file common_arguments.hpp
/// @brief Arguments several operations share, declared once: masking, seeds, projections.

#include <algorithm>

#include "attn/attention.hpp"
#include "attn/describe/argument.hpp"
#include "attn/describe/work.hpp"
#include "attn/multi_head_attention.hpp"
#include "attn/precision.hpp"
#include "attn/work_estimates.hpp"

namespace attn::describe
{
    constexpr argument mask =
        mask_argument("mask", "'causal', { keyLength: L } or an n × m matrix of 0/1 (1 = attend)");
    /// `mask` of the scale operations: as `mask`, over up to max_sequence queries and keys.
    constexpr argument sequence_mask = sequence_mask_argument(
        "mask", "'causal', { keyLength: L } or an n × m matrix of 0/1 (1 = attend)");
    /// `query`, `key`, `value` of the scale operations: up to max_sequence rows each.
    constexpr argument sequence_query =
        sequence_matrix_argument("query", "n × d_k", "one row per query, n ≤ 4096");
    constexpr argument sequence_key =
        sequence_matrix_argument("key", "m × d_k", "one row per key, m ≤ 4096");
    constexpr argument sequence_value =
        sequence_matrix_argument("value", "m × d_v", "one row per key");
    /// `trace` of the scale operations: false returns only the lean fields, for n in the
    /// thousands, whose full trace would be refused as too large.
    constexpr argument trace = optional_boolean(
        "trace", "false: only the lean result (output, sizes, peakCells), for long sequences",
        true);
    /// `precision` of attention and flash attention.
    constexpr choice_set precisions{
        "precision", "float64|float32",
        "the type computed in: float64 (double), or float32 (float) as GPUs, widened to numbers "
        "only when returned"};
    constexpr argument precision_choice =
        choice_argument("precision", precisions, true,
                        "the type computed in: float64, or float32 as GPUs (results as numbers)");
    constexpr argument mask_fill =
        optional_number("maskFill", "what blocked scores become: -Infinity or any finite number",
                        -std::numeric_limits<double>::infinity(), "-Infinity");
    constexpr argument dropout = optional_number(
        "dropout",
        "probability p of zeroing each weight, 0 ≤ p < 1 (training; 0 = off); kept weights "
        "× 1/(1 − p)",
        0, "0");
    constexpr argument dropout_seed = optional_integer(
        "dropoutSeed", 0, 4294967295.0, "seed of the dropout mask; same seed, same mask", 0, "0");
    constexpr argument seed = optional_integer(
        "seed", 0, 4294967295.0, "seed of every omitted weight; same seed, same numbers", 0, "0");
    constexpr argument heads =
        integer_argument("heads", size_low, size_high, "number of heads h, dividing d_model");

    constexpr const char* xavier = "seeded Xavier";
    constexpr argument w_q = optional_matrix("wQ", "d_model × d_model", "query projection", xavier);
    constexpr argument w_k = optional_matrix("wK", "d_model × d_model", "key projection", xavier);
    constexpr argument w_v = optional_matrix("wV", "d_model × d_model", "value projection", xavier);
    constexpr argument w_o =
        optional_matrix("wO", "d_model × d_model", "output projection", xavier);
    constexpr argument b_q = optional_vector("bQ", "d_model", "query bias", "no bias");
    constexpr argument b_k = optional_vector("bK", "d_model", "key bias", "no bias");
    constexpr argument b_v = optional_vector("bV", "d_model", "value bias", "no bias");
    constexpr argument b_o = optional_vector("bO", "d_model", "output bias", "no bias");

    /// `mask` (or the scale operations' `sequence_mask`) and `maskFill`.
    template <class In>
    attention_options read_attention_options(In& in, const argument& mask_argument = mask)
    {
        attention_options options;
        options.mask = in.mask(mask_argument);
        options.mask_fill = in.number(mask_fill);
        return options;
    }

    /// `mask`, `maskFill`, `dropout` and `dropoutSeed`: the operations that train (the
    /// forwards and their backwards) take dropout; the ones that explain a trace do not.
    template <class In> attention_options read_attention_options_with_dropout(In& in)
    {
        attention_options options = read_attention_options(in);
        options.dropout = in.number(dropout);
        options.dropout_seed = static_cast<std::uint32_t>(in.integer(dropout_seed));
        return options;
    }

    /// `wQ … wO`, `bQ … bO`.
    template <class In> multi_head_params read_projections(In& in)
    {
        multi_head_params p;
        p.w_q = in.optional_matrix(w_q);
        p.w_k = in.optional_matrix(w_k);
        p.w_v = in.optional_matrix(w_v);
        p.w_o = in.optional_matrix(w_o);
        p.b_q = in.optional_vector(b_q);
        p.b_k = in.optional_vector(b_k);
        p.b_v = in.optional_vector(b_v);
        p.b_o = in.optional_vector(b_o);
        return p;
    }

    /// What the attention-like scale operations share: query, key, value, mask and maskFill.
    struct sequence_attention_request
    {
        matrix query, key, value;
        attention_options options;
    };

    template <class In> sequence_attention_request read_sequence_attention(In& in)
    {
        sequence_attention_request r{in.matrix(sequence_query), in.matrix(sequence_key),
                                     in.matrix(sequence_value)};
        r.options = read_attention_options(in, sequence_mask);
        return r;
    }

    /// How flash's and chunked's work is counted (work_estimates.hpp), for the docs; a block is
    /// a tile's rows or columns, or a chunk.
    constexpr words tiled_attention_counted =
        "n·m·(d_k + d_v) + ⌈n / rows of a block⌉·m·d_k (the keys transposed per row block) + "
        "n·⌈m / columns of a block⌉·d_v (the output rescaled per key block) + 256 per block pair "
        "(its fixed cost)";

    /**
     * The work of flash or chunked attention on the sequences of `in`, in tiles of
     * block_rows × block_cols (each at most the rows it tiles): a refusal names the block
     * argument when the tiles' fixed cost is most of it, else `query`.
     */
    template <class In>
    work_estimate tiled_attention_estimate(In& in, std::size_t block_rows, const argument& rows_by,
                                           std::size_t block_cols, const argument& cols_by)
    {
        const extent q = in.extent(sequence_query), k = in.extent(sequence_key),
                     v = in.extent(sequence_value);
        const double n = double(q.rows), m = double(k.rows);
        const double br = std::clamp(double(block_rows), 1.0, std::max(n, 1.0));
        const double bc = std::clamp(double(block_cols), 1.0, std::max(m, 1.0));
        const double work = tiled_attention_work(n, m, double(q.cols), double(v.cols), br, bc);
        const double whole = tiled_attention_work(n, m, double(q.cols), double(v.cols), n, m);
        const char* blamed = work <= 2 * whole ? sequence_query.name
                             : br <= bc         ? rows_by.name
                                                : cols_by.name;
        return {work, blamed};
    }

    template <class In> precision read_precision(In& in)
    {
        return parse_precision(precision_choice.name, in.choice(precision_choice));
    }

    template <class In> std::uint32_t read_seed(In& in)
    {
        return static_cast<std::uint32_t>(in.integer(seed));
    }
} // namespace attn::describe

#endif
