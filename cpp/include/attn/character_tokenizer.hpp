#ifndef ATTN_CHARACTER_TOKENIZER_HPP
#define ATTN_CHARACTER_TOKENIZER_HPP

/**
 * @file character_tokenizer.hpp
 * @brief The simplest tokenizer: one token per character (Unicode code point, not byte), the
 * vocabulary being the text's distinct characters in code-point order, as character-level
 * language models build it (sorted(set(text)) in Karpathy's char-rnn and nanoGPT).
 */

#include <cstddef>
#include <string>
#include <vector>

namespace attn
{
    /// The longest text the character tokenizer reads, in bytes of UTF-8.
    constexpr std::size_t max_character_text_bytes = 16384;

    struct character_tokenizer_trace
    {
        std::vector<std::string> characters;  ///< pass 1: the text's characters, in order
        std::vector<std::string> vocabulary;  ///< pass 2: the distinct ones, by code point
        std::vector<std::size_t> code_points; ///< pass 2: each vocabulary entry's code point
        std::vector<std::size_t> ids;         ///< pass 3: each character's index in the vocabulary
    };

    /**
     * @brief Splits a text into characters and numbers them by a vocabulary of its distinct
     * characters, ordered by code point.
     * @param text 1 … max_character_text_bytes bytes of well-formed UTF-8
     */
    character_tokenizer_trace character_tokenizer(const std::string& text);

    /**
     * @brief A text's characters as ids of a fixed vocabulary: a trained model's, where
     * character_tokenizer would number the text's own.
     * @param argument the text's name, for the messages
     * @param text 1 … max_character_text_bytes bytes of well-formed UTF-8
     * @param vocabulary distinct single characters (check_character_vocabulary)
     * @throws attention_error naming `argument` and the first character not in `vocabulary`
     */
    std::vector<std::size_t> character_ids(const std::string& argument, const std::string& text,
                                           const std::vector<std::string>& vocabulary);

    /// Checks `vocabulary` holds `size` entries, each one character (one code point of
    /// well-formed UTF-8) and no two the same: "vocabulary[3]: expected …".
    void check_character_vocabulary(const std::string& argument,
                                    const std::vector<std::string>& vocabulary, std::size_t size);

    namespace detail
    {
        /// character_tokenizer with another cap than max_character_text_bytes: the native
        /// training tool reads a whole corpus of megabytes.
        character_tokenizer_trace character_tokenizer_up_to(const std::string& text,
                                                            std::size_t max_bytes);
    } // namespace detail
} // namespace attn

#endif
