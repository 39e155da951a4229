#ifndef ATTN_DESCRIBE_KV_CACHE_HPP
#define ATTN_DESCRIBE_KV_CACHE_HPP

#include "attn/describe/multi_head_attention.hpp"
#include "attn/kv_cache.hpp"
#include "attn/kv_cache_memory.hpp"

namespace attn::describe
{
    template <> struct fields_of<kv_cache_step>
    {
        static constexpr const char* type_name = "KvCacheStep";
        template <class V> static void visit(const kv_cache_step& s, V& v)
        {
            v.field("position", s.position, "the row decoded, 0 … n−1");
            v.field("cachedPositions", s.cached_positions,
                    "pass 2: the positions the cache holds, in order: 0 … position, or the sinks "
                    "and the last window");
            v.field("query", s.query,
                    "pass 1: this row's x·W_Q + b_Q (under 'rope' rotated at position)");
            v.field("keys", s.keys,
                    "pass 2: the cached keys x·W_K + b_K, held × kvHeads·d_k (under 'rope' each "
                    "rotated at its position)");
            v.field("values", s.values, "pass 2: the cached values x·W_V + b_V, held × kvHeads·d_k");
            v.optional("bias", s.bias, s.bias.size() != 0,
                       "pass 3: h × held, ALiBi's −slope·(position − j) for each cached position "
                       "j; only with 'alibi'");
            v.field("weights", s.weights, "pass 4: h × held, each head's softmax");
            v.field("outputRow", s.output_row, "pass 5: concat·W_O + b_O for this row");
            v.field("multiplyAddsWithCache", s.multiply_adds_with_cache,
                    "2·d² + 2·d·w + 2·held·d (w = kvHeads·d_k): this row's projections and "
                    "attention");
            v.field("multiplyAddsWithoutCache", s.multiply_adds_without_cache,
                    "(t+1)·(2·d² + 2·d·w) + 2·(t+1)²·d: the layer rerun on rows 0 … t");
        }
    };

    template <> struct fields_of<kv_cache_trace>
    {
        static constexpr const char* type_name = "KvCacheDecodeTrace";
        template <class V> static void visit(const kv_cache_trace& t, V& v)
        {
            v.field("dModel", t.d_model, "model width");
            v.field("dK", t.d_k, "width per head, d_model / h");
            v.field("kvHeads", t.kv_heads, "key/value heads, each d_k wide");
            v.field("params", t.params, "the weights and biases used");
            v.optional("alibiSlopes", t.alibi_slopes, t.alibi_slopes.size() != 0,
                       "each head's ALiBi slope; only with 'alibi'");
            v.field("positions", t.positions, "one decoding step per input row, in order");
            v.field("output", t.output,
                    "the output rows stacked: multiHeadAttention's with mask 'causal' (or the "
                    "window)");
            v.field("cacheCells", t.cache_cells,
                    "2·held·kvHeads·d_k: the keys and values cached at the end");
        }
    };

    struct kv_cache_decode_operation
    {
        static constexpr const char* name = "kvCacheDecode";
        static constexpr const char* title = "Decoding with a key/value cache";
        static constexpr argument input = sequence_matrix_argument(
            "input", "n × d_model",
            "the rows decoded one at a time (n·(n+1)·d_model ≤ 2097152: each step returns its cache)");
        static constexpr argument window = optional_integer(
            "window", 1, max_sequence,
            "a sliding window: the cache keeps the last window rows (and the sinks)", 0, "");
        /// The layer's own options, as multiHeadAttention declares them, but for the window,
        /// as long as the decoded sequence.
        using layer = multi_head_attention_operation;
        static constexpr argument arguments[] = {
            input,  heads,        layer::kv_heads, layer::positional, layer::rope_base,
            layer::rope_convention_choice, window, layer::sinks, seed, w_q, w_k, w_v, w_o, b_q,
            b_k,    b_v,          b_o};

        template <class In> static kv_cache_trace run(In& in)
        {
            const matrix x = in.matrix(input);
            kv_cache_options o;
            o.heads = in.integer(heads);
            o.kv_heads = in.optional_integer(layer::kv_heads);
            o.positional =
                parse_head_positions(layer::positional.name, in.choice(layer::positional));
            o.rope_base = in.number(layer::rope_base);
            o.rope_pairing = parse_rope_convention(layer::rope_convention_choice.name,
                                                   in.choice(layer::rope_convention_choice));
            o.window = in.optional_integer(window);
            o.sinks = in.optional_integer(layer::sinks);
            o.seed = read_seed(in);
            return kv_cache_decode(x, read_projections(in), o);
        }
    };
    template <> struct fields_of<kv_cache_memory_trace>
    {
        static constexpr const char* type_name = "KvCacheMemoryTrace";
        template <class V> static void visit(const kv_cache_memory_trace& t, V& v)
        {
            v.field("numbersPerTokenLayer", t.numbers_per_token_layer,
                    "pass 1: 2·kvHeads·dModel/heads (a key and a value per key/value head), or "
                    "latent + ropeWidth");
            v.field("numbersPerToken", t.numbers_per_token, "pass 2: × layers");
            v.field("cachedTokens", t.cached_tokens, "pass 3: min(length, window)");
            v.field("numbers", t.numbers, "pass 4: numbersPerToken × cachedTokens");
            v.field("bytesPerToken", t.bytes_per_token, "pass 5: numbersPerToken × bytesPerNumber");
            v.field("bytes", t.bytes, "pass 5: numbers × bytesPerNumber");
            v.field("mebibytes", t.mebibytes, "pass 6: bytes / 1024²");
            v.field("gibibytes", t.gibibytes, "pass 6: bytes / 1024³");
        }
    };

    struct kv_cache_memory_operation
    {
        static constexpr const char* name = "kvCacheMemory";
        static constexpr const char* title = "The memory of a model's key/value cache";
        static constexpr double widest = 1 << 16;
        static constexpr argument layers =
            integer_argument("layers", 1, 1024, "decoder layers, each with its own cache");
        static constexpr argument length =
            integer_argument("length", 1, 1 << 20, "tokens in the sequence (the context n)");
        static constexpr argument d_model =
            integer_argument("dModel", 1, widest, "model width; a key or value head is dModel/heads wide");
        static constexpr argument bytes_per_number =
            integer_argument("bytesPerNumber", 1, 8, "1, 2, 4 or 8 (int8 … float64)");
        static constexpr argument heads = optional_integer(
            "heads", 1, widest, "query heads, dividing dModel (not with latent)", 1, "1");
        static constexpr argument kv_heads = optional_integer(
            "kvHeads", 1, widest,
            "key/value heads, dividing heads: each caches dModel/heads numbers for its key and "
            "as many for its value (not with latent)",
            0, "heads");
        static constexpr argument latent = optional_integer(
            "latent", 1, widest,
            "multi-head latent attention: the compressed vector each token caches in place of "
            "its keys and values, shared by every head (DeepSeek-V2's d_c)",
            0, "");
        static constexpr argument rope_width = optional_integer(
            "ropeWidth", 0, widest, "with latent: the rotary key cached beside it (d_h^R)", 0,
            "0");
        static constexpr argument window = optional_integer(
            "window", 1, 1 << 20, "a sliding window: the cache keeps the last window tokens", 0,
            "");
        static constexpr argument arguments[] = {layers,   length, d_model,    bytes_per_number,
                                                 heads,    kv_heads, latent, rope_width, window};

        template <class In> static kv_cache_memory_trace run(In& in)
        {
            kv_cache_model model;
            model.layers = in.integer(layers);
            const std::size_t n = in.integer(length);
            model.d_model = in.integer(d_model);
            const std::size_t bytes = in.integer(bytes_per_number);
            model.heads = in.optional_integer(heads);
            model.kv_heads = in.optional_integer(kv_heads);
            model.latent = in.optional_integer(latent);
            model.rope_width = in.optional_integer(rope_width);
            model.window = in.optional_integer(window);
            return kv_cache_memory(model, n, bytes);
        }
    };
} // namespace attn::describe

#endif
