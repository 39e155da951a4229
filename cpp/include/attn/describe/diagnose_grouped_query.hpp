#ifndef ATTN_DESCRIBE_DIAGNOSE_GROUPED_QUERY_HPP
#define ATTN_DESCRIBE_DIAGNOSE_GROUPED_QUERY_HPP

#include "attn/describe/kv_cache.hpp"
#include "attn/diagnose_grouped_query.hpp"

namespace attn::describe
{
    constexpr choice_set grouped_query_misconceptions{
        "groupedQueryMisconception",
        "roundRobin|dividedByKvHeads|queryHeads|keysOnly|oneLayer|oneToken|numbersNotBytes",
        "the mistakes diagnoseGroupedQuery recognises, in its order of precedence"};

    constexpr choice_set grouped_query_stages{
        "groupedQueryStage", "kvHead|cacheBytes|cacheGibibytes",
        "the key/value head a query head reads, or the cache in bytes or in GiB"};

    template <> struct fields_of<grouped_query_candidate>
    {
        static constexpr const char* type_name = "GroupedQueryCandidate";
        template <class V> static void visit(const grouped_query_candidate& c, V& v)
        {
            v.field("misconception", c.misconception, "the mistake", grouped_query_misconceptions);
            v.field("value", c.value, "the answer that mistake gives");
        }
    };

    template <> struct fields_of<grouped_query_diagnosis>
    {
        static constexpr const char* type_name = "GroupedQueryDiagnosis";
        template <class V> static void visit(const grouped_query_diagnosis& d, V& v)
        {
            v.field("correct", d.correct, "|answer − expected| ≤ tolerance");
            v.field("expected", d.expected,
                    "⌊head·kvHeads/heads⌋, or kvCacheMemory's bytes or gibibytes");
            v.field("misconception", d.misconception,
                    "the mistake the answer matches (first in candidates' order), or null",
                    grouped_query_misconceptions);
            v.field("candidates", d.candidates,
                    "each mistake of the stage, with the answer it gives");
        }
    };

    struct diagnose_grouped_query_operation
    {
        using memory = kv_cache_memory_operation;
        static constexpr const char* name = "diagnoseGroupedQuery";
        static constexpr const char* title = "Grading an answer about grouped-query attention";
        static constexpr argument stage = choice_argument(
            "stage", grouped_query_stages, false,
            "the question: 'kvHead' (which key/value head query head `head` reads), "
            "'cacheBytes' or 'cacheGibibytes' (the model's cache at `length` tokens)");
        static constexpr argument heads = integer_argument(
            "heads", 1, memory::widest, "query heads, dividing dModel");
        static constexpr argument kv_heads =
            integer_argument("kvHeads", 1, memory::widest, "key/value heads, dividing heads");
        static constexpr argument head = optional_integer(
            "head", 0, memory::widest, "kvHead: the query head asked about, 0 … heads−1", 0, "0");
        static constexpr argument layers = memory::layers;
        static constexpr argument d_model = memory::d_model;
        static constexpr argument length = memory::length;
        static constexpr argument bytes_per_number = memory::bytes_per_number;
        static constexpr argument answer = number_argument("answer", "the learner's number");
        static constexpr argument tolerance =
            optional_number("tolerance", "how close counts, > 0", 0.005, "0.005");
        static constexpr argument arguments[] = {stage,  heads,  kv_heads,         head,
                                                 layers, d_model, length, bytes_per_number,
                                                 answer, tolerance};

        template <class In> static grouped_query_diagnosis run(In& in)
        {
            grouped_query_diagnose_options o;
            o.stage = parse_grouped_query_stage(stage.name, in.choice(stage));
            o.heads = in.integer(heads);
            o.kv_heads = in.integer(kv_heads);
            o.head = in.integer(head);
            o.layers = in.integer(layers);
            o.d_model = in.integer(d_model);
            o.length = in.integer(length);
            o.bytes_per_number = in.integer(bytes_per_number);
            o.answer = in.number(answer);
            o.tolerance = in.number(tolerance);
            return diagnose_grouped_query(o);
        }
    };
} // namespace attn::describe

#endif
