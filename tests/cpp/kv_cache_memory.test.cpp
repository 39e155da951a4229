#include <cstddef>
#include <string>

#include <catch2/catch.hpp>

#include "attn/kv_cache_memory.hpp"

namespace kv_cache_memory_tests
{
    namespace
    {
        constexpr double gib = 1024.0 * 1024.0 * 1024.0, mib = 1024.0 * 1024.0;

        attn::kv_cache_model full_width(std::size_t layers, std::size_t d_model)
        {
            attn::kv_cache_model m;
            m.layers = layers;
            m.d_model = d_model;
            return m;
        }

        attn::kv_cache_model grouped(std::size_t layers, std::size_t d_model, std::size_t heads,
                                     std::size_t kv_heads)
        {
            attn::kv_cache_model m = full_width(layers, d_model);
            m.heads = heads;
            m.kv_heads = kv_heads;
            return m;
        }

        // Llama 2 7B, meta-llama/Llama-2-7b-hf config.json: num_hidden_layers 32,
        // num_attention_heads 32 (num_key_value_heads 32), hidden_size 4096.
        attn::kv_cache_model llama_2_7b()
        {
            return grouped(32, 4096, 32, 32);
        }
        // Llama 3 8B, meta-llama/Meta-Llama-3-8B config.json: num_hidden_layers 32,
        // num_attention_heads 32, num_key_value_heads 8, hidden_size 4096.
        attn::kv_cache_model llama_3_8b()
        {
            return grouped(32, 4096, 32, 8);
        }
        // Mistral 7B, mistralai/Mistral-7B-v0.1 config.json (and arXiv:2310.06825, Table 1):
        // num_hidden_layers 32, num_attention_heads 32, num_key_value_heads 8, hidden_size
        // 4096, sliding_window 4096.
        attn::kv_cache_model mistral_7b()
        {
            attn::kv_cache_model m = grouped(32, 4096, 32, 8);
            m.window = 4096;
            return m;
        }
        // Falcon 7B, tiiuae/falcon-7b config.json: n_layer 32, n_head 71, hidden_size 4544
        // (head dim 64), multi_query true: one key/value head (its fused query_key_value
        // projection is 4544 → 4544 + 2·64 = 4672 wide).
        attn::kv_cache_model falcon_7b()
        {
            return grouped(32, 4544, 71, 1);
        }
        // DeepSeek-V2, deepseek-ai/DeepSeek-V2 config.json and arXiv:2405.04434 §2.1.2:
        // num_hidden_layers 60, kv_lora_rank (d_c) 512, qk_rope_head_dim (d_h^R) 64; the
        // cache per token is (d_c + d_h^R)·l numbers.
        attn::kv_cache_model deepseek_v2()
        {
            attn::kv_cache_model m = full_width(60, 5120);
            m.latent = 512;
            m.rope_width = 64;
            return m;
        }

        /// What one token of `model` keeps in float16: per layer, over every layer, in bytes.
        void check_float16_token(const attn::kv_cache_model& model, double per_layer,
                                 double per_token, double bytes)
        {
            const auto t = attn::kv_cache_memory(model, 4096, 2);
            CHECK(t.numbers_per_token_layer == per_layer);
            CHECK(t.numbers_per_token == per_token);
            CHECK(t.bytes_per_token == bytes);
        }

        /// The cache of `model` at 4k, 32k and 128k tokens in float16, in GiB.
        void check_float16_gibibytes(const attn::kv_cache_model& model, double at_4k,
                                     double at_32k, double at_128k)
        {
            CHECK(attn::kv_cache_memory(model, 4096, 2).gibibytes == at_4k);
            CHECK(attn::kv_cache_memory(model, 32768, 2).gibibytes == at_32k);
            CHECK(attn::kv_cache_memory(model, 131072, 2).gibibytes == at_128k);
        }
    } // namespace

    TEST_CASE("a model's cache holds 2·layers·n·d_model numbers: GPT-2 small at 1024 tokens in "
              "float32 is 72 MiB",
              "[kv]")
    {
        // 2 · 12 · 1024 · 768 = 18,874,368 numbers; × 4 bytes = 75,497,472 bytes = 72 MiB exactly.
        const auto gpt2 = attn::kv_cache_memory(full_width(12, 768), 1024, 4);
        CHECK(gpt2.numbers_per_token_layer == 2 * 768.0);
        CHECK(gpt2.numbers_per_token == 2 * 12 * 768.0);
        CHECK(gpt2.cached_tokens == 1024.0);
        CHECK(gpt2.numbers == 18874368.0);
        CHECK(gpt2.bytes_per_token == 2 * 12 * 768 * 4.0);
        CHECK(gpt2.bytes == 75497472.0);
        CHECK(gpt2.mebibytes == 72.0);
        CHECK(gpt2.gibibytes == 72.0 / 1024.0);
        // GPT-3 175B at 2048 tokens in float16: 2 · 96 · 2048 · 12288 · 2 = 9 GiB, exact in double.
        CHECK(attn::kv_cache_memory(full_width(96, 12288), 2048, 2).gibibytes == 9.0);
        // The largest sizes the description allows stay below 2^53, so every count is exact.
        const auto largest =
            attn::kv_cache_memory(full_width(1024, std::size_t{1} << 16), std::size_t{1} << 20, 8);
        CHECK(largest.bytes == 2.0 * 1024 * 1048576.0 * 65536.0 * 8);
        attn::kv_cache_model widest_latent = full_width(1024, 1);
        widest_latent.latent = widest_latent.rope_width = std::size_t{1} << 16;
        CHECK(attn::kv_cache_memory(widest_latent, std::size_t{1} << 20, 8).bytes ==
              largest.bytes);
    }

    TEST_CASE("heads alone, or as many key/value heads as heads, cache what full width does",
              "[kv]")
    {
        const auto full = attn::kv_cache_memory(full_width(12, 768), 1024, 4);
        attn::kv_cache_model heads_only = full_width(12, 768);
        heads_only.heads = 12;
        CHECK(attn::kv_cache_memory(heads_only, 1024, 4).bytes == full.bytes);
        CHECK(attn::kv_cache_memory(grouped(12, 768, 12, 12), 1024, 4).bytes == full.bytes);
        // A window at least as long as the sequence keeps every token.
        attn::kv_cache_model wide_window = full_width(12, 768);
        wide_window.window = 1024;
        CHECK(attn::kv_cache_memory(wide_window, 1024, 4).bytes == full.bytes);
    }

    TEST_CASE("Llama 2 7B keeps 524,288 bytes per token in float16: 2, 16 and 64 GiB at 4k, 32k "
              "and 128k tokens",
              "[kv]")
    {
        // 2 · 32 key/value heads · 128 = 8192 numbers per layer, × 32 layers = 262,144 per token.
        check_float16_token(llama_2_7b(), 8192, 262144, 524288);
        const auto t = attn::kv_cache_memory(llama_2_7b(), 4096, 2);
        CHECK(t.numbers == 262144.0 * 4096);
        CHECK(t.bytes == 2.0 * gib);
        check_float16_gibibytes(llama_2_7b(), 2, 16, 64);
    }

    TEST_CASE("Llama 3 8B's 8 key/value heads cache a quarter of Llama 2's: 0.5, 4 and 16 GiB",
              "[kv]")
    {
        // 2 · 8 · 128 = 2048 numbers per layer, × 32 = 65,536 per token, 131,072 bytes.
        check_float16_token(llama_3_8b(), 2048, 65536, 131072);
        check_float16_gibibytes(llama_3_8b(), 0.5, 4, 16);
    }

    TEST_CASE("Mistral 7B's window of 4096 tokens holds its cache at 0.5 GiB however long the "
              "sequence",
              "[kv]")
    {
        const auto at_32k = attn::kv_cache_memory(mistral_7b(), 32768, 2);
        CHECK(at_32k.numbers_per_token == 65536.0);
        CHECK(at_32k.cached_tokens == 4096.0);
        CHECK(attn::kv_cache_memory(mistral_7b(), 1000, 2).cached_tokens == 1000.0);
        check_float16_gibibytes(mistral_7b(), 0.5, 0.5, 0.5);
    }

    TEST_CASE("Falcon 7B's one key/value head caches 8192 bytes per token: 32 MiB at 4k tokens",
              "[kv]")
    {
        // 4544 / 71 = 64 per head; 2 · 1 · 64 = 128 numbers per layer, × 32 = 4096 per token.
        check_float16_token(falcon_7b(), 128, 4096, 8192);
        CHECK(attn::kv_cache_memory(falcon_7b(), 4096, 2).mebibytes == 32.0);
        check_float16_gibibytes(falcon_7b(), 1.0 / 32, 0.25, 1);
    }

    TEST_CASE("DeepSeek-V2 caches 512 + 64 numbers per token and layer: 270 MiB at 4k tokens",
              "[kv]")
    {
        // 576 · 60 = 34,560 numbers per token, 69,120 bytes in float16.
        check_float16_token(deepseek_v2(), 576, 34560, 69120);
        const auto t = attn::kv_cache_memory(deepseek_v2(), 4096, 2);
        CHECK(t.bytes == 283115520.0);
        CHECK(t.mebibytes == 270.0);
        check_float16_gibibytes(deepseek_v2(), 270.0 / 1024, 2160.0 / 1024, 8640.0 / 1024);
        // The paper's comparison: as much as grouped-query attention with 2.25 groups of its
        // 128-wide heads, 2 · 2.25 · 128 = 576.
        CHECK(t.numbers_per_token_layer == 2 * 2.25 * 128);
        // A latent without a rotary part caches the latent alone.
        attn::kv_cache_model latent_only = deepseek_v2();
        latent_only.rope_width.reset();
        CHECK(attn::kv_cache_memory(latent_only, 4096, 2).numbers_per_token_layer == 512.0);
    }

    TEST_CASE("bad cache shapes are refused naming the argument", "[kv][errors]")
    {
        SECTION("bytes per number must be 1, 2, 4 or 8")
        {
            CHECK_THROWS_WITH(attn::kv_cache_memory(full_width(12, 768), 1024, 3),
                              "bytesPerNumber: expected 1, 2, 4 or 8 (int8, float16, float32, "
                              "float64), got 3");
        }
        SECTION("heads must divide d_model")
        {
            attn::kv_cache_model m = full_width(32, 4096);
            m.heads = 3;
            CHECK_THROWS_WITH(attn::kv_cache_memory(m, 8, 2),
                              "heads: expected a divisor of d_model = 4096, got 3");
        }
        SECTION("kvHeads must divide heads, and 0 divides nothing")
        {
            CHECK_THROWS_WITH(attn::kv_cache_memory(grouped(32, 4096, 32, 5), 8, 2),
                              "kvHeads: expected a divisor of heads = 32, got 5");
            CHECK_THROWS_WITH(attn::kv_cache_memory(grouped(32, 4096, 32, 0), 8, 2),
                              "kvHeads: expected a divisor of heads = 32, got 0");
            CHECK_THROWS_WITH(attn::kv_cache_memory(grouped(32, 4096, 32, 64), 8, 2),
                              "kvHeads: expected a divisor of heads = 32, got 64");
            // Without heads there is one head, so one key/value head at most.
            attn::kv_cache_model m = full_width(32, 4096);
            m.kv_heads = 2;
            CHECK_THROWS_WITH(attn::kv_cache_memory(m, 8, 2),
                              "kvHeads: expected a divisor of heads = 1, got 2");
        }
        SECTION("a latent is shared by every head: neither kvHeads nor heads beside it")
        {
            attn::kv_cache_model m = deepseek_v2();
            m.kv_heads = 8;
            CHECK_THROWS_WITH(attn::kv_cache_memory(m, 8, 2),
                              "kvHeads: expected no kvHeads with latent (every head reads the "
                              "one latent vector a token caches), got 8");
            m = deepseek_v2();
            m.heads = 128;
            CHECK_THROWS_WITH(attn::kv_cache_memory(m, 8, 2),
                              "heads: expected no heads with latent (every head reads the one "
                              "latent vector a token caches), got 128");
        }
        SECTION("ropeWidth belongs to a latent")
        {
            attn::kv_cache_model m = llama_3_8b();
            m.rope_width = 64;
            CHECK_THROWS_WITH(attn::kv_cache_memory(m, 8, 2),
                              "ropeWidth: expected latent beside it (the rotary key a latent "
                              "cache keeps next to its latent vector), got 64 without latent");
        }
        SECTION("a window keeps at least one token")
        {
            attn::kv_cache_model m = mistral_7b();
            m.window = 0;
            CHECK_THROWS_WITH(attn::kv_cache_memory(m, 8, 2),
                              "window: expected a whole number from 1 to 1048576, got 0");
        }
    }
} // namespace kv_cache_memory_tests
