#ifndef ATTN_BYTE_PAIR_ENCODING_HPP
#define ATTN_BYTE_PAIR_ENCODING_HPP

/**
 * @file byte_pair_encoding.hpp
 * @brief Byte-level byte-pair encoding (Sennrich, Haddow & Birch 2016, applied to bytes as GPT-2
 * does: Radford et al. 2019). Tokens 0 … 255 are the bytes of the text's UTF-8; the k-th merge
 * makes token 256 + k from a pair of older tokens. Training picks each merge from a text;
 * tokenizing applies a list of merges to a text as GPT-2's encoder does.
 */

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "attn/error.hpp"
#include "attn/matrix.hpp"

namespace attn
{
    /// The tokens 0 … 255, one per byte value.
    constexpr std::size_t byte_tokens = 256;
    /// The most merges a training makes or a tokenizing applies (tokens up to 1279).
    constexpr std::size_t max_merges = 1024;
    /// The longest text a training reads: every merge scans it once.
    constexpr std::size_t max_training_text_bytes = 16384;
    /// The longest text a tokenizing reads: its trace holds the sequence after every merge
    /// applied, at most max_merges × this = max_trace_numbers numbers.
    constexpr std::size_t max_tokenized_text_bytes = max_trace_numbers / max_merges;

    /// Two adjacent tokens, left then right.
    using token_pair = std::array<std::size_t, 2>;

    struct bpe_merge
    {
        std::vector<std::size_t> pair;   ///< the pair merged, [left, right]
        std::size_t count = 0;           ///< its adjacent occurrences, overlapping ones counted
        std::size_t token = 0;           ///< the new token, 256 + its index
        std::size_t replaced = 0;        ///< occurrences replaced, left to right without overlap
        std::size_t length = 0;          ///< the sequence's length after the merge
        std::vector<std::size_t> bytes;  ///< the bytes the new token stands for
        std::optional<std::string> text; ///< what they spell, when they are whole characters
    };

    struct bpe_training_trace
    {
        std::vector<std::size_t> bytes;  ///< pass 1: the text's UTF-8 bytes, the first tokens
        std::vector<bpe_merge> merges;   ///< pass 2: each merge in order
        std::vector<std::size_t> tokens; ///< pass 3: the text's tokens after the last merge
        bool stopped_early = false; ///< pass 2 stopped before `merges` when no pair occurred twice
        std::size_t vocabulary_size = 0; ///< 256 + the merges made
    };

    /**
     * @brief Trains byte-level BPE on a text. Each merge counts every adjacent pair of the
     * current sequence (overlapping pairs counted: "aaa" holds (a, a) twice), takes the most
     * frequent, ties going to the pair whose first occurrence is earliest in the sequence,
     * gives it the next token and replaces its occurrences left to right without overlap.
     * Stops early when no pair occurs twice.
     * @param text 1 … max_training_text_bytes bytes of well-formed UTF-8
     * @param merges 0 … max_merges merges to make
     */
    bpe_training_trace train_byte_pair_encoding(const std::string& text, std::size_t merges);

    struct bpe_step
    {
        std::size_t merge = 0;           ///< the index of the merge applied
        std::vector<std::size_t> pair;   ///< its pair, [left, right]
        std::size_t token = 0;           ///< its token, 256 + merge
        std::size_t replaced = 0;        ///< occurrences replaced, left to right without overlap
        std::vector<std::size_t> tokens; ///< the sequence after it
    };

    struct bpe_piece
    {
        std::size_t token = 0;
        std::vector<std::size_t> bytes;  ///< the bytes it stands for
        std::optional<std::string> text; ///< what they spell, when they are whole characters
    };

    struct bpe_tokenize_trace
    {
        std::vector<std::size_t> bytes;  ///< pass 1: the text's UTF-8 bytes
        std::vector<bpe_step> steps;     ///< pass 2: each merge as applied, lowest index first
        std::vector<std::size_t> tokens; ///< the tokens after the last step
        std::vector<bpe_piece> pieces;   ///< pass 3: each token's bytes
    };

    /**
     * @brief The merges of a training as the rows of a matrix: whole numbers, row k a pair of
     * tokens made before merge k (below 256 + k).
     * @param argument the argument's name, for the messages
     * @param merges (k × 2) k ≤ max_merges
     */
    std::vector<token_pair> read_merges(const std::string& argument, const matrix& merges);

    /**
     * @brief Tokenizes a text as GPT-2's encoder does: from its bytes, repeatedly apply the
     * merge of lowest index among the pairs the sequence holds (all its occurrences, left to
     * right without overlap) until none applies.
     * @param text 1 … max_tokenized_text_bytes bytes of well-formed UTF-8
     * @param merges ≤ max_merges pairs, merge k of tokens below 256 + k making token 256 + k,
     * no pair twice
     */
    bpe_tokenize_trace tokenize_byte_pairs(const std::string& text,
                                           const std::vector<token_pair>& merges);

    /**
     * @brief The bytes a sequence of tokens stands for: each token's (a merge's are its pair's,
     * joined), one after another.
     * @param argument the tokens' name, for the messages
     * @param tokens ids below 256 + merges
     * @throws attention_error naming argument[i]
     */
    std::vector<std::size_t> byte_pair_bytes(const std::string& argument,
                                             const std::vector<std::size_t>& tokens,
                                             const std::vector<token_pair>& merges);
} // namespace attn

#endif
