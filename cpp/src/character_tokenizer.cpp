#include "attn/character_tokenizer.hpp"

#include <algorithm>
#include <map>

#include "attn/error.hpp"
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

    namespace
    {
        /// Each entry's code point, the entries already checked to be one character each.
        std::map<char32_t, std::size_t> ids_by_code_point(const std::vector<std::string>& vocabulary)
        {
            std::map<char32_t, std::size_t> id_of;
            for (std::size_t i = 0; i < vocabulary.size(); ++i)
            {
                id_of.emplace(decode_utf8("vocabulary", vocabulary[i], 4).front(), i);
            }
            return id_of;
        }
    } // namespace

    std::vector<std::size_t> character_ids(const std::string& argument, const std::string& text,
                                           const std::vector<std::string>& vocabulary)
    {
        // Shape contract: text (n bytes) → ids (c ≤ n characters), each < vocabulary.size().
        const std::map<char32_t, std::size_t> id_of = ids_by_code_point(vocabulary);
        std::vector<std::size_t> ids;
        for (const char32_t c : decode_utf8(argument, text, max_character_text_bytes))
        {
            const auto found = id_of.find(c);
            if (found == id_of.end())
            {
                detail::fail(argument,
                             "characters of the model's vocabulary (" +
                                 std::to_string(vocabulary.size()) + " characters)",
                             detail::quote(encode_utf8(c)) + " at character " +
                                 std::to_string(ids.size()));
            }
            ids.push_back(found->second);
        }
        return ids;
    }

    void check_character_vocabulary(const std::string& argument,
                                    const std::vector<std::string>& vocabulary, std::size_t size)
    {
        if (vocabulary.size() != size)
        {
            detail::fail_count(argument, std::to_string(size) + " characters (one per token)",
                               vocabulary.size());
        }
        std::map<char32_t, std::size_t> seen;
        for (std::size_t i = 0; i < vocabulary.size(); ++i)
        {
            const std::string name = argument + "[" + std::to_string(i) + "]";
            const std::string& entry = vocabulary[i];
            // At most 4 bytes: one character of UTF-8 (decode_utf8 refuses the empty string).
            const std::vector<char32_t> codes =
                entry.size() <= 4 ? decode_utf8(name, entry, 4) : std::vector<char32_t>(2);
            if (codes.size() != 1)
            {
                detail::fail(name, "a single character", detail::quote(entry));
            }
            const auto [at, inserted] = seen.emplace(codes.front(), i);
            if (!inserted)
            {
                detail::fail(name, "a character not already in the vocabulary",
                             detail::quote(entry) + ", entry " + std::to_string(at->second) +
                                 " too");
            }
        }
    }
} // namespace attn
