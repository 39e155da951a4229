#ifndef ATTN_UTF8_HPP
#define ATTN_UTF8_HPP

/**
 * @file utf8.hpp
 * @brief A learner's text as the tokenizers read it: its UTF-8 bytes, checked once, and its
 * characters (Unicode code points) decoded from them; and what a run of bytes spells, when it
 * spells whole characters.
 */

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace attn
{
    /**
     * @brief Checks `text` is 1 … max_bytes bytes of well-formed UTF-8 (RFC 3629: no overlong
     * form, no surrogate, nothing past U+10FFFF) and returns its code points.
     * @param argument the argument's name, for the messages
     * @param text the bytes, as a JS string arrives through Embind (UTF-8)
     * @param max_bytes the operation's cap on the text's length, in bytes
     * @return one code point per character, in order
     */
    std::vector<char32_t> decode_utf8(const std::string& argument, const std::string& text,
                                      std::size_t max_bytes);

    /// The characters `bytes` spell when they are whole, well-formed UTF-8; nullopt for a
    /// token that holds part of a character (the lessons then show its bytes).
    std::optional<std::string> whole_characters(const std::vector<std::size_t>& bytes);

    /// The text `bytes` spell, each byte that starts no whole character replaced by U+FFFD
    /// (as a TextDecoder does): a model's bytes as a learner reads them, even cut mid-character.
    std::string spell_bytes(const std::vector<std::size_t>& bytes);

    /// One code point as UTF-8.
    std::string encode_utf8(char32_t code_point);
} // namespace attn

#endif
