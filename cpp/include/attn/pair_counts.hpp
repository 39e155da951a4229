#ifndef ATTN_PAIR_COUNTS_HPP
#define ATTN_PAIR_COUNTS_HPP

/**
 * @file pair_counts.hpp
 * @brief The adjacent pairs of a token sequence, counted as byte-pair encoding counts them
 * before each merge (Gage 1994; Sennrich, Haddow & Birch 2016): every adjacent pair, overlapping
 * ones included ("aaa" holds (a, a) twice), ranked as training picks from them, most frequent
 * first and, of equal counts, the earliest first occurrence first.
 */

#include <cstddef>
#include <vector>

#include "attn/matrix.hpp"

namespace attn
{
    /// The longest sequence counted: a training's text at most (byte_pair_encoding.hpp).
    constexpr std::size_t max_counted_tokens = 16384;

    struct pair_count
    {
        std::vector<std::size_t> pair;   ///< [left, right]
        std::size_t count = 0;           ///< adjacent occurrences, overlapping ones counted
        std::size_t first = 0;           ///< the position of its first occurrence
        std::size_t without_overlap = 0; ///< occurrences left to right without overlap
    };

    struct pair_counts_trace
    {
        /// pass 1: every distinct adjacent pair, counted; pass 2: ranked by count, then by
        /// first occurrence, so pairs[0] is the pair a training merges next.
        std::vector<pair_count> pairs;
    };

    /**
     * @brief Counts and ranks the adjacent pairs of `tokens`.
     * @param argument the argument's name, for the messages
     * @param tokens (n) 1 … max_counted_tokens whole numbers from 0 to 1279 (bytes and merges)
     * @return the pairs, n − 1 occurrences among them
     */
    pair_counts_trace count_pairs(const std::string& argument, const vector& tokens);

    /// The same, on a sequence known to be well-formed.
    pair_counts_trace count_pairs(const std::vector<std::size_t>& tokens);
} // namespace attn

#endif
