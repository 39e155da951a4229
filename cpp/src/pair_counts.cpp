#include "attn/pair_counts.hpp"

#include <algorithm>
#include <string>
#include <unordered_map>

#include "attn/byte_pair_encoding.hpp"
#include "attn/error.hpp"

namespace attn
{
    pair_counts_trace count_pairs(const std::string& argument, const vector& tokens)
    {
        if (tokens.size() == 0 || tokens.size() > max_counted_tokens)
        {
            detail::fail(argument,
                         "1 to " + std::to_string(max_counted_tokens) + " tokens",
                         std::to_string(tokens.size()));
        }
        std::vector<std::size_t> sequence(tokens.size());
        for (std::size_t i = 0; i < sequence.size(); ++i)
        {
            sequence[i] = detail::check_integer(argument + "[" + std::to_string(i) + "]",
                                                tokens(i), 0,
                                                static_cast<double>(byte_tokens + max_merges - 1));
        }
        return count_pairs(sequence);
    }

    pair_counts_trace count_pairs(const std::vector<std::size_t>& tokens)
    {
        // Shape contract: tokens (n) → pairs (≤ n − 1 distinct), their counts summing to n − 1.
        pair_counts_trace t;
        std::unordered_map<std::size_t, std::size_t> index;
        // Where each pair's last replacement (left to right, without overlap) ended.
        std::vector<std::size_t> free_from;
        // pass 1: one scan; a pair at i overlaps its previous replacement when that ended after i.
        for (std::size_t i = 0; i + 1 < tokens.size(); ++i)
        {
            const std::size_t key = tokens[i] * (byte_tokens + max_merges) + tokens[i + 1];
            const auto [at, fresh] = index.emplace(key, t.pairs.size());
            if (fresh)
            {
                t.pairs.push_back({{tokens[i], tokens[i + 1]}, 0, i, 0});
                free_from.push_back(0);
            }
            pair_count& p = t.pairs[at->second];
            ++p.count;
            if (i >= free_from[at->second])
            {
                ++p.without_overlap;
                free_from[at->second] = i + 2;
            }
        }
        // pass 2: the ranking a training picks its merge from (first occurrences are distinct).
        std::sort(t.pairs.begin(), t.pairs.end(), [](const pair_count& a, const pair_count& b) {
            return a.count != b.count ? a.count > b.count : a.first < b.first;
        });
        return t;
    }
} // namespace attn
