#ifndef ATTN_DESCRIBE_FLASH_ATTENTION_HPP
#define ATTN_DESCRIBE_FLASH_ATTENTION_HPP

#include "attn/describe/common_arguments.hpp"
#include "attn/flash_attention.hpp"

namespace attn::describe
{
    template <> struct fields_of<flash_tile>
    {
        static constexpr const char* type_name = "FlashTile";
        template <class V> static void visit(const flash_tile& t, V& v)
        {
            v.field("rowBlock", t.row_block, "the tile's block of queries (0, 1, …)");
            v.field("colBlock", t.col_block, "the tile's block of keys (0, 1, …)");
            v.field("rowStart", t.row_start, "its first query");
            v.field("colStart", t.col_start, "its first key");
            v.field("scores", t.scores, "pass 2: Q·Kᵀ/√d_k of the tile, blocked cells = maskFill");
            v.field("tileMax", t.tile_max, "pass 3: each row's max over the tile");
            v.field("maxBefore", t.max_before, "the running max m before the tile (−∞ at first)");
            v.field("maxAfter", t.max_after, "m after: max(maxBefore, tileMax)");
            v.field("rescale", t.rescale, "α = exp(maxBefore − maxAfter), 0 at first");
            v.field("exps", t.exps, "pass 4: exp(score − maxAfter)");
            v.field("sumAfter", t.sum_after, "the running sum ℓ after: α·ℓ_before + Σ exps");
            v.field("partialOutput", t.partial_output,
                    "pass 5: α·Õ_before + exps·V of the tile, not yet divided by ℓ");
        }
    };

    template <> struct fields_of<flash_attention_trace>
    {
        static constexpr const char* type_name = "FlashAttentionTrace";
        template <class V> static void visit(const flash_attention_trace& t, V& v)
        {
            v.field("output", t.output, "pass 6: Õ / ℓ, equal to attention's output");
            v.field("rowMax", t.row_max, "the final running max of each row");
            v.field("rowSum", t.row_sum, "the final running sum: Σ exp(score − rowMax)");
            v.field("blockRows", t.block_rows, "queries per tile, as used");
            v.field("blockCols", t.block_cols, "keys per tile, as used");
            v.field("valueScale", t.value_scale,
                    "1, or the power of two value was scaled by to keep Õ finite near 1e308");
            v.field("peakCells", t.peak_cells,
                    "cells of the largest intermediate allocated: tile buffers, never n × m");
            v.optional("tiles", t.tiles, t.has_tiles,
                       "every tile in order (row block outer); only with trace");
        }
    };

    struct flash_attention_operation
    {
        static constexpr const char* name = "flashAttention";
        static constexpr const char* title = "Tiled attention with the online softmax (flash)";
        static constexpr argument block_rows = optional_integer(
            "blockRows", 1, max_sequence, "queries per tile, 1 … n", 0, "min(n, 16)");
        static constexpr argument block_cols =
            optional_integer("blockCols", 1, max_sequence, "keys per tile, 1 … m", 0, "min(m, 16)");
        static constexpr argument arguments[] = {sequence_query, sequence_key,     sequence_value,
                                                 sequence_mask,  mask_fill,        block_rows,
                                                 block_cols,     precision_choice, trace};

        static constexpr work_budget budget{
            3e10, tiled_attention_counted,
            "Measured: n = m = 2048, d = 256 in tiles of 64 × 64 took 0.59 s of CPU through the "
            "wasm build in Node, 3.7e9 multiply-adds a second: 3e10 is about 8 s "
            "(node scripts/bench/work-budgets.mjs)."};

        template <class In> static work_estimate work(In& in)
        {
            return tiled_attention_estimate(
                in, in.optional_integer(block_rows).value_or(default_flash_block), block_rows,
                in.optional_integer(block_cols).value_or(default_flash_block), block_cols);
        }

        template <class In> static flash_attention_trace run(In& in)
        {
            const sequence_attention_request r = read_sequence_attention(in);
            flash_options options;
            options.mask = r.options.mask;
            options.mask_fill = r.options.mask_fill;
            options.block_rows = in.optional_integer(block_rows);
            options.block_cols = in.optional_integer(block_cols);
            options.scalar = read_precision(in);
            options.trace = in.boolean(trace);
            return flash_attention(r.query, r.key, r.value, options);
        }
    };
} // namespace attn::describe

#endif
