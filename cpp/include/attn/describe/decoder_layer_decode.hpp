#ifndef ATTN_DESCRIBE_DECODER_LAYER_DECODE_HPP
#define ATTN_DESCRIBE_DECODER_LAYER_DECODE_HPP

#include "attn/decoder_layer_decode.hpp"
#include "attn/describe/decoder_layer.hpp"
#include "attn/describe/kv_cache.hpp"
#include "attn/describe/work.hpp"
#include "attn/work_estimates.hpp"

namespace attn::describe
{
    template <> struct fields_of<decoder_layer_step>
    {
        static constexpr const char* type_name = "DecoderLayerStep";
        template <class V> static void visit(const decoder_layer_step& s, V& v)
        {
            v.field("position", s.position, "the row decoded, 0 … n−1");
            v.field("input", s.input, "x_t, the row");
            v.field("norm1", s.norm1, "pass 1: RMSNorm₁(x_t), one row");
            v.field("query", s.query,
                    "pass 2: norm1.output·W_Q, each head's d_k columns rotated at position");
            v.field("key", s.key,
                    "pass 2: norm1.output·W_K (kvHeads·d_k), each key/value head rotated at "
                    "position: the row this step adds to the cache");
            v.field("value", s.value, "pass 2: norm1.output·W_V (kvHeads·d_k), added as it is");
            v.field("scores", s.scores,
                    "pass 3: h × (position + 1), each head's query · every cached key of its "
                    "key/value head");
            v.field("scaled", s.scaled, "pass 3: scores / √d_k");
            v.field("weights", s.weights,
                    "pass 4: h × (position + 1), each head's softmax over the cache (no mask: "
                    "it holds no later row)");
            v.field("concat", s.concat, "pass 4: each head's weighted sum of cached values");
            v.field("attentionOutput", s.attention_output, "pass 5: concat·W_O");
            v.field("residual1", s.residual1, "pass 6: x_t + attentionOutput");
            v.field("norm2", s.norm2, "pass 7: RMSNorm₂(residual1), one row");
            v.field("feedForward", s.feed_forward, "pass 8: SwiGLU(norm2.output), one row");
            v.field("output", s.output, "pass 9: residual1 + feedForward.output");
            v.field("cache", s.cache,
                    "the cache after this step, position + 1 keys and values, counted as "
                    "kvCacheMemory counts one layer's in 8-byte numbers");
        }
    };

    template <> struct fields_of<decoder_layer_decode_trace>
    {
        static constexpr const char* type_name = "DecoderLayerDecodeTrace";
        template <class V> static void visit(const decoder_layer_decode_trace& t, V& v)
        {
            v.field("steps", t.steps, "one decoding step per input row, in order");
            v.field("output", t.output,
                    "the steps' output rows stacked: decoderLayer's output, row for row");
            v.field("parameterCount", t.parameter_count, "per part and in total");
        }
    };

    struct decoder_layer_decode_operation
    {
        using forward = decoder_layer_operation;
        static constexpr const char* name = "decoderLayerDecode";
        static constexpr const char* title = "Decoding a decoder layer with its key/value cache";
        /// decoderLayer's, read by its reader: the same request decoded one row at a time.
        static constexpr const auto& arguments = forward::arguments;

        static constexpr work_budget budget{
            5e9,
            "n·(4·d_model² + 3·d_model·d_ff) + n²·d_model: each row's projections and SwiGLU, "
            "and its attention over the rows before it (grouped keys and values counted at full "
            "width)",
            "Measured through the wasm build in Node: n = 512, d_model = 512, d_ff = 1024 (1.5e9 "
            "multiply-adds) took 2.6 s of CPU, 5.7e8 a second, so 5e9 is about ten seconds "
            "(node scripts/bench/work-budgets.mjs). One row at a time reads every weight once "
            "per row: at the caps, n = d_model = d_ff = 1024 (8.6e9), it took 22 s, four times "
            "decoderLayer's forward."};

        /// d_ff is the width of wGate.
        template <class In> static work_estimate work(In& in)
        {
            const extent x = in.extent(forward::input);
            return {decoder_layer_decode_work(double(x.rows), double(x.cols),
                                              double(in.extent(forward::w_gate).cols)),
                    forward::input.name};
        }

        template <class In> static decoder_layer_decode_trace run(In& in)
        {
            const forward::request r = forward::read(in);
            return decoder_layer_decode(r.input, r.params, r.options);
        }
    };
} // namespace attn::describe

#endif
