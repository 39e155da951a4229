#ifndef ATTN_DESCRIBE_PAIR_COUNTS_HPP
#define ATTN_DESCRIBE_PAIR_COUNTS_HPP

#include "attn/describe/argument.hpp"
#include "attn/describe/fields.hpp"
#include "attn/pair_counts.hpp"

namespace attn::describe
{
    template <> struct fields_of<pair_count>
    {
        static constexpr const char* type_name = "PairCount";
        template <class V> static void visit(const pair_count& p, V& v)
        {
            v.field("pair", p.pair, "[left, right]");
            v.field("count", p.count, "its adjacent occurrences, overlapping ones counted");
            v.field("first", p.first, "the position of its first occurrence");
            v.field("withoutOverlap", p.without_overlap,
                    "its occurrences left to right without overlap, as a merge replaces them");
        }
    };

    template <> struct fields_of<pair_counts_trace>
    {
        static constexpr const char* type_name = "CountPairsTrace";
        template <class V> static void visit(const pair_counts_trace& t, V& v)
        {
            v.field("pairs", t.pairs,
                    "every adjacent pair, most frequent first, then by first occurrence: "
                    "pairs[0] is what a training merges next");
        }
    };

    struct count_pairs_operation
    {
        static constexpr const char* name = "countPairs";
        static constexpr const char* title = "Adjacent pairs, counted as BPE counts them";
        static constexpr argument tokens = indices_argument(
            "tokens", "n",
            "1 … 16384 tokens, whole numbers from 0 to 1279 (bytes, then merges)");
        static constexpr argument arguments[] = {tokens};

        template <class In> static pair_counts_trace run(In& in)
        {
            return count_pairs(tokens.name, in.vector(tokens));
        }
    };
} // namespace attn::describe

#endif
