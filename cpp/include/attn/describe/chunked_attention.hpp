#ifndef ATTN_DESCRIBE_CHUNKED_ATTENTION_HPP
#define ATTN_DESCRIBE_CHUNKED_ATTENTION_HPP

#include "attn/chunked_attention.hpp"
#include "attn/describe/common_arguments.hpp"

namespace attn::describe
{
    template <> struct fields_of<attention_chunk>
    {
        static constexpr const char* type_name = "AttentionChunk";
        template <class V> static void visit(const attention_chunk& t, V& v)
        {
            v.field("queryStart", t.query_start, "its first query");
            v.field("keyStart", t.key_start, "its first key");
            v.field("rows", t.rows, "queries in the chunk");
            v.field("cols", t.cols, "keys in the chunk");
            v.field("chunkMax", t.chunk_max, "pass 2: each row's max over the chunk's scores");
            v.field("chunkSum", t.chunk_sum, "pass 2: Σ exp(score − chunkMax) over the chunk");
            v.field("chunkOutput", t.chunk_output, "pass 2: Σ exp(score − chunkMax)·V");
        }
    };

    template <> struct fields_of<chunk_combination>
    {
        static constexpr const char* type_name = "ChunkCombination";
        template <class V> static void visit(const chunk_combination& t, V& v)
        {
            v.field("queryStart", t.query_start, "the query chunk's first query");
            v.field("rows", t.rows, "queries in the chunk");
            v.field("globalMax", t.global_max, "pass 3: the max of the chunk maxes per row");
            v.field("factors", t.factors, "pass 3: exp(chunkMax − globalMax), key chunk × row");
            v.field("sum", t.sum, "pass 3: Σ factor·chunkSum, the softmax's denominator");
            v.field("output", t.output, "pass 3: Σ factor·chunkOutput / sum");
        }
    };

    template <> struct fields_of<chunked_attention_trace>
    {
        static constexpr const char* type_name = "ChunkedAttentionTrace";
        template <class V> static void visit(const chunked_attention_trace& t, V& v)
        {
            v.field("output", t.output, "equal to attention's output");
            v.field("chunkSize", t.chunk_size, "queries and keys per chunk");
            v.field("valueScale", t.value_scale,
                    "1, or the power of two value was scaled by to keep sums finite near 1e308");
            v.field("peakCells", t.peak_cells,
                    "cells of the largest intermediate allocated: a chunk, never n × m");
            v.optional("chunks", t.chunks, t.has_chunks,
                       "every chunk's summary (query chunk outer); only with trace");
            v.optional("combinations", t.combinations, t.has_chunks,
                       "each query chunk's combination; only with trace");
        }
    };

    struct chunked_attention_operation
    {
        static constexpr const char* name = "chunkedAttention";
        static constexpr const char* title = "Attention by chunks (Rabe & Staats)";
        static constexpr argument chunk_size =
            integer_argument("chunkSize", 1, max_sequence, "queries and keys per chunk, 1 … n");
        static constexpr argument arguments[] = {sequence_query, sequence_key, sequence_value,
                                                 sequence_mask,  mask_fill,    chunk_size,
                                                 trace};

        static constexpr work_budget budget{
            4e10, tiled_attention_counted,
            "Measured: n = m = 2048, d = 256 in chunks of 64 took 0.52 s of CPU through the wasm "
            "build in Node, 4.1e9 multiply-adds a second: 4e10 is about 10 s "
            "(node scripts/bench/work-budgets.mjs)."};

        template <class In> static work_estimate work(In& in)
        {
            const std::size_t c = in.integer(chunk_size);
            return tiled_attention_estimate(in, c, chunk_size, c, chunk_size);
        }

        template <class In> static chunked_attention_trace run(In& in)
        {
            const sequence_attention_request r = read_sequence_attention(in);
            chunked_options options;
            options.mask = r.options.mask;
            options.mask_fill = r.options.mask_fill;
            options.chunk_size = in.integer(chunk_size);
            options.trace = in.boolean(trace);
            return chunked_attention(r.query, r.key, r.value, options);
        }
    };
} // namespace attn::describe

#endif
