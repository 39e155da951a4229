#include "attn/diagnose_grouped_query.hpp"

#include <cmath>
#include <utility>

#include "attn/error.hpp"
#include "attn/kv_cache_memory.hpp"
#include "name_misconception.hpp"

namespace attn
{
    grouped_query_stage parse_grouped_query_stage(const std::string& argument,
                                                  const std::string& name)
    {
        const std::pair<const char*, grouped_query_stage> choices[] = {
            {"kvHead", grouped_query_stage::kv_head},
            {"cacheBytes", grouped_query_stage::cache_bytes},
            {"cacheGibibytes", grouped_query_stage::cache_gibibytes}};
        return detail::parse_choice(argument, name, choices);
    }

    namespace
    {
        kv_cache_model grouped_model(const grouped_query_diagnose_options& o, std::size_t kv_heads,
                                     std::size_t layers)
        {
            kv_cache_model model;
            model.layers = layers;
            model.d_model = o.d_model;
            model.heads = o.heads;
            model.kv_heads = kv_heads;
            return model;
        }

        /// The cache's bytes, or its GiB, as the stage asks.
        double in_unit(grouped_query_stage stage, double bytes)
        {
            return stage == grouped_query_stage::cache_gibibytes ? bytes / (1024.0 * 1024 * 1024)
                                                                 : bytes;
        }
    } // namespace

    grouped_query_diagnosis diagnose_grouped_query(const grouped_query_diagnose_options& o)
    {
        // pass 1: the model as kv_cache_memory counts it; its checks name heads, kvHeads,
        // dModel, layers, length and bytesPerNumber.
        const kv_cache_memory_trace cache =
            kv_cache_memory(grouped_model(o, o.kv_heads, o.layers), o.length, o.bytes_per_number);
        detail::check_integer("head", static_cast<double>(o.head), 0,
                              static_cast<double>(o.heads - 1));
        if (!std::isfinite(o.answer))
        {
            detail::fail("answer", "a finite number", detail::format_number(o.answer));
        }
        if (!(o.tolerance > 0) || !std::isfinite(o.tolerance))
        {
            detail::fail("tolerance", "a finite number above 0",
                         detail::format_number(o.tolerance));
        }

        grouped_query_diagnosis g;
        std::vector<detail::mistake_value> mistakes;
        if (o.stage == grouped_query_stage::kv_head)
        {
            // pass 2: heads in blocks of heads/kvHeads, as repeat_kv lays them out.
            g.expected = static_cast<double>(o.head * o.kv_heads / o.heads);
            mistakes = {{"roundRobin", static_cast<double>(o.head % o.kv_heads)},
                        {"dividedByKvHeads", static_cast<double>(o.head / o.kv_heads)}};
        }
        else
        {
            // pass 2: the cache, then the same count with one slip each.
            const auto unit = [&](double bytes) { return in_unit(o.stage, bytes); };
            g.expected = unit(cache.bytes);
            const double with_query_heads =
                kv_cache_memory(grouped_model(o, o.heads, o.layers), o.length, o.bytes_per_number)
                    .bytes;
            const double one_layer =
                kv_cache_memory(grouped_model(o, o.kv_heads, 1), o.length, o.bytes_per_number)
                    .bytes;
            mistakes = {{"queryHeads", unit(with_query_heads)},
                        {"keysOnly", unit(cache.bytes / 2)},
                        {"oneLayer", unit(one_layer)},
                        {"oneToken", unit(cache.bytes_per_token)},
                        {"numbersNotBytes", unit(cache.numbers)}};
        }
        return detail::name_misconception(g, o.answer, o.tolerance, mistakes);
    }
} // namespace attn
