#include "attn/character_tokenizer.hpp"

#include <algorithm>
#include <map>

#include "attn/utf8.hpp"

namespace attn
{
    character_tokenizer_trace character_tokenizer(const std::string& text)
    {
        return detail::character_tokenizer_up_to(text, max_character_text_bytes);
    }

    character_tokenizer_trace detail::character_tokenizer_up_to(const std::string& text,
                                                                std::size_t max_bytes)
    {
        // Shape contract: text (n bytes, n ≤ max_bytes) → characters and ids (c ≤ n
        // characters), vocabulary and code points (v ≤ c).
        character_tokenizer_trace t;
        // pass 1: the characters, decoded from the checked UTF-8.
        const std::vector<char32_t> codes = decode_utf8("text", text, max_bytes);
        std::map<char32_t, std::size_t> id_of;
        for (const char32_t c : codes)
        {
            t.characters.push_back(encode_utf8(c));
            id_of.emplace(c, 0);
        }
        // pass 2: the distinct characters; a std::map holds them by code point.
        for (auto& [code, id] : id_of)
        {
            id = t.vocabulary.size();
            t.vocabulary.push_back(encode_utf8(code));
            t.code_points.push_back(code);
        }
        // pass 3: each character's id.
        for (const char32_t c : codes)
        {
            t.ids.push_back(id_of.at(c));
        }
        return t;
    }
} // namespace attn
