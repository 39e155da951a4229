#include <cmath>
#include <string>

#include <catch2/catch.hpp>

#include "diagnosis_candidates.hpp"

#include "attn/diagnose_grouped_query.hpp"
#include "attn/error.hpp"
#include "attn/kv_cache_memory.hpp"
#include "attn/multi_head_attention.hpp"

namespace diagnose_grouped_query_tests
{
    using Catch::Matchers::WithinAbs;
    using attn_test::candidate;
    using attn::grouped_query_stage;

    namespace
    {
        /// Llama 3 8B: 32 layers, 32 query heads, 8 key/value heads, d_model 4096, bfloat16.
        attn::grouped_query_diagnose_options llama3(grouped_query_stage stage, double answer)
        {
            attn::grouped_query_diagnose_options o;
            o.stage = stage;
            o.heads = 32;
            o.kv_heads = 8;
            o.layers = 32;
            o.d_model = 4096;
            o.length = 4096;
            o.bytes_per_number = 2;
            o.answer = answer;
            return o;
        }

    } // namespace

    TEST_CASE("diagnoseGroupedQuery's key/value head is multi-head attention's, in blocks",
              "[diagnose][grouped-query]")
    {
        auto o = llama3(grouped_query_stage::kv_head, 0);
        for (std::size_t h = 0; h < o.heads; ++h)
        {
            o.head = h;
            const auto d = attn::diagnose_grouped_query(o);
            CHECK(d.expected == double(attn::detail::kv_head_of(h, o.heads, o.kv_heads)));
            CHECK(d.expected == double(h / 4));
        }
    }

    TEST_CASE("round-robin grouping and dividing by kvHeads are each named by the head they give",
              "[diagnose][grouped-query]")
    {
        auto o = llama3(grouped_query_stage::kv_head, 5);
        o.head = 13;
        auto d = attn::diagnose_grouped_query(o);
        CHECK(d.expected == 3);
        CHECK_FALSE(d.correct);
        CHECK(candidate(d, "roundRobin") == 5);
        CHECK(d.misconception == std::optional<std::string>("roundRobin"));
        o.answer = 1;
        d = attn::diagnose_grouped_query(o);
        CHECK(candidate(d, "dividedByKvHeads") == 1);
        CHECK(d.misconception == std::optional<std::string>("dividedByKvHeads"));
        o.answer = 3;
        d = attn::diagnose_grouped_query(o);
        CHECK(d.correct);
        CHECK_FALSE(d.misconception);
        CHECK(d.candidates.size() == 2);
    }

    TEST_CASE("the cache's expected size is kvCacheMemory's, in bytes and in GiB",
              "[diagnose][grouped-query]")
    {
        attn::kv_cache_model model;
        model.layers = 32;
        model.d_model = 4096;
        model.heads = 32;
        model.kv_heads = 8;
        const auto memory = attn::kv_cache_memory(model, 4096, 2);
        CHECK(attn::diagnose_grouped_query(llama3(grouped_query_stage::cache_bytes, 0)).expected ==
              memory.bytes);
        CHECK(attn::diagnose_grouped_query(llama3(grouped_query_stage::cache_gibibytes, 0))
                  .expected == memory.gibibytes);
        CHECK(memory.bytes == 536870912.0);
    }

    TEST_CASE("query heads, keys only, one layer, one token and numbers for bytes are each named "
              "by the cache they give",
              "[diagnose][grouped-query]")
    {
        // float32, so that the keys alone (half) and the numbers (a quarter) differ.
        auto o = llama3(grouped_query_stage::cache_gibibytes, 0);
        o.length = 32768;
        o.bytes_per_number = 4;
        const auto probe = attn::diagnose_grouped_query(o);
        CHECK(probe.expected == 8);
        REQUIRE(probe.candidates.size() == 5);
        const std::pair<const char*, double> slips[] = {{"queryHeads", 32},
                                                         {"keysOnly", 4},
                                                         {"oneLayer", 0.25},
                                                         {"oneToken", 262144.0 / (1 << 30)},
                                                         {"numbersNotBytes", 2}};
        for (const auto& [name, gib] : slips)
        {
            CHECK_THAT(candidate(probe, name), WithinAbs(gib, 1e-15));
            o.answer = gib;
            o.tolerance = 1e-6;
            const auto d = attn::diagnose_grouped_query(o);
            CHECK_FALSE(d.correct);
            CHECK(d.misconception == std::optional<std::string>(name));
        }
    }

    TEST_CASE("a mistake that gives the right number is no diagnosis, and an unknown answer names "
              "none",
              "[diagnose][grouped-query]")
    {
        // Multi-head attention: kvHeads = heads, so the query heads size the cache correctly.
        auto o = llama3(grouped_query_stage::cache_bytes, 2147483648.0);
        o.kv_heads = 32;
        auto d = attn::diagnose_grouped_query(o);
        CHECK(d.correct);
        CHECK_FALSE(d.misconception);
        o.answer = 12345;
        d = attn::diagnose_grouped_query(o);
        CHECK_FALSE(d.correct);
        CHECK_FALSE(d.misconception);
        // bfloat16: the keys alone and the numbers are both half; the first in order is named.
        o = llama3(grouped_query_stage::cache_bytes, 268435456.0);
        d = attn::diagnose_grouped_query(o);
        CHECK(candidate(d, "numbersNotBytes") == 268435456.0);
        CHECK(d.misconception == std::optional<std::string>("keysOnly"));
    }

    TEST_CASE("diagnoseGroupedQuery refuses bad arguments, naming each", "[diagnose][grouped-query]")
    {
        auto o = llama3(grouped_query_stage::kv_head, 0);
        o.kv_heads = 3;
        REQUIRE_THROWS_WITH(attn::diagnose_grouped_query(o),
                            "kvHeads: expected a divisor of heads = 32, got 3");
        o = llama3(grouped_query_stage::kv_head, 0);
        o.head = 32;
        REQUIRE_THROWS_WITH(attn::diagnose_grouped_query(o),
                            "head: expected a whole number from 0 to 31, got 32");
        o = llama3(grouped_query_stage::kv_head, 0);
        o.d_model = 4100;
        REQUIRE_THROWS_WITH(attn::diagnose_grouped_query(o),
                            "heads: expected a divisor of d_model = 4100, got 32");
        o = llama3(grouped_query_stage::cache_bytes, 0);
        o.bytes_per_number = 3;
        REQUIRE_THROWS_WITH(attn::diagnose_grouped_query(o),
                            "bytesPerNumber: expected 1, 2, 4 or 8 (int8, float16, float32, "
                            "float64), got 3");
        o = llama3(grouped_query_stage::cache_bytes, INFINITY);
        REQUIRE_THROWS_WITH(attn::diagnose_grouped_query(o),
                            "answer: expected a finite number, got Infinity");
        o = llama3(grouped_query_stage::cache_bytes, 0);
        o.tolerance = -1;
        REQUIRE_THROWS_WITH(attn::diagnose_grouped_query(o),
                            "tolerance: expected a finite number above 0, got -1");
        REQUIRE_THROWS_WITH(attn::parse_grouped_query_stage("stage", "bytes"),
                            "stage: expected 'kvHead', 'cacheBytes' or 'cacheGibibytes', got "
                            "'bytes'");
    }
} // namespace diagnose_grouped_query_tests
