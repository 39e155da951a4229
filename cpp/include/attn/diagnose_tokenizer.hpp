#ifndef ATTN_DIAGNOSE_TOKENIZER_HPP
#define ATTN_DIAGNOSE_TOKENIZER_HPP

/**
 * @file diagnose_tokenizer.hpp
 * @brief Grades a learner's answer about byte-level BPE (trainTokenizer, tokenize) and names the
 * mistake it matches: the engine works the question out again with each common mistake (counting
 * characters instead of UTF-8 bytes, counting pairs without their overlaps, breaking a tie the
 * wrong way, merging only a pair's first occurrence, tokenizing by the longest match instead of
 * in merge order) and compares the answer with what each gives.
 */

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace attn
{
    /// What the learner is asked, about a training on the text and, for `tokens`, a new text.
    enum class tokenizer_question
    {
        bytes,  ///< the text's length in bytes: the tokens before any merge
        count,  ///< merge k's pair: how often it occurs in the sequence before merge k
        first,  ///< merge k's pair: where it first occurs in the sequence before merge k
        length, ///< the sequence's length after merge k
        tokens  ///< the new text's tokens with the training's merges
    };

    /// "bytes", "count", "first", "length" or "tokens"; anything else names `argument`.
    tokenizer_question parse_tokenizer_question(const std::string& argument,
                                                const std::string& name);

    struct tokenizer_diagnose_options
    {
        std::size_t merges = 0; ///< merges the training makes (fewer if it stops early)
        tokenizer_question question = tokenizer_question::bytes;
        std::optional<std::size_t> merge;   ///< k, for count, first and length
        std::optional<std::string> new_text; ///< for tokens
        std::size_t answer = 0;              ///< the learner's whole number
    };

    /// What one mistake gives as the answer.
    struct tokenizer_misconception_candidate
    {
        std::string misconception; ///< its name, as tokenizer_diagnosis.misconception
        double value = 0;          ///< the answer worked out with it
    };

    struct tokenizer_diagnosis
    {
        bool correct = false; ///< answer == expected
        double expected = 0;  ///< the answer as trainTokenizer and tokenize give it
        /// The first mistake (in candidates' order) giving the answer and not the expected
        /// number; none when correct or when none matches.
        std::optional<std::string> misconception;
        /// Every mistake that can change this question's answer, in order of precedence:
        /// characters, wrongTie (one per other pair tied at the top count), noOverlap,
        /// firstOccurrenceOnly, longestMatch.
        std::vector<tokenizer_misconception_candidate> candidates;
    };

    /**
     * @brief Grades `answer` to `question` about byte-level BPE trained on `text`.
     * @param text 1 … 16384 bytes of well-formed UTF-8
     * @param options merges, question, merge (below the merges made), new_text, answer
     * @throws attention_error naming the argument on a bad text, question, merge or answer
     */
    tokenizer_diagnosis diagnose_tokenizer(const std::string& text,
                                           const tokenizer_diagnose_options& options);
} // namespace attn

#endif
