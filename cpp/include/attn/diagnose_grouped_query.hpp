#ifndef ATTN_DIAGNOSE_GROUPED_QUERY_HPP
#define ATTN_DIAGNOSE_GROUPED_QUERY_HPP

/**
 * @file diagnose_grouped_query.hpp
 * @brief Grades a learner's answer about grouped- and multi-query attention and names the
 * mistake it matches: which key/value head a query head reads (grouped in blocks, as Hugging
 * Face's repeat_kv, or wrongly round-robin), or the size of a model's key/value cache (counted
 * by kv_cache_memory, and again with each common slip: the query heads for the key/value heads,
 * the keys alone, one layer, one token, numbers for bytes).
 */

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace attn
{
    /// What the answer is: a query head's key/value head, or a cache in bytes or in GiB.
    enum class grouped_query_stage
    {
        kv_head,
        cache_bytes,
        cache_gibibytes
    };

    /// "kvHead", "cacheBytes" or "cacheGibibytes"; anything else is an attention_error naming
    /// `argument`.
    grouped_query_stage parse_grouped_query_stage(const std::string& argument,
                                                  const std::string& name);

    struct grouped_query_diagnose_options
    {
        grouped_query_stage stage = grouped_query_stage::kv_head;
        std::size_t heads = 1;    ///< query heads, dividing d_model
        std::size_t kv_heads = 1; ///< key/value heads, dividing heads
        std::size_t head = 0;     ///< kvHead: the query head asked about, 0 … heads − 1
        std::size_t layers = 1;   ///< the cache stages: the model's decoder layers
        std::size_t d_model = 1;  ///< model width; a head is d_model / heads wide
        std::size_t length = 1;   ///< tokens in the cache
        std::size_t bytes_per_number = 2;
        double answer = 0;        ///< finite
        double tolerance = 0.005; ///< > 0
    };

    /// What one mistake gives.
    struct grouped_query_candidate
    {
        std::string misconception; ///< its name, as grouped_query_diagnosis.misconception
        double value = 0;          ///< the answer that mistake gives
    };

    struct grouped_query_diagnosis
    {
        bool correct = false; ///< |answer − expected| ≤ tolerance
        /// ⌊head·kvHeads/heads⌋, or kv_cache_memory's bytes or gibibytes
        double expected = 0;
        /// The first mistake (in candidates' order) whose value is within tolerance of the answer
        /// and not within tolerance of expected; none when correct or when none matches.
        std::optional<std::string> misconception;
        /// Every mistake of this stage, in order of precedence: kvHead: roundRobin (head mod
        /// kvHeads), dividedByKvHeads (⌊head/kvHeads⌋); the cache: queryHeads, keysOnly,
        /// oneLayer, oneToken, numbersNotBytes.
        std::vector<grouped_query_candidate> candidates;
    };

    /**
     * @brief Grades `answer` to the stage's question about a model with `heads` query heads and
     * `kv_heads` key/value heads.
     * @param options stage, the model (heads, kv_heads, layers, d_model, bytes per number),
     * head, length, answer, tolerance
     * @throws attention_error naming the argument on any bad number (the model's checks are
     * kv_cache_memory's)
     */
    grouped_query_diagnosis diagnose_grouped_query(const grouped_query_diagnose_options& options);
} // namespace attn

#endif
